import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../theme/tokens.js';
import { type DisplayError, ErrorBanner } from './ErrorBanner.js';
import { modalMessage } from './FormDialog.js';

interface RetypeNameDialogProps {
  /** What must be retyped; undefined keeps the dialog closed. */
  name: string | undefined;
  title: string;
  message: string;
  label: string;
  /** Shown under the field while the typed text differs. */
  mismatch: string;
  pending: boolean;
  error: DisplayError | null | undefined;
  onConfirm: () => void;
  /** Also clears the typed text (the dialog opens empty next time). */
  onClose: () => void;
  /** Extra choices below the name (e.g. delete the volumes too). */
  children?: ReactNode;
}

/** Spec 002 §5: a delete confirmed by retyping the exact name; Delete stays disabled until then. */
export function RetypeNameDialog({
  name,
  title,
  message,
  label,
  mismatch,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: RetypeNameDialogProps) {
  const { t } = useTranslation();
  // What was typed, and for which item: each opening, for whichever item, starts empty.
  const [entry, setEntry] = useState({ for: name, text: '' });
  const typed = entry.for === name ? entry.text : '';
  const setTyped = (text: string) => setEntry({ for: name, text });
  const matches = name !== undefined && typed === name;
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal opened={name !== undefined} onClose={close} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) onConfirm();
        }}
      >
        <Stack>
          <ErrorBanner error={modalMessage(error)} />
          <Text>{message}</Text>
          <TextInput
            label={label}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typed !== '' && !matches ? mismatch : undefined}
            autoComplete="off"
            data-autofocus
          />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={tokens.intent.danger} disabled={!matches} loading={pending}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
