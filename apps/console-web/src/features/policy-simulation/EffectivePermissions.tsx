import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { ACCESS_GROUPS, type AccessGroup, type EffectivePermissionsResponse } from '@stowage/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable.js';
import { QueryState } from '../../components/QueryState.js';
import { useBucketsQuery } from '../buckets/queries.js';
import { useUsersQuery } from '../users/queries.js';
import { type EffectiveSubject, useEffectivePermissionsQuery } from './queries.js';

type Row = EffectivePermissionsResponse['rows'][number];
const GROUPS = Object.keys(ACCESS_GROUPS) as AccessGroup[];

/** A user's access per bucket, or a bucket's per user, by action group. */
export function EffectivePermissions() {
  const { t } = useTranslation();
  const users = useUsersQuery();
  const buckets = useBucketsQuery();
  const [by, setBy] = useState<'user' | 'bucket'>('user');
  const [picked, setPicked] = useState<string | null>(null);
  const subject: EffectiveSubject | undefined = picked
    ? by === 'user'
      ? { user: picked }
      : { bucket: picked }
    : undefined;
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
  const choices =
    by === 'user'
      ? (users.data?.users ?? []).map((u) => u.accessKey)
      : (buckets.data?.buckets ?? []).map((b) => b.name);

  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <SegmentedControl
          aria-label={t('policySimulator.effective.by')}
          value={by}
          onChange={(value) => {
            setBy(value as 'user' | 'bucket');
            setPicked(null);
          }}
          data={[
            { value: 'user', label: t('policySimulator.effective.byUser') },
            { value: 'bucket', label: t('policySimulator.effective.byBucket') },
          ]}
        />
        <Select
          label={by === 'user' ? t('policySimulator.effective.user') : t('policySimulator.effective.bucket')}
          data={choices}
          value={picked}
          onChange={setPicked}
          searchable
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('policySimulator.effective.note')}
      </Text>
      {subject ? (
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
      ) : (
        <Text>{t('policySimulator.effective.pick')}</Text>
      )}
    </Stack>
  );
}
