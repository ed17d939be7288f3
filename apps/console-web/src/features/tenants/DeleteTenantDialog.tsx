import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { modalMessage } from '../../components/FormDialog.js';
import { showSnackbar } from '../../components/snackbar.js';
import { useDeleteTenant } from './queries.js';

interface DeleteTenantDialogProps {
  /** The tenant to delete; undefined: closed. */
  tenant: { namespace: string; name: string } | undefined;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Spec 002 §2.4, §5: Delete stays disabled until the exact name is retyped; a different name
 * says 'Tenant name is incorrect'. Deleting the volume claims too is a separate, explicit choice.
 */
export function DeleteTenantDialog({ tenant, onClose, onDeleted }: DeleteTenantDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteTenant();
  const [typed, setTyped] = useState('');
  const [deletePvcs, setDeletePvcs] = useState(false);
  const matches = tenant !== undefined && typed === tenant.name;
  const close = () => {
    remove.reset();
    setTyped('');
    setDeletePvcs(false);
    onClose();
  };
  const submit = () => {
    if (!tenant || !matches) return;
    remove.mutate(
      { namespace: tenant.namespace, tenant: tenant.name, deletePvcs },
      {
        onSuccess: () => {
          showSnackbar(t('tenants.delete.done'));
          setTyped('');
          setDeletePvcs(false);
          onDeleted();
        },
      },
    );
  };
  return (
    <Modal opened={tenant !== undefined} onClose={close} title={t('tenants.delete.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <ErrorBanner error={modalMessage(remove.error)} />
          <Text>
            {t('tenants.delete.message', { tenant: tenant?.name ?? '', namespace: tenant?.namespace ?? '' })}
          </Text>
          <TextInput
            label={t('tenants.delete.nameLabel')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typed !== '' && !matches ? t('tenants.delete.mismatch') : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Checkbox
            label={t('tenants.delete.deletePvcs')}
            checked={deletePvcs}
            onChange={(event) => setDeletePvcs(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
