import { Button, EmptyState, Stack } from '@mantine/core';
import { IconBucket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRequest } from '../../app/useCreateRequest.js';
import { CanDo } from '../../components/Can.js';
import { PageHeader } from '../../components/PageHeader.js';
import { QueryState } from '../../components/QueryState.js';
import { SearchBox } from '../../components/SearchBox.js';
import { BucketCard } from './BucketCard.js';
import { filterBuckets } from './bucketView.js';
import { CreateBucketDialog } from './CreateBucketDialog.js';
import { useBucketsQuery } from './queries.js';
import { MultiReplicationDialog } from './replication/MultiReplicationDialog.js';

/** /buckets: search and one card per bucket (spec 001 §2 "Buckets list"). */
export function BucketsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const buckets = useBucketsQuery();
  const [creating, setCreating] = useCreateRequest();
  const [bulk, setBulk] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [replicating, setReplicating] = useState(false);
  const toggleBulk = () => {
    setBulk((b) => !b);
    setSelected(new Set());
  };
  const toggle = (name: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  return (
    <>
      <PageHeader
        title={t('pages.buckets')}
        actions={
          <>
            <SearchBox label={t('buckets.search')} value={search} onChange={setSearch} />
            <Button variant={bulk ? 'filled' : 'default'} onClick={toggleBulk} aria-pressed={bulk}>
              {t('buckets.bulkSelect')}
            </Button>
            <CanDo action="s3:PutReplicationConfiguration">
              <Button variant="default" disabled={selected.size === 0} onClick={() => setReplicating(true)}>
                {t('buckets.setReplication')}
              </Button>
            </CanDo>
            <CanDo action="s3:CreateBucket">
              <Button onClick={() => setCreating(true)}>{t('buckets.create')}</Button>
            </CanDo>
          </>
        }
      />
      <QueryState query={buckets}>
        {(data) => {
          const shown = filterBuckets(data.buckets, search);
          if (shown.length === 0) {
            return (
              <EmptyState
                icon={<IconBucket aria-hidden />}
                title={data.buckets.length === 0 ? t('buckets.empty') : t('buckets.noMatch')}
              />
            );
          }
          return (
            <Stack gap="md">
              {shown.map((bucket) => (
                <BucketCard
                  key={bucket.name}
                  bucket={bucket}
                  selection={
                    bulk
                      ? { selected: selected.has(bucket.name), onToggle: () => toggle(bucket.name) }
                      : undefined
                  }
                />
              ))}
            </Stack>
          );
        }}
      </QueryState>
      <CreateBucketDialog opened={creating} onClose={() => setCreating(false)} />
      <MultiReplicationDialog
        buckets={[...selected]}
        opened={replicating}
        onClose={() => setReplicating(false)}
        onDone={() => setSelected(new Set())}
      />
    </>
  );
}
