import { Group } from '@mantine/core';
import type { VolumeClaim } from '@stowage/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable.js';
import { QueryState } from '../../components/QueryState.js';
import { SearchBox } from '../../components/SearchBox.js';
import { ViewLink } from '../../components/ViewLink.js';
import { useVolumeClaimsQuery } from './queries.js';

const tenantPath = (claim: VolumeClaim) =>
  `/namespaces/${encodeURIComponent(claim.namespace)}/tenants/${encodeURIComponent(claim.tenant)}`;

/** The search matches any of the texts a row shows. */
function matches(claim: VolumeClaim, needle: string): boolean {
  return [claim.name, claim.namespace, claim.tenant, claim.status, claim.storageClass].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** Spec 002 §2.6 "Volumes": every tenant's volume claims, searchable, each viewing its tenant. */
export function VolumesPanel() {
  const { t } = useTranslation();
  const claims = useVolumeClaimsQuery();
  const [search, setSearch] = useState('');
  const columns = useMemo<Column<VolumeClaim>[]>(
    () => [
      { header: t('storage.volumes.name'), cell: (c) => c.name, width: '2fr' },
      { header: t('storage.volumes.namespace'), cell: (c) => c.namespace },
      { header: t('storage.volumes.status'), cell: (c) => c.status },
      { header: t('storage.volumes.tenant'), cell: (c) => `${c.namespace}/${c.tenant}` },
      { header: t('storage.volumes.capacity'), cell: (c) => c.capacity },
      { header: t('storage.volumes.storageClass'), cell: (c) => c.storageClass },
    ],
    [t],
  );
  return (
    <>
      <Group justify="flex-end" mb="md">
        <SearchBox label={t('storage.volumes.search')} value={search} onChange={setSearch} />
      </Group>
      <QueryState query={claims}>
        {(data) => {
          const needle = search.trim().toLowerCase();
          return (
            <DataTable
              label={t('pages.volumes')}
              rows={data.pvcs.filter((c) => matches(c, needle))}
              rowKey={(c) => `${c.namespace}/${c.name}`}
              columns={columns}
              empty={data.pvcs.length === 0 ? t('storage.volumes.empty') : t('storage.volumes.noMatch')}
              actionsHeader={t('common.actions')}
              actions={(c) =>
                c.tenant ? (
                  <ViewLink
                    to={tenantPath(c)}
                    label={t('storage.volumes.view', { namespace: c.namespace, tenant: c.tenant })}
                  />
                ) : null
              }
            />
          );
        }}
      </QueryState>
    </>
  );
}
