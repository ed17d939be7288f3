import { ActionIcon, Button, Group, Paper, Progress, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';
import { formatBytes } from '../../utils/format.js';
import {
  cancelTransfer,
  clearFinishedTransfers,
  isActive,
  type Transfer,
  useTransfers,
} from './transfers.js';

const percent = (t: Transfer) => (t.size === 0 ? 100 : Math.min(100, Math.floor((t.loaded / t.size) * 100)));

/** Each upload with its own progress bar (newest first), cancel while it runs, and a way to clear the list. */
export function TransferPanel() {
  const { t } = useTranslation();
  const transfers = useTransfers();
  if (transfers.length === 0) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role="region"
      aria-label={t('objects.transfers')}
      style={{
        // Bottom left of the page, clear of the snackbars at the bottom right.
        position: 'fixed',
        left: 'calc(var(--app-shell-navbar-offset, 0px) + 16px)',
        bottom: 16,
        width: 360,
        zIndex: 200,
        background: tokens.color['bg-surface'],
      }}
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {t('objects.transfers')}
        </Title>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={clearFinishedTransfers}
          disabled={transfers.every(isActive)}
        >
          {t('objects.clearFinished')}
        </Button>
      </Group>
      <ScrollArea.Autosize mah={240}>
        <Stack gap="xs">
          {[...transfers].reverse().map((transfer) => (
            <Stack key={transfer.id} gap={2}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate="end" title={transfer.name}>
                  {transfer.name}
                </Text>
                {isActive(transfer) && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    onClick={() => cancelTransfer(transfer.id)}
                    aria-label={t('objects.cancelUpload', { name: transfer.name })}
                  >
                    <IconX size="0.9rem" aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              <Progress
                value={percent(transfer)}
                color={transfer.status === 'failed' ? tokens.intent.danger : undefined}
                aria-label={t('objects.progress', { name: transfer.name })}
              />
              <Text size="xs" c={transfer.status === 'failed' ? tokens.color.danger : 'dimmed'}>
                {t(`objects.transferStatus.${transfer.status}`, {
                  percent: String(percent(transfer)),
                  error: transfer.error ?? '',
                })}
                {' · '}
                {formatBytes(transfer.loaded)} / {formatBytes(transfer.size)}
              </Text>
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
