import type { PodEvent } from '@stowage/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { formatDateTime } from '../../../utils/format.js';
import { type TenantRef, useTenantPodEventsQuery } from './queries.js';

/** A pod's events, oldest first as the API lists them. */
export function PodEvents({ tenant, pod }: { tenant: TenantRef; pod: string }) {
  const { t } = useTranslation();
  const events = useTenantPodEventsQuery(tenant, pod);
  const columns = useMemo<Column<PodEvent>[]>(
    () => [
      { header: t('tenantTabs.pod.namespace'), cell: (e) => e.namespace },
      {
        header: t('tenantTabs.pod.lastSeen'),
        cell: (e) => formatDateTime(new Date(e.last_seen * 1000).toISOString()),
      },
      { header: t('tenantTabs.pod.type'), cell: (e) => e.event_type },
      { header: t('tenantTabs.pod.reason'), cell: (e) => e.reason },
      { header: t('tenantTabs.pod.message'), cell: (e) => e.message, width: '3fr' },
    ],
    [t],
  );
  return (
    <>
      <ErrorBanner error={events.error} />
      <DataTable
        label={t('tenantTabs.pod.eventsTable', { name: pod })}
        rows={events.data ?? []}
        rowKey={(e) => `${e.last_seen}-${e.reason}-${e.message}`}
        columns={columns}
        loading={events.isPending}
        empty={t('tenantTabs.pod.noEvents')}
      />
    </>
  );
}
