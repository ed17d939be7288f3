import { randomUUID } from 'node:crypto';
import { ReplicationError } from './errors.js';

// Bucket remote targets (madmin-protocol.md §3.7): where a bucket replicates to, as
// madmin.BucketTarget, ARN formed as MinIO forms it. Pure: parsing, matching, presenting.

export interface BucketTarget {
  sourcebucket: string;
  endpoint: string;
  credentials: { accessKey: string; secretKey?: string; sessionToken?: string; expiration: string };
  targetbucket: string;
  secure: boolean;
  path?: string;
  api?: string;
  arn: string;
  type: string;
  /** The region: madmin's Go tag makes its JSON key literally "omitempty". */
  omitempty?: string;
  bandwidthlimit?: number;
  replicationSync: boolean;
  storageclass?: string;
  healthCheckDuration?: number;
  disableProxy: boolean;
  resetBeforeDate: string;
  resetID?: string;
}

const ZERO_TIME = '0001-01-01T00:00:00Z';
const MIN_BANDWIDTH = 100_000_000;

const bad = (message: string) => new ReplicationError('BadTarget', message);

const optString = (f: Record<string, unknown>, k: string): string | undefined => {
  const v = f[k];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw bad(`"${k}" must be a string`);
  return v;
};

/** A target from a request body; its ARN is made here unless it updates one. */
export function parseTarget(raw: Record<string, unknown>, bucket: string, region: string): BucketTarget {
  const type = optString(raw, 'type') ?? '';
  if (type !== 'replication')
    throw new ReplicationError('ArnTypeInvalid', "The remote target type must be 'replication'");
  const endpoint = optString(raw, 'endpoint') ?? '';
  if (endpoint === '' || /^[a-z]+:\/\//i.test(endpoint) || endpoint.includes('/'))
    throw bad('"endpoint" must be host[:port], without a scheme or path');
  const targetbucket = optString(raw, 'targetbucket') ?? '';
  if (targetbucket === '') throw bad('"targetbucket" is required');
  const c = (
    typeof raw.credentials === 'object' && raw.credentials !== null ? raw.credentials : {}
  ) as Record<string, unknown>;
  const accessKey = optString(c, 'accessKey') ?? '';
  const secretKey = optString(c, 'secretKey') ?? '';
  if (accessKey === '' || secretKey === '') throw bad('"credentials" need an accessKey and a secretKey');
  const bandwidth = raw.bandwidthlimit ?? 0;
  if (
    typeof bandwidth !== 'number' ||
    !Number.isSafeInteger(bandwidth) ||
    bandwidth < 0 ||
    (bandwidth > 0 && bandwidth < MIN_BANDWIDTH)
  )
    throw bad(`"bandwidthlimit" must be 0 or at least ${MIN_BANDWIDTH} bytes per second`);
  const targetRegion = optString(raw, 'omitempty');
  const target: BucketTarget = {
    sourcebucket: bucket,
    endpoint,
    credentials: { accessKey, secretKey, expiration: ZERO_TIME },
    targetbucket,
    secure: raw.secure === true,
    arn: optString(raw, 'arn') ?? `arn:minio:replication:${region}:${randomUUID()}:${targetbucket}`,
    type,
    replicationSync: raw.replicationSync === true,
    disableProxy: raw.disableProxy === true,
    resetBeforeDate: optString(raw, 'resetBeforeDate') ?? ZERO_TIME,
  };
  const path = optString(raw, 'path');
  if (path) target.path = path;
  const api = optString(raw, 'api');
  if (api) target.api = api;
  if (targetRegion) target.omitempty = targetRegion;
  if (bandwidth > 0) target.bandwidthlimit = bandwidth;
  const sc = optString(raw, 'storageclass');
  if (sc) target.storageclass = sc;
  if (typeof raw.healthCheckDuration === 'number' && raw.healthCheckDuration > 0)
    target.healthCheckDuration = raw.healthCheckDuration;
  return target;
}

/** The same remote: type, bucket, endpoint and access key (MinIO then returns its ARN). */
export const sameRemote = (a: BucketTarget, b: BucketTarget): boolean =>
  a.type === b.type &&
  a.targetbucket === b.targetbucket &&
  a.endpoint === b.endpoint &&
  a.credentials.accessKey === b.credentials.accessKey;

/** What list-remote-targets shows: no secret. */
export function withoutSecret(t: BucketTarget): BucketTarget {
  const { secretKey: _secret, sessionToken: _token, ...credentials } = t.credentials;
  return { ...t, credentials };
}

/**
 * A replication rule's destination must be a remote target of the bucket, named by its ARN
 * (`arn:minio:replication:<region>:<id>:<bucket>`): a rule no target backs replicates nowhere.
 */
export function checkReplicationArn(arn: string, known: readonly BucketTarget[]): void {
  const parts = arn.split(':');
  if (parts.length !== 6 || parts[0] !== 'arn' || parts[1] !== 'minio' || !parts[4] || !parts[5])
    throw new ReplicationError('ArnInvalid');
  if (parts[2] !== 'replication') throw new ReplicationError('ArnTypeInvalid');
  if (!known.some((t) => t.arn === arn)) throw new ReplicationError('TargetNotFound');
}

export function decodeTargets(raw: unknown): BucketTarget[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new Error('remote targets document is not a list');
  return raw as BucketTarget[];
}
