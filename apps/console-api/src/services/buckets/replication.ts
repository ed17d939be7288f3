import { createHash, randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import type {
  BucketReplicationMetricsResponse,
  MultiBucketReplicationRequest,
  ReplicationRule,
} from '@stowage/contract';
import { type Credentials, elementsOf, MadminClient, renderXml, type XmlDataObject } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { fromStorageError, storageCall, unlessMissing } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';
import { parseTagString } from './lifecycle.js';

// Replication: a remote target (admin API, gives an ARN) and a rule naming that ARN in the
// bucket's replication configuration (S3). Several origin buckets are set up in parallel.

type Scalar = string | number | boolean;
interface XmlRule {
  ID?: Scalar;
  Status?: string;
  Priority?: Scalar;
  Filter?: { Prefix?: Scalar; Tag?: unknown; And?: { Prefix?: Scalar; Tag?: unknown } };
  Prefix?: Scalar;
  DeleteMarkerReplication?: { Status?: string };
  DeleteReplication?: { Status?: string };
  SourceSelectionCriteria?: { ReplicaModifications?: { Status?: string } };
  ExistingObjectReplication?: { Status?: string };
  Destination?: { Bucket?: string; StorageClass?: string };
}

const many = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The remote as the admin API wants it (host[:port]) and whether it speaks TLS. */
export function remoteEndpoint(targetURL: string, useTLS?: boolean): { host: string; secure: boolean } {
  const m = targetURL.trim().match(/^(https?):\/\/(.*)$/);
  const host = (m ? (m[2] ?? '') : targetURL).replace(/\/+$/, '');
  if (!host) throw new ApiError('badRequest', 'body/targetURL names no host');
  return { host, secure: m ? m[1] === 'https' : Boolean(useTLS) };
}

export async function listExternalBuckets(req: {
  accessKey: string;
  secretKey: string;
  targetURL: string;
  useTLS: boolean;
}) {
  const { host, secure } = remoteEndpoint(req.targetURL, req.useTLS);
  const remote = new MadminClient({
    endpoint: `${secure ? 'https' : 'http'}://${host}`,
    credentials: { accessKey: req.accessKey, secretKey: req.secretKey },
    userAgent: 'Stowage Console',
  });
  // The remote's refusal is about the keys typed into the wizard, not this session.
  const info = await remote.accountInfo().catch((err: unknown) => {
    const mapped = fromStorageError(err, 'call');
    if (mapped.code === 'sessionRequired' || mapped.code === 'forbidden') {
      throw new ApiError('badRequest', mapped.detailedMessage, 'the remote server refused these credentials');
    }
    throw mapped;
  });
  const buckets = (info.Buckets ?? [])
    .map((b) => ({ name: b.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { buckets, total: buckets.length };
}

async function readRules(s3: S3Client, bucket: string): Promise<XmlRule[]> {
  // The SDK's overloads hide the promise this returns.
  const read = s3.getBucketReplication(bucket) as unknown as Promise<{
    ReplicationConfiguration: { rules: XmlRule[] };
  }>;
  const config = await unlessMissing(read, ['ReplicationConfigurationNotFoundError'], undefined);
  return config?.ReplicationConfiguration.rules ?? [];
}

/** Written by hand: the SDK insists on a Role, which per-rule destinations must not have. */
async function writeRules(s3: S3Client, bucket: string, rules: XmlRule[]): Promise<void> {
  if (rules.length === 0) {
    await storageCall(s3.removeBucketReplication(bucket));
    return;
  }
  const [config] = elementsOf('ReplicationConfiguration', {
    Role: '',
    Rule: rules as unknown as XmlDataObject[],
  });
  const body = renderXml(config!);
  const md5 = createHash('md5').update(body).digest('base64');
  await storageCall(
    s3.makeRequestAsync(
      { method: 'PUT', bucketName: bucket, query: 'replication', headers: { 'Content-MD5': md5 } },
      body,
      [200],
    ),
  ).then((res) => res.resume());
}

const status = (on: boolean | undefined) => ({ Status: on ? 'Enabled' : 'Disabled' });

export function toRule(arn: string, priority: number, req: MultiBucketReplicationRequest): XmlRule {
  const tags = parseTagString(req.tags).map((t) => ({ Key: t.key, Value: t.value }));
  const prefix = req.prefix ?? '';
  return {
    ID: randomBytes(10).toString('hex'),
    Status: 'Enabled',
    Priority: priority,
    DeleteMarkerReplication: status(req.replicateDeleteMarkers ?? true),
    DeleteReplication: status(req.replicateDeletes ?? true),
    SourceSelectionCriteria: { ReplicaModifications: status(req.replicateMetadata ?? true) },
    Filter: tags.length ? { And: { Prefix: prefix, Tag: tags } } : { Prefix: prefix },
    Destination: { Bucket: arn, ...(req.storageClass ? { StorageClass: req.storageClass } : {}) },
  };
}

export function fromRule(rule: XmlRule): ReplicationRule {
  const and = rule.Filter?.And;
  const tags = many(and?.Tag ?? rule.Filter?.Tag) as { Key: Scalar; Value: Scalar }[];
  return {
    id: String(rule.ID ?? ''),
    priority: Number(rule.Priority ?? 0),
    destination: { bucket: String(rule.Destination?.Bucket ?? '') },
    prefix: String(and?.Prefix ?? rule.Filter?.Prefix ?? rule.Prefix ?? ''),
    tags: tags.map((t) => `${t.Key}=${t.Value}`).join('&'),
    status: rule.Status === 'Enabled' ? 'Enabled' : 'Disabled',
    delete_marker_replication: rule.DeleteMarkerReplication?.Status === 'Enabled',
    deletes_replication: rule.DeleteReplication?.Status === 'Enabled',
    metadata_replication: rule.SourceSelectionCriteria?.ReplicaModifications?.Status === 'Enabled',
    storageClass: String(rule.Destination?.StorageClass ?? ''),
  };
}

async function replicateOne(
  gateway: StorageGateway,
  session: Credentials,
  req: MultiBucketReplicationRequest,
  origin: string,
  destination: string,
): Promise<void> {
  const { host, secure } = remoteEndpoint(req.targetURL);
  const sync = req.syncMode === 'sync';
  const arn = await storageCall(
    gateway.admin(session).remoteTargets.set(origin, {
      sourcebucket: origin,
      endpoint: host,
      credentials: { accessKey: req.accessKey, secretKey: req.secretKey, expiration: '0001-01-01T00:00:00Z' },
      targetbucket: destination,
      secure,
      type: 'replication',
      ...(req.region ? { omitempty: req.region } : {}),
      bandwidthlimit: sync ? 0 : (req.bandwidth ?? 0),
      replicationSync: sync,
      healthCheckDuration: (req.healthCheckPeriod ?? 60) * 1e9,
      disableProxy: false,
      resetBeforeDate: '0001-01-01T00:00:00Z',
    }),
  );
  const s3 = gateway.s3(session);
  const rules = await readRules(s3, origin);
  const priority = Math.max(0, ...rules.map((r) => Number(r.Priority ?? 0))) + 1;
  await writeRules(s3, origin, [...rules, toRule(arn, priority, req)]);
}

/** Every pair is tried; each reports its own error, so one bad bucket does not hide the rest. */
export async function setMultiBucketReplication(
  gateway: StorageGateway,
  session: Credentials,
  req: MultiBucketReplicationRequest,
) {
  const replicationState = await Promise.all(
    req.bucketsRelation.map(async ({ originBucket, destinationBucket }) => {
      const errorString = await replicateOne(gateway, session, req, originBucket, destinationBucket).then(
        () => '',
        (err: unknown) => {
          const mapped = fromStorageError(err, 'call');
          return mapped.detailedMessage || mapped.message;
        },
      );
      return { originBucket, destinationBucket, errorString };
    }),
  );
  return { replicationState };
}

export async function getReplication(gateway: StorageGateway, session: Credentials, bucket: string) {
  const rules = await readRules(gateway.s3(session), bucket);
  return { rules: rules.map(fromRule).sort((a, b) => a.priority - b.priority) };
}

export async function deleteReplicationRule(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  ruleId: string,
): Promise<void> {
  const s3 = gateway.s3(session);
  const rules = await readRules(s3, bucket);
  const removed = rules.find((r) => String(r.ID) === ruleId);
  if (!removed)
    throw new ApiError('notFound', `no replication rule ${ruleId}`, 'The replication rule was not found');
  const kept = rules.filter((r) => r !== removed);
  await writeRules(s3, bucket, kept);
  const arn = removed.Destination?.Bucket;
  if (arn && !kept.some((r) => r.Destination?.Bucket === arn)) {
    // The target served only this rule; a failure to drop it leaves a harmless spare target.
    await gateway
      .admin(session)
      .remoteTargets.remove(bucket, arn)
      .catch(() => undefined);
  }
}

/** One target's figures as MinIO's BucketReplicationStats names them (cmd/bucket-stats.go). */
interface WireTargetStats {
  pendingReplicationCount?: number;
  pendingReplicationSize?: number;
  failedReplicationCount?: number;
  failedReplicationSize?: number;
  replicationCount?: number;
  completedReplicationSize?: number;
  limitInBits?: number;
}
interface WireReplicationStats {
  Stats?: Record<string, WireTargetStats> | null;
  replicaCount?: number;
  replicaSize?: number;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

export function fromReplicationStats(wire: WireReplicationStats): BucketReplicationMetricsResponse {
  const targets = Object.entries(wire.Stats ?? {})
    .map(([arn, s]) => ({
      arn,
      pendingCount: count(s.pendingReplicationCount),
      pendingSize: count(s.pendingReplicationSize),
      failedCount: count(s.failedReplicationCount),
      failedSize: count(s.failedReplicationSize),
      completedCount: count(s.replicationCount),
      completedSize: count(s.completedReplicationSize),
      bandwidthLimit: count(s.limitInBits),
    }))
    .sort((a, b) => a.arn.localeCompare(b.arn));
  return { targets, replicaCount: count(wire.replicaCount), replicaSize: count(wire.replicaSize) };
}

/** The store's `?replication-metrics` (minio-go GetBucketReplicationMetrics); the SDK has no call for it. */
export async function getReplicationMetrics(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
): Promise<BucketReplicationMetricsResponse> {
  const s3 = gateway.s3(session);
  const res = await storageCall(
    s3.makeRequestAsync({ method: 'GET', bucketName: bucket, query: 'replication-metrics' }, '', [200]),
  );
  const body = await storageCall(text(res));
  let wire: unknown;
  try {
    wire = JSON.parse(body);
  } catch {
    throw new ApiError('backendError', 'the storage server sent replication metrics that are not JSON');
  }
  if (typeof wire !== 'object' || wire === null || Array.isArray(wire)) {
    throw new ApiError('backendError', 'the storage server sent replication metrics of an unknown shape');
  }
  return fromReplicationStats(wire as WireReplicationStats);
}
