import type { TenantPool } from '@stowage/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { QueryState } from '../../../components/QueryState.js';
import { formatBytes } from '../../../utils/format.js';
import { useTenantQuery } from '../queries.js';
import type { TenantTabProps } from './tabs.js';

/** Spec 002 §2.4 "Pools": the tenant's pools, from its details. */
export function PoolsTab({ namespace, tenant }: TenantTabProps) {
  const { t } = useTranslation();
  const detail = useTenantQuery({ namespace, tenant });
  const columns = useMemo<Column<TenantPool>[]>(
    () => [
      { header: t('tenantDetail.pools.name'), cell: (pool) => pool.name },
      { header: t('tenantDetail.pools.servers'), cell: (pool) => pool.servers },
      { header: t('tenantDetail.pools.volumesPerServer'), cell: (pool) => pool.volumes_per_server },
      { header: t('tenantDetail.pools.capacity'), cell: (pool) => formatBytes(pool.capacity) },
    ],
    [t],
  );
  return (
    <QueryState query={detail}>
      {(data) => (
        <DataTable
          label={t('tenantDetail.tabs.pools')}
          rows={data.pools}
          rowKey={(pool) => pool.name}
          columns={columns}
          empty={t('tenantDetail.pools.empty')}
        />
      )}
    </QueryState>
  );
}
