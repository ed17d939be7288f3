import { useTranslation } from 'react-i18next';
import { RetypeNameDialog } from '../../../components/RetypeNameDialog.js';
import { showSnackbar } from '../../../components/snackbar.js';
import { type TenantRef, useDeleteTenantPod } from './queries.js';

/** Spec 002 §2.4/§5 Delete pod: Delete stays disabled until the exact pod name is retyped. */
export function DeletePodDialog({
  tenant,
  pod,
  onClose,
}: {
  tenant: TenantRef;
  /** The pod asked about; undefined keeps the dialog closed. */
  pod: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useDeleteTenantPod(tenant);
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <RetypeNameDialog
      name={pod}
      title={t('tenantTabs.pods.deleteTitle')}
      message={t('tenantTabs.pods.deleteMessage', { name: pod ?? '' })}
      label={t('tenantTabs.pods.retypeLabel')}
      mismatch={t('tenantTabs.pods.nameIncorrect')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() =>
        pod &&
        mutation.mutate(pod, {
          onSuccess: () => {
            showSnackbar(t('tenantTabs.pods.deleted', { name: pod }));
            close();
          },
        })
      }
      onClose={close}
    />
  );
}
