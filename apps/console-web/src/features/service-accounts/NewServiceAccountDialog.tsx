import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ServiceAccountCredentials } from '@stowage/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadCredentials } from './credentialsFile.js';

interface NewServiceAccountDialogProps {
  /** Present: the dialog is open with these keys. */
  credentials: ServiceAccountCredentials | undefined;
  onDone: () => void;
}

/** New Service Account Created: the secret shows once; Download saves credentials.json; Done closes. */
export function NewServiceAccountDialog({ credentials, onDone }: NewServiceAccountDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={credentials !== undefined}
      onClose={onDone}
      title={t('serviceAccounts.createdTitle')}
      centered
      closeOnClickOutside={false}
    >
      {credentials && (
        <Stack>
          <Text size="sm">{t('serviceAccounts.shownOnce')}</Text>
          <KeyLine label={t('serviceAccounts.accessKey')} value={credentials.accessKey} />
          <KeyLine label={t('serviceAccounts.secretKey')} value={credentials.secretKey} />
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconDownload size="1rem" aria-hidden />}
              onClick={() => downloadCredentials(credentials)}
            >
              {t('serviceAccounts.download')}
            </Button>
            <Button onClick={onDone}>{t('serviceAccounts.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function KeyLine({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code aria-label={label} style={{ flex: 1, wordBreak: 'break-all' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="subtle" onClick={copy}>
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
