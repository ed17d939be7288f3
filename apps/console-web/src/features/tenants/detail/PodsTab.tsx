import type { TenantPod } from '@stowage/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { Loading } from '../../../components/Loading.js';
import { useTenantPods } from '../queries.js';
import type { TenantTabProps } from './tabs.js';

/** Spec 002 §2.4 "Pods": the tenant's pods (§8: a failure says 'Error loading pods'). */
export function PodsTab({ namespace, tenant }: TenantTabProps) {
  const { t } = useTranslation();
  const pods = useTenantPods({ namespace, tenant });
  const columns = useMemo<Column<TenantPod>[]>(
    () => [
      { header: t('tenantDetail.pods.name'), cell: (pod) => pod.name },
      { header: t('tenantDetail.pods.status'), cell: (pod) => pod.status },
      { header: t('tenantDetail.pods.podIp'), cell: (pod) => pod.podIP },
      { header: t('tenantDetail.pods.restarts'), cell: (pod) => pod.restarts },
      { header: t('tenantDetail.pods.node'), cell: (pod) => pod.node },
    ],
    [t],
  );
  if (pods.isPending) return <Loading />;
  if (pods.isError)
    return <ErrorBanner error={{ message: t('tenantDetail.pods.loadError'), details: pods.error.message }} />;
  return (
    <DataTable
      label={t('tenantDetail.tabs.pods')}
      rows={pods.data}
      rowKey={(pod) => pod.name}
      columns={columns}
      empty={t('tenantDetail.pods.empty')}
    />
  );
}
