import { ActionIcon, Group, Select, SimpleGrid, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { K8S_UNITS } from '@stowage/sizing';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddNamespaceModal } from './AddNamespaceModal.js';
import type { SizePreview } from './sizePreview.js';
import { type StepProps, useProblemText } from './stepProps.js';
import type { NamespaceState, StorageClassRoom } from './useSizeInputs.js';

interface SetupProps extends StepProps {
  namespaceState: NamespaceState;
  namespaceCheckError: string | undefined;
  classes: readonly StorageClassRoom[];
  preview: SizePreview;
  parities: readonly string[];
}

/** Spec §2.5 Name Tenant and Size: the storage class must be chosen before the size fields. */
export function SetupStep(props: SetupProps) {
  const { t } = useTranslation();
  const { form, set, namespaceState, classes, preview } = props;
  const [addingNamespace, setAddingNamespace] = useState(false);
  const problem = useProblemText(props);
  const namespaceError =
    namespaceState === 'missing'
      ? t('tenantWizard.problems.invalidNamespace')
      : namespaceState === 'taken'
        ? t('tenantWizard.problems.namespaceTaken')
        : namespaceState === 'failed'
          ? [t('tenantWizard.problems.namespaceCheckFailed'), props.namespaceCheckError]
              .filter(Boolean)
              .join(': ')
          : problem('namespace', form.namespace);
  const sizeDisabled = form.storageClass === '';
  // Size messages come from @stowage/sizing in the spec's words; shown once the class is chosen.
  const sizeError = (field: keyof SizePreview['errors']) =>
    sizeDisabled ? undefined : preview.errors[field];
  const sizeHint = sizeDisabled ? t('tenantWizard.name.storageClassFirst') : undefined;

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('tenantWizard.name.heading')}
      </Title>
      <TextInput
        label={t('tenantWizard.name.tenantName')}
        required
        value={form.tenantName}
        onChange={(e) => set({ tenantName: e.currentTarget.value })}
        error={problem('tenantName', form.tenantName)}
        autoComplete="off"
      />
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('tenantWizard.name.namespace')}
          required
          value={form.namespace}
          onChange={(e) => set({ namespace: e.currentTarget.value, storageClass: '' })}
          error={namespaceError}
          description={namespaceState === 'checking' ? t('tenantWizard.name.checkingNamespace') : undefined}
          autoComplete="off"
        />
        {namespaceState === 'missing' && (
          <Tooltip label={t('tenantWizard.name.addNamespace')}>
            <ActionIcon
              mt={28}
              size="lg"
              variant="light"
              aria-label={t('tenantWizard.name.addNamespace')}
              onClick={() => setAddingNamespace(true)}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <AddNamespaceModal
        name={form.namespace.trim()}
        opened={addingNamespace}
        onClose={() => setAddingNamespace(false)}
      />
      <Select
        label={t('tenantWizard.name.storageClass')}
        required
        placeholder={t('tenantWizard.name.storageClassPlaceholder')}
        data={classes.map((c) => c.name)}
        value={form.storageClass || null}
        onChange={(value) => set({ storageClass: value ?? '' })}
        disabled={namespaceState !== 'ready'}
        error={
          namespaceState === 'ready' && classes.length === 0
            ? t('tenantWizard.name.noStorageClasses')
            : undefined
        }
        allowDeselect={false}
      />

      <Title order={2} size="h4" mt="md">
        {t('tenantWizard.size.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('tenantWizard.size.nodes')}
          type="number"
          min={4}
          required
          disabled={sizeDisabled}
          description={sizeHint}
          value={form.nodes}
          onChange={(e) => set({ nodes: e.currentTarget.value })}
          error={sizeError('nodes')}
        />
        <TextInput
          label={t('tenantWizard.size.drivesPerServer')}
          type="number"
          min={1}
          required
          disabled={sizeDisabled}
          value={form.drivesPerServer}
          onChange={(e) => set({ drivesPerServer: e.currentTarget.value })}
          error={sizeError('drivesPerServer')}
        />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('tenantWizard.size.volumeSize')}
            description={t('tenantWizard.size.volumeSizeHint')}
            // The hint under the input keeps the unit beside it aligned.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            type="number"
            min={1}
            required
            disabled={sizeDisabled}
            value={form.volumeSize}
            onChange={(e) => set({ volumeSize: e.currentTarget.value })}
            error={sizeError('volumeSize')}
          />
          <Select
            w={90}
            label={t('tenantWizard.size.unit')}
            data={[...K8S_UNITS]}
            value={form.sizeFactor}
            onChange={(value) => set({ sizeFactor: value ?? 'Gi' })}
            disabled={sizeDisabled}
            allowDeselect={false}
          />
        </Group>
        <TextInput
          label={t('tenantWizard.size.memoryNode')}
          type="number"
          min={2}
          required
          disabled={sizeDisabled}
          value={form.memoryNode}
          onChange={(e) => set({ memoryNode: e.currentTarget.value })}
          error={sizeError('memoryNode') ?? (sizeDisabled ? undefined : preview.memory.error || undefined)}
        />
        <Select
          label={t('tenantWizard.size.ecParity')}
          description={t('tenantWizard.size.ecParityHint')}
          data={[...props.parities]}
          value={preview.parity || null}
          onChange={(value) => set({ ecParity: value ?? '' })}
          disabled={sizeDisabled || props.parities.length === 0}
          error={
            !sizeDisabled && props.parities.length === 0 && preview.distribution.error === ''
              ? t('tenantWizard.size.noParity')
              : undefined
          }
          allowDeselect={false}
        />
      </SimpleGrid>
    </Stack>
  );
}
