import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetypeNameDialog } from '../../components/RetypeNameDialog.js';
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
  const [deletePvcs, setDeletePvcs] = useState(false);
  const close = () => {
    remove.reset();
    setDeletePvcs(false);
    onClose();
  };
  return (
    <RetypeNameDialog
      name={tenant?.name}
      title={t('tenants.delete.title')}
      message={t('tenants.delete.message', {
        tenant: tenant?.name ?? '',
        namespace: tenant?.namespace ?? '',
      })}
      label={t('tenants.delete.nameLabel')}
      mismatch={t('tenants.delete.mismatch')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        tenant &&
        remove.mutate(
          { namespace: tenant.namespace, tenant: tenant.name, deletePvcs },
          {
            onSuccess: () => {
              showSnackbar(t('tenants.delete.done'));
              setDeletePvcs(false);
              onDeleted();
            },
          },
        )
      }
      onClose={close}
    >
      <Checkbox
        label={t('tenants.delete.deletePvcs')}
        checked={deletePvcs}
        onChange={(event) => setDeletePvcs(event.currentTarget.checked)}
      />
    </RetypeNameDialog>
  );
}
