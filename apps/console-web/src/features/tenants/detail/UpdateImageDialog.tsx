import { PasswordInput, Switch, TextInput } from '@mantine/core';
import { IMAGE_REFERENCE } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAfterReset, FormDialog, mutationState } from '../../../components/FormDialog.js';
import { showSnackbar } from '../../../components/snackbar.js';
import { useUpdateTenantImage } from '../queries.js';

interface UpdateImageDialogProps {
  namespace: string;
  tenant: string;
  currentImage: string;
  opened: boolean;
  onClose: () => void;
}

const EMPTY_REGISTRY = { registry: '', username: '', password: '' };

/**
 * Spec 002 §2.4, §5 "Update image": empty (the latest release) or repository/name:tag; with a
 * custom registry its endpoint, username and password are all needed. §9: enable_prometheus is
 * always sent true.
 */
export function UpdateImageDialog({
  namespace,
  tenant,
  currentImage,
  opened,
  onClose,
}: UpdateImageDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateTenantImage({ namespace, tenant });
  const [image, setImage] = useState('');
  const [customRegistry, setCustomRegistry] = useState(false);
  const [registry, setRegistry] = useState(EMPTY_REGISTRY);
  const trimmed = image.trim();
  const imageValid = trimmed === '' || IMAGE_REFERENCE.test(trimmed);
  const registryValid = !customRegistry || Object.values(registry).every((value) => value.trim() !== '');
  const close = closeAfterReset(update, () => {
    setImage('');
    setCustomRegistry(false);
    setRegistry(EMPTY_REGISTRY);
    onClose();
  });
  const field = (key: keyof typeof EMPTY_REGISTRY) => ({
    label: t(`tenantDetail.updateImage.${key}`),
    value: registry[key],
    required: true,
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setRegistry((current) => ({ ...current, [key]: value }));
    },
  });
  return (
    <FormDialog
      opened={opened}
      title={t('tenantDetail.updateImage.title')}
      onClose={close}
      canSave={imageValid && registryValid}
      {...mutationState(update)}
      onSubmit={() =>
        update.mutate(
          {
            image: trimmed,
            enable_prometheus: true,
            ...(customRegistry ? { image_registry: registry } : {}),
          },
          {
            onSuccess: () => {
              showSnackbar(t('tenantDetail.updateImage.done'));
              close();
            },
          },
        )
      }
    >
      <TextInput
        label={t('tenantDetail.updateImage.image')}
        description={t('tenantDetail.updateImage.imageHint')}
        placeholder={currentImage}
        value={image}
        onChange={(event) => setImage(event.currentTarget.value)}
        error={imageValid ? undefined : t('tenantDetail.updateImage.imageInvalid')}
        data-autofocus
      />
      <Switch
        label={t('tenantDetail.updateImage.customRegistry')}
        checked={customRegistry}
        onChange={(event) => setCustomRegistry(event.currentTarget.checked)}
      />
      {customRegistry && (
        <>
          <TextInput {...field('registry')} />
          <TextInput {...field('username')} />
          <PasswordInput {...field('password')} />
        </>
      )}
    </FormDialog>
  );
}
