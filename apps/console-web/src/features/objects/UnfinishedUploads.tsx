import { Button, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';
import { formatBytes } from '../../utils/format.js';
import { discardUnfinished, resumeUpload } from './transfers.js';
import type { ResumableUpload } from './uploads/resumeStore.js';

/** Uploads a reload or a closed browser interrupted: pick the same file to go on, or discard. */
export function UnfinishedUploads({ uploads }: { uploads: readonly ResumableUpload[] }) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  return (
    <Stack gap={4} data-testid="unfinished-uploads">
      <Text size="sm" fw={600}>
        {t('objects.unfinishedUploads')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('objects.unfinishedHint')}
      </Text>
      {uploads.map((upload) => (
        <UnfinishedRow key={upload.id} upload={upload} />
      ))}
    </Stack>
  );
}

function UnfinishedRow({ upload }: { upload: ResumableUpload }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [wrongFile, setWrongFile] = useState(false);
  const name = upload.key.slice(upload.key.lastIndexOf('/') + 1);
  const sent = Math.min(upload.fileSize, Object.keys(upload.parts).length * upload.partSize);
  return (
    <Stack gap={2}>
      <Text size="sm" truncate="end" title={upload.key}>
        {name}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed">
          {t('objects.unfinishedProgress', {
            loaded: formatBytes(sent),
            total: formatBytes(upload.fileSize),
          })}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => input.current?.click()}
            aria-label={t('objects.resumeUpload', { name })}
          >
            {t('objects.resume')}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color={tokens.intent.danger}
            onClick={() => void discardUnfinished(upload)}
            aria-label={t('objects.discardUpload', { name })}
          >
            {t('objects.discard')}
          </Button>
        </Group>
      </Group>
      {wrongFile && (
        <Text size="xs" c={tokens.color.danger} role="alert">
          {t('objects.notSameFile', { name: upload.fileName })}
        </Text>
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`resume-file-${upload.key}`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) setWrongFile(!resumeUpload(upload, file));
        }}
      />
    </Stack>
  );
}
