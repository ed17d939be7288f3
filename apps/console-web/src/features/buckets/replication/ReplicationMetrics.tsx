import { Button, Group, Text, Title } from '@mantine/core';
import type { ReplicationTargetMetrics } from '@stowage/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { QueryState } from '../../../components/QueryState.js';
import { formatBytes } from '../../../utils/format.js';
import { useReplicationMetricsQuery } from './queries.js';
import { destinationName } from './replicationForm.js';

/** Issue 37: the replication engine's progress per target, and the replicas this bucket received. */
export function ReplicationMetrics({ bucket, enabled }: { bucket: string; enabled: boolean }) {
  const { t } = useTranslation();
  const metrics = useReplicationMetricsQuery(bucket, enabled);
  const columns = useMemo<Column<ReplicationTargetMetrics>[]>(() => {
    const figure = (count: number, size: number) =>
      t('replication.figure', { number: String(count), size: formatBytes(size) });
    return [
      { header: t('replication.target'), cell: (r) => destinationName(r.arn), width: '2fr' },
      { header: t('replication.pending'), cell: (r) => figure(r.pendingCount, r.pendingSize) },
      { header: t('replication.failed'), cell: (r) => figure(r.failedCount, r.failedSize) },
      { header: t('replication.completed'), cell: (r) => figure(r.completedCount, r.completedSize) },
    ];
  }, [t]);
  if (!enabled) return null;
  return (
    <>
      <Group justify="space-between" mt="xl" mb="md">
        <Title order={3} size="h5">
          {t('replication.metricsTitle')}
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size="1rem" aria-hidden />}
          onClick={() => void metrics.refetch()}
          loading={metrics.isFetching && !metrics.isPending}
        >
          {t('replication.refresh')}
        </Button>
      </Group>
      <QueryState query={metrics}>
        {(data) => (
          <>
            <DataTable
              label={t('replication.metricsTitle')}
              rows={data.targets}
              rowKey={(r) => r.arn}
              columns={columns}
              empty={t('replication.noMetrics')}
            />
            <Text mt="sm" c="dimmed">
              {t('replication.replicasReceived', {
                number: String(data.replicaCount),
                size: formatBytes(data.replicaSize),
              })}
            </Text>
          </>
        )}
      </QueryState>
    </>
  );
}
