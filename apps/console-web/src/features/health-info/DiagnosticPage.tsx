import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { sockets } from '@stowage/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLiveStream } from '../../api/useLiveStream.js';
import { PageHeader } from '../../components/PageHeader.js';
import { showSnackbar } from '../../components/snackbar.js';
import { tokens } from '../../theme/tokens.js';
import { saveFile } from '../../utils/saveFile.js';
import { diagnosticState, gzipReport, REPORT_FILE_NAME } from './diagnosticReport.js';

/** Spec 002 §7.2 and §9: the server may take up to an hour. */
const DIAGNOSTIC_DEADLINE = '1h';

/** Spec 002 §2.13 (/health-info): Start Diagnostic, a spinner while it runs, then Download. */
export function DiagnosticPage() {
  const { t } = useTranslation();
  const stream = useLiveStream(sockets.healthInfo, { reconnect: false, maxRows: 1 });
  const state = diagnosticState(stream.status, stream.end);
  const report = stream.rows.at(-1);

  const download = async () => {
    try {
      saveFile(REPORT_FILE_NAME, await gzipReport(report), 'application/gzip');
    } catch (err) {
      showSnackbar(t('diagnostic.failed'), 'error', err instanceof Error ? err.message : undefined);
    }
  };

  return (
    <>
      <PageHeader title={t('pages.diagnostic')} />
      <Paper withBorder p="lg">
        <Stack align="center" gap="md">
          {state === 'idle' && <Text c="dimmed">{t('diagnostic.intro')}</Text>}
          {state === 'inProgress' && (
            <>
              <Text fw={600} role="status">
                {t('diagnostic.started')}
              </Text>
              <Loader aria-label={t('diagnostic.inProgress')} />
            </>
          )}
          {state === 'success' && (
            <Text fw={600} role="status">
              {t('diagnostic.ready')}
            </Text>
          )}
          {state === 'error' && (
            <Alert color={tokens.intent.danger} variant="light" role="alert">
              {t('diagnostic.failed')}
              {stream.message ? ` ${stream.message}` : ''}
            </Alert>
          )}
          <Group>
            <Button
              onClick={() => stream.start({ query: { deadline: DIAGNOSTIC_DEADLINE } })}
              disabled={state === 'inProgress'}
            >
              {t('diagnostic.start')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={state !== 'success' || report === undefined}
              onClick={() => void download()}
            >
              {t('diagnostic.download')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
