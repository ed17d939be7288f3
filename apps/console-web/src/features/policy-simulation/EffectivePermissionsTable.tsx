import { ACCESS_GROUPS, type AccessGroup, type EffectivePermissionsResponse } from '@stowage/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable.js';
import { QueryState } from '../../components/QueryState.js';
import { type EffectiveSubject, useEffectivePermissionsQuery } from './queries.js';

type Row = EffectivePermissionsResponse['rows'][number];
const GROUPS = Object.keys(ACCESS_GROUPS) as AccessGroup[];

/** A user's access per bucket, or a bucket's per user, by action group (simulator and user page). */
export function EffectivePermissionsTable({ subject }: { subject: EffectiveSubject }) {
  const { t } = useTranslation();
  const permissions = useEffectivePermissionsQuery(subject);
  const columns = useMemo<Column<Row>[]>(
    () => [
      { header: t('policySimulator.effective.name'), cell: (r) => r.name },
      ...GROUPS.map(
        (group): Column<Row> => ({
          header: t(`policySimulator.effective.groups.${group}`),
          cell: (r) =>
            r.access[group] ? t('policySimulator.effective.yes') : t('policySimulator.effective.no'),
        }),
      ),
    ],
    [t],
  );
  return (
    <QueryState query={permissions}>
      {(data) => (
        <DataTable
          label={t('policySimulator.effective.table')}
          rows={data.rows}
          rowKey={(r) => r.name}
          columns={columns}
          empty={t('policySimulator.effective.empty')}
        />
      )}
    </QueryState>
  );
}
