import { Stack } from '@mantine/core';
import type { VolumeClaim } from '@stowage/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.js';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { SearchBox } from '../../../components/SearchBox.js';
import { showSnackbar } from '../../../components/snackbar.js';
import { formatDuration } from '../../../utils/format.js';
import { useTenantVolumeClaims } from '../queries.js';

const ageOf = (iso: string, now: number) => {
  const created = Date.parse(iso);
  return Number.isNaN(created) ? iso : formatDuration((now - created) / 1000);
};

/** Spec 002 §2.4 Volumes: the tenant's volume claims. */
export function VolumesTab({ namespace, tenant }: { namespace: string; tenant: string }) {
  const { t } = useTranslation();
  const claims = useTenantVolumeClaims({ namespace, tenant });
  const [filter, setFilter] = useState('');

  useEffect(() => {
    // Spec 002 §8: a volume-claim list failure is an error snack message.
    if (claims.error)
      showSnackbar(
        claims.error.message,
        'error',
        claims.error instanceof ApiError ? claims.error.details : undefined,
      );
  }, [claims.error]);

  const columns = useMemo<Column<VolumeClaim>[]>(() => {
    const now = Date.now();
    return [
      { header: t('tenantTabs.volumes.name'), cell: (v) => v.name, width: '2fr' },
      { header: t('tenantTabs.volumes.status'), cell: (v) => v.status },
      { header: t('tenantTabs.volumes.capacity'), cell: (v) => v.capacity },
      { header: t('tenantTabs.volumes.storageClass'), cell: (v) => v.storageClass },
      { header: t('tenantTabs.volumes.volume'), cell: (v) => v.volume, width: '2fr', optional: true },
      { header: t('tenantTabs.volumes.age'), cell: (v) => ageOf(v.age, now), optional: true },
    ];
  }, [t]);
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = claims.data?.pvcs ?? [];
    return needle ? all.filter((v) => v.name.toLowerCase().includes(needle)) : all;
  }, [claims.data, filter]);

  return (
    <Stack>
      <SearchBox label={t('tenantTabs.volumes.search')} value={filter} onChange={setFilter} />
      <DataTable
        label={t('tenantTabs.volumes.title')}
        rows={rows}
        rowKey={(v) => v.name}
        columns={columns}
        loading={claims.isPending}
        empty={t('tenantTabs.volumes.empty')}
        columnChooser
      />
    </Stack>
  );
}
