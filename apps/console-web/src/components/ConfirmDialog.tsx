import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tokens } from '../theme/tokens.js';
import { type DisplayError, ErrorBanner } from './ErrorBanner.js';
import { modalMessage } from './FormDialog.js';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Destructive actions get the danger colour. */
  danger?: boolean;
  pending: boolean;
  error?: DisplayError | null | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/** The one confirmation dialog: a question, Cancel, and the action (busy while it runs). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  danger = false,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <ErrorBanner error={modalMessage(error)} />
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button color={danger ? tokens.intent.danger : undefined} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
