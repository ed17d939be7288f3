import type { Reply } from '../../http/reply.js';
import type { TargetStats } from '../../replication/engine.js';
import type { S3Deps } from '../call.js';
import { ApiError } from '../errors.js';
import { configStore } from '../settings.js';

// GET /<bucket>?replication-metrics: what MinIO's GetBucketReplicationMetrics answers
// (cmd/bucket-stats.go BucketReplicationStats, as minio-go decodes it): per target and in
// total, what waits, what failed, what went, and what replicas arrived.

const perTarget = (s: TargetStats) => ({
  completedReplicationSize: s.replicatedSize,
  replicaSize: 0,
  replicationCount: s.replicatedCount,
  limitInBits: s.bandwidthLimit,
  currentBandwidth: 0,
  pendingReplicationSize: s.pendingSize,
  failedReplicationSize: s.failedSize,
  pendingReplicationCount: s.pendingCount,
  failedReplicationCount: s.failedCount,
});

export async function replicationMetrics(deps: S3Deps, bucket: string): Promise<Reply> {
  await deps.layer.getBucketInfo(bucket);
  // As MinIO: a bucket without a replication configuration has no metrics to show.
  if ((await configStore(deps).get(bucket, 'replication')) === undefined)
    throw new ApiError('ReplicationConfigurationNotFoundError', undefined, { bucket });
  const { targets, replicas } = deps.replication
    ? await deps.replication.stats(bucket)
    : { targets: [], replicas: { count: 0, size: 0 } };
  const sum = (f: (s: TargetStats) => number) => targets.reduce((n, s) => n + f(s), 0);
  const body = {
    Stats: Object.fromEntries(targets.map((s) => [s.arn, perTarget(s)])),
    completedReplicationSize: sum((s) => s.replicatedSize),
    replicaSize: replicas.size,
    replicationCount: sum((s) => s.replicatedCount),
    replicaCount: replicas.count,
    pendingReplicationSize: sum((s) => s.pendingSize),
    failedReplicationSize: sum((s) => s.failedSize),
    pendingReplicationCount: sum((s) => s.pendingCount),
    failedReplicationCount: sum((s) => s.failedCount),
  };
  return {
    status: 200,
    body: { type: 'bytes', value: Buffer.from(JSON.stringify(body)), contentType: 'application/json' },
  };
}
