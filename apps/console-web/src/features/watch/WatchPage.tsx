import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { sockets, type WatchFrame } from '@stowage/contract';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStream } from '../../api/useLiveStream.js';
import { LiveStreamStatus } from '../../components/LiveStreamStatus.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useNewestFirst } from '../../components/useNewestFirst.js';
import { type VirtualColumn, VirtualTable } from '../../components/VirtualTable.js';
import { formatBytes, formatTimeOfDay } from '../../utils/format.js';
import { useBucketsQuery } from '../buckets/queries.js';

/**
 * Spec 002 §2.11 Watch: a bucket's object events as they happen. Start needs a bucket from the
 * bucket list (§4); a failed bucket list is only logged (§8), leaving the selector empty.
 */
export function WatchPage() {
  const { t } = useTranslation();
  const buckets = useBucketsQuery();
  const stream = useLiveStream(sockets.watch);
  const [bucket, setBucket] = useState<string | null>(null);
  const [prefix, setPrefix] = useState('');
  const [suffix, setSuffix] = useState('');
  const { newestFirst, rowKey } = useNewestFirst(stream.rows);
  const locked = stream.running;

  useEffect(() => {
    if (buckets.error) console.warn('watch: the bucket list failed', buckets.error);
  }, [buckets.error]);

  const names = useMemo(() => (buckets.data?.buckets ?? []).map((b) => b.name), [buckets.data]);
  const canStart = bucket !== null && names.includes(bucket);

  const columns = useMemo<VirtualColumn<WatchFrame>[]>(
    () => [
      { id: 'time', header: t('watch.columns.time'), cell: (e) => formatTimeOfDay(e.Time), width: '8rem' },
      { id: 'size', header: t('watch.columns.size'), cell: (e) => formatBytes(e.Size), width: '7rem' },
      { id: 'type', header: t('watch.columns.type'), cell: (e) => e.Type, width: 'minmax(12rem, 1fr)' },
      { id: 'path', header: t('watch.columns.path'), cell: (e) => e.Path, width: 'minmax(12rem, 2fr)' },
    ],
    [t],
  );

  return (
    <>
      <PageHeader title={t('pages.watch')} />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('watch.bucket')}
            placeholder={t('watch.selectBucket')}
            data={names}
            value={bucket}
            onChange={setBucket}
            searchable
            disabled={locked}
            w="16rem"
          />
          <TextInput
            label={t('watch.prefix')}
            value={prefix}
            onChange={(e) => setPrefix(e.currentTarget.value)}
            disabled={locked}
          />
          <TextInput
            label={t('watch.suffix')}
            value={suffix}
            onChange={(e) => setSuffix(e.currentTarget.value)}
            disabled={locked}
          />
          {locked ? (
            <Button leftSection={<IconPlayerStop size="1rem" aria-hidden />} onClick={stream.stop}>
              {t('watch.stop')}
            </Button>
          ) : (
            <Button
              leftSection={<IconPlayerPlay size="1rem" aria-hidden />}
              disabled={!canStart}
              onClick={() => bucket && stream.start({ params: { bucket }, query: { prefix, suffix } })}
            >
              {t('watch.start')}
            </Button>
          )}
        </Group>
        <LiveStreamStatus stream={stream} />
        <VirtualTable
          label={t('watch.table')}
          rows={newestFirst}
          rowKey={rowKey}
          columns={columns}
          empty={t('watch.empty')}
        />
      </Stack>
    </>
  );
}
