import { Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { K8S_UNITS, niceBytes } from '@stowage/sizing';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { FormDialog } from '../../../components/FormDialog.js';
import { tokens } from '../../../theme/tokens.js';
import { checkExpandPool, EXPAND_DEFAULTS, type ExpandPoolForm, expandPoolRequest } from './expandPool.js';
import {
  type TenantRef,
  useAddTenantPool,
  useMaxAllocatableMemoryQuery,
  useStorageQuotaQuery,
} from './queries.js';
import { storageClassesOf } from './storageClasses.js';

/** Spec 002 §2.4 Expand Tenant: a new pool, sized and checked by the wizard's rules. */
export function ExpandTenantDialog({
  tenant,
  poolCount,
  opened,
  onClose,
}: {
  tenant: TenantRef;
  /** The tenant's pools now: an unnamed pool becomes `pool-{poolCount}`. */
  poolCount: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ExpandPoolForm>(EXPAND_DEFAULTS);
  const quota = useStorageQuotaQuery(tenant.namespace);
  const classes = storageClassesOf(quota.data);
  const servers = Number.parseInt(form.nodes, 10);
  const memory = useMaxAllocatableMemoryQuery(servers);
  const mutation = useAddTenantPool(tenant);

  // Spec 002 §4: the first storage class is chosen for the user.
  const firstClass = classes[0]?.name ?? '';
  useEffect(() => {
    if (opened && !form.storageClass && firstClass) setForm((f) => ({ ...f, storageClass: firstClass }));
  }, [opened, form.storageClass, firstClass]);

  const room = classes.find((c) => c.name === form.storageClass)?.room ?? 0;
  const check = checkExpandPool(form, room, memory.data?.max_memory, memory.error?.message ?? '');
  const set = (field: keyof ExpandPoolForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const close = () => {
    setForm(EXPAND_DEFAULTS);
    mutation.reset();
    onClose();
  };
  // Spec 002 §2.5: the size fields wait for a storage class.
  const sizing = form.storageClass === '';
  const fieldError = (field: keyof typeof check.errors) => (sizing ? undefined : check.errors[field]);

  return (
    <FormDialog
      opened={opened}
      title={t('tenantTabs.expand.title')}
      onClose={close}
      // Spec 002 §8: a failed pool add only ends the busy state.
      onSubmit={() => mutation.mutate(expandPoolRequest(form, check), { onSuccess: close })}
      pending={mutation.isPending}
      canSave={check.valid}
    >
      {quota.isError && <ErrorBanner error={{ message: t('tenantTabs.expand.quotaError') }} />}
      <TextInput
        label={t('tenantTabs.expand.name')}
        placeholder={t('tenantTabs.expand.namePlaceholder', { n: String(poolCount) })}
        value={form.name}
        onChange={(e) => set('name')(e.currentTarget.value)}
        data-autofocus
      />
      <Select
        label={t('tenantTabs.expand.storageClass')}
        data={classes.map((c) => c.name)}
        value={form.storageClass || null}
        onChange={(value) => set('storageClass')(value ?? '')}
        allowDeselect={false}
        required
      />
      <SimpleGrid cols={2}>
        <TextInput
          label={t('tenantTabs.expand.servers')}
          inputMode="numeric"
          value={form.nodes}
          disabled={sizing}
          onChange={(e) => set('nodes')(e.currentTarget.value)}
          error={fieldError('nodes')}
          required
        />
        <TextInput
          label={t('tenantTabs.expand.drives')}
          inputMode="numeric"
          value={form.drivesPerServer}
          disabled={sizing}
          onChange={(e) => set('drivesPerServer')(e.currentTarget.value)}
          error={fieldError('drivesPerServer')}
          required
        />
      </SimpleGrid>
      <Group align="flex-start" grow>
        <TextInput
          label={t('tenantTabs.expand.volumeSize')}
          inputMode="decimal"
          value={form.volumeSize}
          disabled={sizing}
          onChange={(e) => set('volumeSize')(e.currentTarget.value)}
          error={fieldError('volumeSize')}
          required
        />
        <Select
          label={t('tenantTabs.expand.unit')}
          data={[...K8S_UNITS]}
          value={form.sizeFactor}
          disabled={sizing}
          onChange={(value) => set('sizeFactor')(value ?? 'Gi')}
          allowDeselect={false}
          maw="7rem"
        />
      </Group>
      <TextInput
        label={t('tenantTabs.expand.memory')}
        inputMode="numeric"
        value={form.memoryNode}
        disabled={sizing}
        onChange={(e) => set('memoryNode')(e.currentTarget.value)}
        error={fieldError('memoryNode') ?? (sizing ? undefined : check.memory.error || undefined)}
        required
      />
      {!sizing && check.parityError && (
        <Text size="sm" c={tokens.color.danger} role="alert">
          {check.parityError}
        </Text>
      )}
      <Paper withBorder p="sm" aria-label={t('tenantTabs.expand.preview')} role="group">
        <Stack gap={4}>
          <Text fw={600}>{t('tenantTabs.expand.preview')}</Text>
          <Text size="sm">{t('tenantTabs.expand.totalDrives', { count: check.totalDrives })}</Text>
          <Text size="sm">
            {t('tenantTabs.expand.rawCapacity')}: {niceBytes(check.rawCapacity)}
          </Text>
          {check.parity && (
            <>
              <Text size="sm">
                {t('tenantTabs.expand.usableCapacity', { ec: check.parity })}:{' '}
                {niceBytes(check.usableCapacity)}
              </Text>
              <Text size="sm">{t('tenantTabs.expand.tolerations', { count: check.tolerations })}</Text>
            </>
          )}
        </Stack>
      </Paper>
    </FormDialog>
  );
}
