import { Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type StepProps, useProblemText } from './stepProps.js';
import { IMAGE_FIELDS } from './stepRules.js';

/** Spec §2.5 Images: each image (empty = the default) and an optional custom registry. */
export function ImagesStep(props: StepProps) {
  const { t } = useTranslation();
  const { form, set } = props;
  const problem = useProblemText(props);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {IMAGE_FIELDS.map(([field]) => (
          <TextInput
            key={field}
            label={t(`tenantWizard.images.${field}`)}
            placeholder={t('tenantWizard.images.hint')}
            value={form[field]}
            onChange={(e) => set({ [field]: e.currentTarget.value })}
            error={problem(field, form[field])}
          />
        ))}
      </SimpleGrid>
      <Checkbox
        label={t('tenantWizard.images.customDockerhub')}
        checked={form.customDockerhub}
        onChange={(e) => set({ customDockerhub: e.currentTarget.checked })}
      />
      {form.customDockerhub && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('tenantWizard.images.imageRegistry')}
            required
            value={form.imageRegistry}
            onChange={(e) => set({ imageRegistry: e.currentTarget.value })}
            error={problem('imageRegistry', form.imageRegistry)}
          />
          <TextInput
            label={t('tenantWizard.images.imageRegistryUsername')}
            required
            value={form.imageRegistryUsername}
            onChange={(e) => set({ imageRegistryUsername: e.currentTarget.value })}
            error={problem('imageRegistryUsername', form.imageRegistryUsername)}
          />
          <PasswordInput
            label={t('tenantWizard.images.imageRegistryPassword')}
            required
            value={form.imageRegistryPassword}
            onChange={(e) => set({ imageRegistryPassword: e.currentTarget.value })}
            error={problem('imageRegistryPassword', form.imageRegistryPassword)}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
