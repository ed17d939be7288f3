import type { QueryPairs } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import type { S3RequestParts } from '../router.js';

// Which AWS action a request names: method + level (bucket or object) + sub-resource keyword.

export type Level = 'bucket' | 'object';
// Sub-resource keyword → action, per level and method; the first keyword present wins.
type Table = Record<string, ReadonlyArray<readonly [string, string]>>;

const bucketConfig = (verb: string, keys: string[]): Array<readonly [string, string]> =>
  keys.map((k) => [k, `${verb}${CONFIG_NAMES[k]}`] as const);

const CONFIG_NAMES: Record<string, string> = {
  accelerate: 'BucketAccelerateConfiguration',
  acl: 'BucketAcl',
  analytics: 'BucketAnalyticsConfiguration',
  cors: 'BucketCors',
  encryption: 'BucketEncryption',
  'intelligent-tiering': 'BucketIntelligentTieringConfiguration',
  inventory: 'BucketInventoryConfiguration',
  lifecycle: 'BucketLifecycleConfiguration',
  logging: 'BucketLogging',
  metadataConfiguration: 'BucketMetadataConfiguration',
  metadataTable: 'BucketMetadataTableConfiguration',
  metrics: 'BucketMetricsConfiguration',
  notification: 'BucketNotificationConfiguration',
  'object-lock': 'ObjectLockConfiguration',
  ownershipControls: 'BucketOwnershipControls',
  policy: 'BucketPolicy',
  policyStatus: 'BucketPolicyStatus',
  publicAccessBlock: 'PublicAccessBlock',
  replication: 'BucketReplication',
  requestPayment: 'BucketRequestPayment',
  tagging: 'BucketTagging',
  versioning: 'BucketVersioning',
  website: 'BucketWebsite',
};
const ALL_CONFIG = Object.keys(CONFIG_NAMES);
const DELETABLE = [
  'analytics',
  'metadataConfiguration',
  'metadataTable',
  'cors',
  'encryption',
  'intelligent-tiering',
  'inventory',
  'lifecycle',
  'metrics',
  'ownershipControls',
  'policy',
  'publicAccessBlock',
  'replication',
  'tagging',
  'website',
];

const TABLES: Record<Level, Table> = {
  bucket: {
    GET: [
      ['location', 'GetBucketLocation'],
      ['uploads', 'ListMultipartUploads'],
      ['versions', 'ListObjectVersions'],
      ['events', 'ListenBucketNotification'],
      ['replication-metrics', 'GetBucketReplicationMetrics'],
      ['replication-reset-status', 'GetBucketReplicationResetStatus'],
      ...bucketConfig(
        'Get',
        ALL_CONFIG.filter((k) => k !== 'location'),
      ),
    ],
    PUT: [
      ['replication-reset', 'ResetBucketReplicationStart'],
      ...bucketConfig(
        'Put',
        ALL_CONFIG.filter((k) => k !== 'policyStatus'),
      ),
    ],
    DELETE: bucketConfig('Delete', DELETABLE),
    POST: [['delete', 'DeleteObjects']],
    HEAD: [],
  },
  object: {
    GET: [
      ['uploadId', 'ListParts'],
      ['acl', 'GetObjectAcl'],
      ['attributes', 'GetObjectAttributes'],
      ['legal-hold', 'GetObjectLegalHold'],
      ['retention', 'GetObjectRetention'],
      ['tagging', 'GetObjectTagging'],
      ['torrent', 'GetObjectTorrent'],
    ],
    PUT: [
      ['acl', 'PutObjectAcl'],
      ['legal-hold', 'PutObjectLegalHold'],
      ['retention', 'PutObjectRetention'],
      ['tagging', 'PutObjectTagging'],
      ['uploadId', 'UploadPart'],
    ],
    DELETE: [
      ['uploadId', 'AbortMultipartUpload'],
      ['tagging', 'DeleteObjectTagging'],
    ],
    POST: [
      ['uploads', 'CreateMultipartUpload'],
      ['uploadId', 'CompleteMultipartUpload'],
      ['restore', 'RestoreObject'],
      ['select', 'SelectObjectContent'],
    ],
    HEAD: [],
  },
};

/** Every sub-resource keyword the tables know, at either level, for any method. */
const KEYWORDS = new Set(
  Object.values(TABLES).flatMap((table) => Object.values(table).flatMap((rows) => rows.map(([k]) => k))),
);

/**
 * Whether a query parameter chooses the operation (a sub-resource keyword of any level or
 * method, `events` among them): what a signature must cover. `list-type` is not one: it
 * picks between two renderings of one listing, under one action.
 */
export const selectsOperation = (name: string): boolean => KEYWORDS.has(name);

const DEFAULT_ACTION: Record<Level, Record<string, string>> = {
  bucket: {
    GET: 'ListObjects',
    PUT: 'CreateBucket',
    DELETE: 'DeleteBucket',
    HEAD: 'HeadBucket',
    POST: 'PostObject',
  },
  object: { GET: 'GetObject', PUT: 'PutObject', DELETE: 'DeleteObject', HEAD: 'HeadObject' },
};

export function first(query: QueryPairs, name: string): string | undefined {
  return query.find(([k]) => k === name)?.[1];
}

export function actionFor(
  level: Level,
  method: string,
  query: QueryPairs,
  headers: S3RequestParts['headers'],
): string {
  const table = TABLES[level][method];
  if (!table) throw new ApiError('MethodNotAllowed');
  const keys = new Set(query.map(([k]) => k));
  const hit = table.find(([keyword]) => keys.has(keyword));
  if (level === 'bucket' && method === 'GET' && !hit && first(query, 'list-type') === '2')
    return 'ListObjectsV2';
  const copy = headers['x-amz-copy-source'] !== undefined;
  if (level === 'object' && method === 'PUT' && copy)
    return hit?.[1] === 'UploadPart' ? 'UploadPartCopy' : (hit?.[1] ?? 'CopyObject');
  if (hit) return hit[1];
  // A sub-resource this method has no action for never falls through to the default: DELETE
  // /b?versioning would delete the bucket, PUT /b/k?attributes overwrite the object.
  if (method !== 'GET' && method !== 'HEAD')
    for (const key of keys) if (KEYWORDS.has(key)) throw new ApiError('MethodNotAllowed');
  const fallback = DEFAULT_ACTION[level][method];
  if (!fallback) throw new ApiError('MethodNotAllowed');
  return fallback;
}
