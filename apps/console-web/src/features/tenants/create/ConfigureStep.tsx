import { Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type StepProps, useProblemText } from './stepProps.js';

/** Spec §2.5 Configure: expose the services; override Log Search and Prometheus storage. */
export function ConfigureStep(props: StepProps & { storageClasses: readonly string[] }) {
  const { t } = useTranslation();
  const { form, set } = props;
  const problem = useProblemText(props);
  return (
    <Stack gap="md">
      <Checkbox
        label={t('tenantWizard.configure.exposeMinIO')}
        checked={form.exposeMinIO}
        onChange={(e) => set({ exposeMinIO: e.currentTarget.checked })}
      />
      <Checkbox
        label={t('tenantWizard.configure.exposeConsole')}
        checked={form.exposeConsole}
        onChange={(e) => set({ exposeConsole: e.currentTarget.checked })}
      />
      {(['logSearch', 'prometheus'] as const).map((part) => (
        <Stack key={part} gap="xs">
          <Checkbox
            label={t(`tenantWizard.configure.${part}Custom`)}
            checked={form[`${part}Custom`]}
            onChange={(e) =>
              set({
                [`${part}Custom`]: e.currentTarget.checked,
                // Spec §4: the main storage class until another one is chosen.
                [`${part}StorageClass`]: form[`${part}StorageClass`] || form.storageClass,
              })
            }
          />
          {form[`${part}Custom`] && (
            <Group grow align="flex-start">
              <Select
                label={t('tenantWizard.configure.storageClass')}
                required
                data={[...props.storageClasses]}
                value={form[`${part}StorageClass`] || null}
                onChange={(value) => set({ [`${part}StorageClass`]: value ?? '' })}
                error={problem(`${part}StorageClass`, form[`${part}StorageClass`])}
                allowDeselect={false}
              />
              <TextInput
                label={t('tenantWizard.configure.volumeSize')}
                type="number"
                min={1}
                required
                value={form[`${part}VolumeSize`]}
                onChange={(e) => set({ [`${part}VolumeSize`]: e.currentTarget.value })}
                error={problem(`${part}VolumeSize`, form[`${part}VolumeSize`])}
              />
            </Group>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
