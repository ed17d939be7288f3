import { Button, Group, Stack } from '@mantine/core';
import type { TenantPool } from '@stowage/contract';
import { niceBytes } from '@stowage/sizing';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { useTenantQuery } from '../queries.js';
import { ExpandTenantDialog } from './ExpandTenantDialog.js';
import { RightGate } from './RightGate.js';

/** Spec 002 §2.4 Pools: the tenant's pools and Expand Tenant. */
export function PoolsTab({ namespace, tenant }: { namespace: string; tenant: string }) {
  const { t } = useTranslation();
  const ref = useMemo(() => ({ namespace, tenant }), [namespace, tenant]);
  const detail = useTenantQuery(ref);
  const [expanding, setExpanding] = useState(false);
  const columns = useMemo<Column<TenantPool>[]>(
    () => [
      { header: t('tenantTabs.pools.name'), cell: (p) => p.name },
      { header: t('tenantTabs.pools.servers'), cell: (p) => String(p.servers) },
      { header: t('tenantTabs.pools.drives'), cell: (p) => String(p.volumes_per_server) },
      { header: t('tenantTabs.pools.volumeSize'), cell: (p) => niceBytes(p.volume_configuration.size) },
      { header: t('tenantTabs.pools.capacity'), cell: (p) => niceBytes(p.capacity) },
      {
        header: t('tenantTabs.pools.storageClass'),
        cell: (p) => p.volume_configuration.storage_class_name ?? '',
      },
      {
        header: t('tenantTabs.pools.memory'),
        cell: (p) => {
          const memory = p.resources?.requests?.memory;
          return memory ? niceBytes(memory) : '';
        },
      },
    ],
    [t],
  );
  const pools = detail.data?.pools ?? [];
  return (
    <Stack>
      <Group justify="flex-end">
        <RightGate namespace={namespace} right="updateTenant">
          <Button leftSection={<IconPlus size="1rem" aria-hidden />} onClick={() => setExpanding(true)}>
            {t('tenantTabs.pools.expand')}
          </Button>
        </RightGate>
      </Group>
      <ErrorBanner error={detail.error} />
      <DataTable
        label={t('tenantTabs.pools.title')}
        rows={pools}
        rowKey={(p) => p.name}
        columns={columns}
        loading={detail.isPending}
        empty={t('tenantTabs.pools.empty')}
      />
      <ExpandTenantDialog
        tenant={ref}
        poolCount={pools.length}
        opened={expanding}
        onClose={() => setExpanding(false)}
      />
    </Stack>
  );
}
