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

/** /buckets: search and one card per bucket (spec 001 §2 "Buckets list"). */
export function BucketsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const buckets = useBucketsQuery();
  const [creating, setCreating] = useCreateRequest();

  return (
    <>
      <PageHeader
        title={t('pages.buckets')}
        actions={
          <>
            <SearchBox label={t('buckets.search')} value={search} onChange={setSearch} />
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
                <BucketCard key={bucket.name} bucket={bucket} />
              ))}
            </Stack>
          );
        }}
      </QueryState>
      <CreateBucketDialog opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
