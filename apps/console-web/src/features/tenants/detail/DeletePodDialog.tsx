import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { modalMessage } from '../../../components/FormDialog.js';
import { showSnackbar } from '../../../components/snackbar.js';
import { type TenantRef, useDeleteTenantPod } from './queries.js';

/** Spec 002 §2.4/§5 Delete pod: Delete stays disabled until the exact pod name is retyped. */
export function DeletePodDialog({
  tenant,
  pod,
  onClose,
  onDeleted,
}: {
  tenant: TenantRef;
  /** The pod asked about; undefined keeps the dialog closed. */
  pod: string | undefined;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const mutation = useDeleteTenantPod(tenant);
  const close = () => {
    setTyped('');
    mutation.reset();
    onClose();
  };
  const matches = typed === pod;
  return (
    <Modal opened={pod !== undefined} onClose={close} title={t('tenantTabs.pods.deleteTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!pod || !matches) return;
          mutation.mutate(pod, {
            onSuccess: () => {
              showSnackbar(t('tenantTabs.pods.deleted', { name: pod }));
              close();
              onDeleted?.();
            },
          });
        }}
      >
        <Stack>
          <ErrorBanner error={modalMessage(mutation.error)} />
          <Text>{t('tenantTabs.pods.deleteMessage', { name: pod ?? '' })}</Text>
          <TextInput
            label={t('tenantTabs.pods.retypeLabel')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typed !== '' && !matches ? t('tenantTabs.pods.nameIncorrect') : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={mutation.isPending}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
