import { randomUUID } from 'node:crypto';
import { configStore } from '../../engine/bucket-settings.js';
import type { ReplicationView, TargetStats } from '../../replication/engine.js';
import { parseGoDuration, resetBefore, resyncTargetJson } from '../../replication/resync.js';
import { ApiError } from '../../wire/errors.js';
import type { Reply } from '../../wire/reply.js';
import type { S3Deps } from '../call.js';
import type { S3Operation } from '../router.js';

// MinIO's replication calls on a bucket, as minio-go makes them: the metrics
// (GetBucketReplicationMetrics, cmd/bucket-stats.go BucketReplicationStats: per target and in
// total, what waits, what failed, what went, what replicas arrived), and resync
// (ResetBucketReplicationOnTarget, GetBucketReplicationResyncStatus).

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

const json = (value: unknown): Reply => ({
  status: 200,
  body: { type: 'bytes', value: Buffer.from(JSON.stringify(value)), contentType: 'application/json' },
});

/** The bucket exists and has a replication configuration (MinIO's checks, in its order). */
async function replicated(deps: S3Deps, bucket: string): Promise<ReplicationView> {
  await deps.layer.getBucketInfo(bucket);
  if ((await configStore(deps).get(bucket, 'replication')) === undefined || !deps.replication)
    throw new ApiError('ReplicationConfigurationNotFoundError', undefined, { bucket });
  return deps.replication;
}

export async function replicationMetrics(deps: S3Deps, bucket: string): Promise<Reply> {
  const { targets, replicas } = await (await replicated(deps, bucket)).stats(bucket);
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
  return json(body);
}

type ResetOp = Extract<S3Operation, { op: 'ResetBucketReplicationStart' }>;

export async function startResync(deps: S3Deps, op: ResetOp): Promise<Reply> {
  const olderThan = op.olderThan === '' ? 0 : parseGoDuration(op.olderThan);
  if (olderThan === undefined)
    throw new ApiError(
      'InvalidArgument',
      `invalid query parameter older-than ${op.olderThan} for ${op.bucket}`,
    );
  const replication = await replicated(deps, op.bucket);
  const arns = await replication.resyncTargets(op.bucket, op.arn);
  if (arns === 'none') throw new ApiError('XMinioAdminRemoteTargetNotFoundError');
  if (arns.length === 0) throw new ApiError('XMinioReplicationNoExistingObjects');
  if (arns.length > 1) throw new ApiError('InvalidArgument', 'ARN should be specified for replication reset');
  const state = replication.startResync(
    op.bucket,
    arns[0]!,
    resetBefore(new Date(), olderThan),
    op.resetId || randomUUID(),
  );
  return json({ target: [{ arn: state.arn, resetid: state.resetId }] });
}

type StatusOp = Extract<S3Operation, { op: 'GetBucketReplicationResetStatus' }>;

export async function resyncStatus(deps: S3Deps, op: StatusOp): Promise<Reply> {
  const all = await (await replicated(deps, op.bucket)).resyncStatus(op.bucket);
  const shown = all.filter(({ state }) => op.arn === '' || state.arn === op.arn);
  return json({ target: shown.map(({ state, status }) => resyncTargetJson(state, status)) });
}
