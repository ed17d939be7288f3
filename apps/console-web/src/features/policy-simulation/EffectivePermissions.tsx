import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBucketsQuery } from '../buckets/queries.js';
import { useUsersQuery } from '../users/queries.js';
import { EffectivePermissionsTable } from './EffectivePermissionsTable.js';

/** The simulator's second tab: pick a user or a bucket, see its effective permissions. */
export function EffectivePermissions() {
  const { t } = useTranslation();
  const users = useUsersQuery();
  const buckets = useBucketsQuery();
  const [by, setBy] = useState<'user' | 'bucket'>('user');
  const [picked, setPicked] = useState<string | null>(null);
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
      {picked ? (
        <EffectivePermissionsTable subject={by === 'user' ? { user: picked } : { bucket: picked }} />
      ) : (
        <Text>{t('policySimulator.effective.pick')}</Text>
      )}
    </Stack>
  );
}
