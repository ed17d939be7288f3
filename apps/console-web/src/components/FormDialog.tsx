import { Button, Group, Modal, Stack } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DisplayError, ErrorBanner } from './ErrorBanner.js';

interface FormDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** Shown above the fields; it hides itself after 10 s (spec 000 §4, modal-level errors). */
  error?: DisplayError | null | undefined;
  onErrorClose?: () => void;
  canSave?: boolean;
  pending: boolean;
  /** Buttons before Cancel (e.g. Clear). */
  extraActions?: ReactNode;
  /** The submit button's text when Save does not say what it does. */
  submitLabel?: string;
  /** The modal's width (Mantine size); a wide editor asks for "xl". */
  size?: string;
  /**
   * The work is done and its result is on screen (a link made): nothing is left to cancel or
   * submit, so the one button is Close.
   */
  done?: boolean;
  children: ReactNode;
}

/** Spec 000 §8: a modal's message bar shows the detailed message when it has 5 or more characters. */
export function modalMessage(error: DisplayError | null | undefined): DisplayError | undefined {
  if (!error) return undefined;
  return { message: error.details && error.details.length >= 5 ? error.details : error.message };
}

/** A mutation's error, its dismissal and its progress, as FormDialog takes them. */
export function mutationState(mutation: {
  error: DisplayError | null;
  reset: () => void;
  isPending: boolean;
}) {
  return { error: mutation.error, onErrorClose: () => mutation.reset(), pending: mutation.isPending };
}

/** A dialog's close: the mutation's error and state go with it, so it opens clean next time. */
export const closeAfterReset =
  (mutation: { reset: () => void }, onClose: () => void): (() => void) =>
  () => {
    mutation.reset();
    onClose();
  };

/** The one form dialog: an error banner, the fields, then Cancel and Save. */
export function FormDialog({
  opened,
  title,
  onClose,
  onSubmit,
  error,
  onErrorClose,
  canSave = true,
  pending,
  extraActions,
  submitLabel,
  size,
  done = false,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  // Memoised: a new object each render would restart the banner's hide timer.
  const shown = useMemo(() => modalMessage(error), [error]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave && !pending && !done) onSubmit();
        }}
      >
        <Stack>
          <ErrorBanner error={shown} onClose={onErrorClose} />
          {children}
          <Group justify="flex-end">
            {done ? (
              <Button onClick={onClose}>{t('common.close')}</Button>
            ) : (
              <>
                {extraActions}
                <Button variant="default" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={!canSave} loading={pending}>
                  {submitLabel ?? t('common.save')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
