import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog.js';

interface ConfirmedDeleteOptions<K> {
  title: string;
  message: (item: K) => string;
  /** The delete call; the dialog shows its progress and error. */
  mutation: UseMutationResult<unknown, Error, K>;
  /** After a successful delete (e.g. a success message). */
  onDeleted?: (item: K) => void;
  /** The action's word when it is not Delete (e.g. Revoke). */
  confirmLabel?: string;
}

/** A row's delete behind the one ConfirmDialog: `ask(item)` opens it; render `dialog` once. */
export function useConfirmedDelete<K>({
  title,
  message,
  mutation,
  onDeleted,
  confirmLabel,
}: ConfirmedDeleteOptions<K>): {
  ask: (item: K) => void;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ item: K } | undefined>();
  const close = () => {
    mutation.reset();
    setPending(undefined);
  };
  const dialog = (
    <ConfirmDialog
      opened={pending !== undefined}
      title={title}
      message={pending ? message(pending.item) : ''}
      confirmLabel={confirmLabel ?? t('common.delete')}
      danger
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() =>
        pending &&
        mutation.mutate(pending.item, {
          onSuccess: () => {
            setPending(undefined);
            onDeleted?.(pending.item);
          },
        })
      }
      onClose={close}
    />
  );
  return { ask: (item) => setPending({ item }), dialog };
}
