import { IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable.js';
import { ListToolbar } from '../../components/ListToolbar.js';
import { QueryState } from '../../components/QueryState.js';
import { RowAction } from '../../components/RowAction.js';
import { formatBytes, formatNumber } from '../../utils/format.js';
import { useTiersQuery } from './queries.js';
import { type TierRow, tierRow } from './tierRules.js';
import { UpdateCredentialsDialog } from './UpdateCredentialsDialog.js';

const matches = (row: TierRow, needle: string) =>
  [row.name, row.type, row.endpoint, row.bucket, row.prefix, row.region].some((v) =>
    v.toLowerCase().includes(needle),
  );

/** Spec 002 §2.1 "Tiers": a filterable table with refresh and Add Tier; edit updates credentials. */
export function TiersList() {
  const { t } = useTranslation();
  const tiers = useTiersQuery();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TierRow | undefined>();

  const columns = useMemo<Column<TierRow>[]>(
    () => [
      { header: t('tiers.columns.name'), cell: (r) => r.name },
      { header: t('tiers.columns.type'), cell: (r) => t(`tiers.types.${r.type}`) },
      { header: t('tiers.columns.endpoint'), cell: (r) => r.endpoint, width: 'minmax(12rem, 2fr)' },
      { header: t('tiers.columns.bucket'), cell: (r) => r.bucket },
      { header: t('tiers.columns.prefix'), cell: (r) => r.prefix },
      { header: t('tiers.columns.region'), cell: (r) => r.region },
      { header: t('tiers.columns.objects'), cell: (r) => (r.usage ? formatNumber(r.usage.objects) : '') },
      { header: t('tiers.columns.versions'), cell: (r) => (r.usage ? formatNumber(r.usage.versions) : '') },
      { header: t('tiers.columns.usage'), cell: (r) => (r.usage ? formatBytes(r.usage.size) : '') },
    ],
    [t],
  );

  return (
    <>
      <ListToolbar
        title={t('tiers.title')}
        search={{ label: t('tiers.search'), value: search, onChange: setSearch }}
        refresh={{
          label: t('tiers.refresh'),
          busy: tiers.isFetching && !tiers.isPending,
          onClick: () => void tiers.refetch(),
        }}
        add={{ label: t('tiers.add'), to: '/settings/tiers/add', action: 'admin:SetTier' }}
      />
      <QueryState query={tiers}>
        {(data) => {
          const rows = data.items.map(tierRow);
          const needle = search.trim().toLowerCase();
          return (
            <DataTable
              label={t('tiers.title')}
              rows={rows.filter((r) => matches(r, needle))}
              rowKey={(r) => `${r.type}/${r.name}`}
              columns={columns}
              empty={rows.length === 0 ? t('tiers.empty') : t('tiers.noMatch')}
              actionsHeader={t('common.actions')}
              actions={(r) => (
                <RowAction
                  action="admin:SetTier"
                  label={t('tiers.edit', { tier: r.name })}
                  icon={IconPencil}
                  onClick={() => setEditing(r)}
                />
              )}
            />
          );
        }}
      </QueryState>
      <UpdateCredentialsDialog tier={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
