import { Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.js';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { closeAfterReset, FormDialog, mutationState } from '../../../components/FormDialog.js';
import { Loading } from '../../../components/Loading.js';
import { showSnackbar } from '../../../components/snackbar.js';
import { useSaveTenantYaml, useTenantYaml } from '../queries.js';

interface EditYamlDialogProps {
  namespace: string;
  tenant: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec 002 §2.4 "Edit YAML": the Tenant resource as text and Save (§5: disabled when blank;
 * §8: errors inline). A 409 means the tenant changed since it was loaded: it says so plainly.
 */
export function EditYamlDialog({ namespace, tenant, opened, onClose }: EditYamlDialogProps) {
  const { t } = useTranslation();
  const loaded = useTenantYaml({ namespace, tenant }, opened);
  const save = useSaveTenantYaml({ namespace, tenant });
  const [yaml, setYaml] = useState<string | undefined>();
  useEffect(() => {
    if (!opened) setYaml(undefined);
  }, [opened]);
  const text = yaml ?? loaded.data?.yaml ?? '';
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const error = conflict ? { message: t('tenantDetail.yaml.conflict') } : save.error;
  return (
    <FormDialog
      opened={opened}
      title={t('tenantDetail.yaml.title')}
      onClose={closeAfterReset(save, onClose)}
      canSave={loaded.isSuccess && text.trim() !== ''}
      {...mutationState(save)}
      error={error}
      onSubmit={() =>
        save.mutate(text, {
          onSuccess: () => {
            showSnackbar(t('tenantDetail.yaml.saved'));
            onClose();
          },
        })
      }
    >
      {loaded.isPending ? (
        <Loading />
      ) : loaded.isError ? (
        <ErrorBanner error={loaded.error} />
      ) : (
        <Textarea
          label={t('tenantDetail.yaml.label')}
          value={text}
          onChange={(event) => setYaml(event.currentTarget.value)}
          rows={18}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          spellCheck={false}
        />
      )}
    </FormDialog>
  );
}
