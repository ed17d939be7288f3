import { Badge, Button, Code, Group, Highlight, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { type LogFrame, sockets } from '@stowage/contract';
import { IconListDetails } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStream } from '../../api/useLiveStream.js';
import { DataTable } from '../../components/DataTable.js';
import { LiveStreamStatus } from '../../components/LiveStreamStatus.js';
import { SearchBox } from '../../components/SearchBox.js';
import { useNewestFirst } from '../../components/useNewestFirst.js';
import { tokens } from '../../theme/tokens.js';
import { formatDateTime } from '../../utils/format.js';
import { levelColour, logMessage, matchesHighlight } from './logEntry.js';

/**
 * Spec 002 §2.10 "Error Logs": the server's recent then live log lines, newest first, with
 * Highlight Line marking (not filtering) the entries that hold the text.
 */
export function ErrorLogs() {
  const { t } = useTranslation();
  const stream = useLiveStream(sockets.console);
  const [highlight, setHighlight] = useState('');
  const [open, setOpen] = useState<LogFrame>();
  const { start } = stream;
  useEffect(() => start(), [start]);

  const { newestFirst: entries, rowKey } = useNewestFirst(stream.rows);
  const matches = useMemo(
    () => (highlight.trim() ? entries.filter((e) => matchesHighlight(e, highlight)).length : 0),
    [entries, highlight],
  );
  const mark = useCallback(
    (text: string | undefined) => (
      <Highlight
        component="span"
        size="sm"
        highlight={highlight.trim()}
        highlightStyles={{ backgroundColor: tokens.color['mark-bg'], color: tokens.color['mark-text'] }}
      >
        {text ?? ''}
      </Highlight>
    ),
    [highlight],
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <SearchBox label={t('logs.error.highlight')} value={highlight} onChange={setHighlight} />
          {highlight.trim() !== '' && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('logs.error.matches', { count: matches })}
            </Text>
          )}
        </Group>
        <Button variant="default" onClick={stream.clear} disabled={stream.rows.length === 0}>
          {t('logs.error.clear')}
        </Button>
      </Group>
      <LiveStreamStatus stream={stream} />
      <DataTable
        label={t('logs.error.table')}
        rows={entries}
        rowKey={rowKey}
        empty={t('logs.error.waiting')}
        loading={stream.status === 'connecting'}
        columnChooser
        // Kept narrow enough at 1440 px for the message and Details to show; the entry's
        // details list every field, and Shown Columns brings the others back.
        defaultHidden={[t('logs.error.node'), t('logs.error.remoteHost'), t('logs.error.userAgent')]}
        columns={[
          {
            header: t('logs.error.level'),
            cell: (e) => (
              <Badge color={levelColour(e.level)} variant="dot">
                {e.level}
              </Badge>
            ),
          },
          {
            header: t('logs.error.time'),
            cell: (e) => mark(formatDateTime(e.time)),
            width: 'minmax(11rem, 1fr)',
          },
          { header: t('logs.error.node'), cell: (e) => mark(e.node), optional: true },
          { header: t('logs.error.api'), cell: (e) => mark(e.api?.name) },
          // Wide enough for a whole request id: a marked id is never cut.
          {
            header: t('logs.error.requestId'),
            cell: (e) => mark(e.requestID),
            width: 'minmax(11rem, 1fr)',
          },
          { header: t('logs.error.remoteHost'), cell: (e) => mark(e.remotehost), optional: true },
          { header: t('logs.error.userAgent'), cell: (e) => mark(e.userAgent), optional: true },
          {
            header: t('logs.error.message'),
            cell: (e) => mark(logMessage(e)),
            width: 'minmax(12rem, 3fr)',
          },
        ]}
        actionsHeader={t('common.details')}
        actions={(e) => (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconListDetails size={14} aria-hidden />}
            aria-label={t('logs.error.details', { time: e.time })}
            onClick={() => setOpen(e)}
          >
            {t('common.details')}
          </Button>
        )}
      />
      <EntryDetails entry={open} onClose={() => setOpen(undefined)} />
    </Stack>
  );
}

/** Everything one entry carries, the error's source lines (its stack) included. */
function EntryDetails({ entry, onClose }: { entry: LogFrame | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const fields: [string, string | undefined][] = entry
    ? [
        [t('logs.error.level'), entry.level],
        [t('logs.error.time'), formatDateTime(entry.time)],
        [t('logs.error.node'), entry.node],
        [t('logs.error.kind'), entry.errKind],
        [t('logs.error.api'), entry.api?.name],
        [t('logs.error.bucket'), entry.api?.args?.bucket],
        [t('logs.error.object'), entry.api?.args?.object],
        [t('logs.error.requestId'), entry.requestID],
        [t('logs.error.remoteHost'), entry.remotehost],
        [t('logs.error.host'), entry.host],
        [t('logs.error.userAgent'), entry.userAgent],
        [t('logs.error.deployment'), entry.deploymentid],
      ]
    : [];
  return (
    <Modal opened={entry !== undefined} onClose={onClose} title={t('logs.error.detailsTitle')} size="xl">
      {entry && (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {fields
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <Stack key={label} gap={0}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </Stack>
              ))}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('logs.error.message')}
            </Text>
            <Text size="sm">{logMessage(entry)}</Text>
          </Stack>
          {entry.error?.message && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {t('logs.error.errorMessage')}
              </Text>
              <Text size="sm">{entry.error.message}</Text>
            </Stack>
          )}
          {entry.error?.source && entry.error.source.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {t('logs.error.source')}
              </Text>
              <Code block>{entry.error.source.join('\n')}</Code>
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
