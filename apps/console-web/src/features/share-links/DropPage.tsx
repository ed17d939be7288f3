import { Alert, Button, FileInput, List, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Loading } from '../../components/Loading.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatDateTime } from '../../utils/format.js';
import { LoginFrame } from '../login/LoginFrame.js';
import { DropUploadError, useDropLinkQuery, useDropUpload } from './queries.js';

interface Outcome {
  name: string;
  ok: boolean;
  text: string;
}

/**
 * /drop/{id}: the public page of a drop link. No login: whoever has the link picks files, and
 * each goes straight to the storage server under the link's prefix, within its size limit.
 */
export function DropPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const link = useDropLinkQuery(id);
  const upload = useDropUpload(id);
  const [files, setFiles] = useState<File[]>([]);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [current, setCurrent] = useState<string | undefined>();

  if (link.isPending) return <Loading fullPage />;
  if (link.isError)
    return (
      <LoginFrame heading={t('drop.unavailable')}>
        <ErrorBanner error={link.error} />
      </LoginFrame>
    );
  const info = link.data;
  const size = formatBytes(info.size_limit);

  const send = async () => {
    const done: Outcome[] = [];
    for (const file of files) {
      setCurrent(file.name);
      try {
        await upload.mutateAsync(file);
        done.push({ name: file.name, ok: true, text: t('drop.uploaded', { name: file.name }) });
      } catch (err) {
        const tooLarge = err instanceof DropUploadError && err.code === 'EntityTooLarge';
        done.push({
          name: file.name,
          ok: false,
          text: tooLarge
            ? t('drop.tooLarge', { name: file.name, size })
            : t('drop.failed', { name: file.name, reason: (err as Error).message }),
        });
      }
      setOutcomes([...done]);
    }
    setCurrent(undefined);
    setFiles([]);
  };

  return (
    <LoginFrame heading={t('drop.title')}>
      <Stack gap="md">
        <Text>{t('drop.intro', { target: `${info.bucket}/${info.prefix}` })}</Text>
        <Text size="sm" c="dimmed">
          {t('drop.limits', { size, date: formatDateTime(info.expires) })}
        </Text>
        <FileInput
          label={t('drop.choose')}
          multiple
          clearable
          value={files}
          onChange={setFiles}
          disabled={current !== undefined}
        />
        <Button
          leftSection={<IconUpload size="1rem" aria-hidden />}
          disabled={files.length === 0}
          loading={current !== undefined}
          onClick={() => void send()}
        >
          {t('drop.upload')}
        </Button>
        {current && <Text size="sm">{t('drop.uploading', { name: current })}</Text>}
        {outcomes.length > 0 && (
          <List spacing="xs" listStyleType="none" aria-live="polite">
            {outcomes.map((o) => (
              <List.Item key={o.name}>
                {o.ok ? (
                  <Text c={tokens.color.success}>{o.text}</Text>
                ) : (
                  <Alert color={tokens.intent.danger} role="alert" p="xs">
                    {o.text}
                  </Alert>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </LoginFrame>
  );
}
