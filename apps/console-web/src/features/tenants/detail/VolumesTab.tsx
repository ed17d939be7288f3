import type { VolumeClaim } from '@stowage/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { QueryState } from '../../../components/QueryState.js';
import { useTenantVolumeClaims } from '../queries.js';
import type { TenantTabProps } from './tabs.js';

/** Spec 002 §2.4 "Volumes": the tenant's volume claims. */
export function VolumesTab({ namespace, tenant }: TenantTabProps) {
  const { t } = useTranslation();
  const claims = useTenantVolumeClaims({ namespace, tenant });
  const columns = useMemo<Column<VolumeClaim>[]>(
    () => [
      { header: t('tenantDetail.volumes.name'), cell: (claim) => claim.name },
      { header: t('tenantDetail.volumes.status'), cell: (claim) => claim.status },
      { header: t('tenantDetail.volumes.capacity'), cell: (claim) => claim.capacity },
      { header: t('tenantDetail.volumes.storageClass'), cell: (claim) => claim.storageClass },
    ],
    [t],
  );
  return (
    <QueryState query={claims}>
      {(data) => (
        <DataTable
          label={t('tenantDetail.tabs.volumes')}
          rows={data.pvcs}
          rowKey={(claim) => claim.name}
          columns={columns}
          empty={t('tenantDetail.volumes.empty')}
        />
      )}
    </QueryState>
  );
}
