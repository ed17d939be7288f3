import { assertObjectKey } from '../engine/names.js';
import type { QueryPairs } from '../http/context.js';
import { ApiError } from './errors.js';

// Parses a request into a typed S3 operation: one pure function, path-style addressing.
// Operations the store recognises but does not serve yet are `NotImplemented` with their
// AWS action name, so the dispatcher answers 501 and the name shows in logs.

export interface ListParams {
  prefix: string;
  delimiter: string;
  maxKeys: number;
  encodingType?: 'url';
}

export type S3Operation =
  | { op: 'ListBuckets' }
  | { op: 'CreateBucket'; bucket: string }
  | { op: 'HeadBucket'; bucket: string }
  | { op: 'DeleteBucket'; bucket: string }
  | { op: 'GetBucketLocation'; bucket: string }
  | ({ op: 'ListObjectsV2'; bucket: string; continuationToken?: string; startAfter: string } & ListParams)
  | ({ op: 'ListObjects'; bucket: string; marker: string } & ListParams)
  | { op: 'PutObject'; bucket: string; key: string }
  | { op: 'GetObject'; bucket: string; key: string }
  | { op: 'HeadObject'; bucket: string; key: string }
  | { op: 'DeleteObject'; bucket: string; key: string }
  | { op: 'NotImplemented'; name: string; bucket?: string; key?: string };

export interface S3RequestParts {
  method: string;
  /** Decoded path. */
  path: string;
  query: QueryPairs;
  headers: Record<string, string | string[] | undefined>;
  host?: string;
}

type Level = 'bucket' | 'object';
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
      ...bucketConfig(
        'Get',
        ALL_CONFIG.filter((k) => k !== 'location'),
      ),
    ],
    PUT: bucketConfig(
      'Put',
      ALL_CONFIG.filter((k) => k !== 'policyStatus'),
    ),
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

function first(query: QueryPairs, name: string): string | undefined {
  return query.find(([k]) => k === name)?.[1];
}

function actionFor(
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
  const fallback = DEFAULT_ACTION[level][method];
  if (!fallback) throw new ApiError('MethodNotAllowed');
  return fallback;
}

function listParams(query: QueryPairs): ListParams {
  const rawMax = first(query, 'max-keys');
  let maxKeys = 1000;
  if (rawMax !== undefined) {
    if (!/^\d+$/.test(rawMax))
      throw new ApiError('InvalidArgument', 'Argument max-keys must be an integer between 0 and 2147483647');
    maxKeys = Math.min(Number(rawMax), 1000);
  }
  const encoding = first(query, 'encoding-type');
  if (encoding !== undefined && encoding.toLowerCase() !== 'url') {
    throw new ApiError('InvalidArgument', 'Invalid Encoding Method specified in Request');
  }
  const params: ListParams = {
    prefix: first(query, 'prefix') ?? '',
    delimiter: first(query, 'delimiter') ?? '',
    maxKeys,
  };
  if (encoding !== undefined) params.encodingType = 'url';
  return params;
}

/** Splits a decoded path-style path into bucket and key ('' when absent). */
export function splitPath(path: string): { bucket: string; key: string } {
  const rest = path.startsWith('/') ? path.slice(1) : path;
  const slash = rest.indexOf('/');
  return slash < 0 ? { bucket: rest, key: '' } : { bucket: rest.slice(0, slash), key: rest.slice(slash + 1) };
}

export function parseS3Request(parts: S3RequestParts): S3Operation {
  const { method, query, headers } = parts;
  const { bucket, key } = splitPath(parts.path);
  if (bucket === '') {
    if (method === 'GET') return { op: 'ListBuckets' };
    throw new ApiError('MethodNotAllowed');
  }
  const level: Level = key === '' ? 'bucket' : 'object';
  // Key rules (length, NUL, '.'/'..' segments) hold for every object-level operation.
  if (level === 'object') assertObjectKey(key);
  const name = actionFor(level, method, query, headers);
  switch (name) {
    case 'CreateBucket':
    case 'HeadBucket':
    case 'DeleteBucket':
    case 'GetBucketLocation':
      return { op: name, bucket };
    case 'ListObjectsV2': {
      const op: S3Operation = {
        op: name,
        bucket,
        startAfter: first(query, 'start-after') ?? '',
        ...listParams(query),
      };
      const token = first(query, 'continuation-token');
      if (token !== undefined) op.continuationToken = token;
      return op;
    }
    case 'ListObjects':
      return { op: name, bucket, marker: first(query, 'marker') ?? '', ...listParams(query) };
    case 'PutObject':
    case 'GetObject':
    case 'HeadObject':
    case 'DeleteObject':
      return { op: name, bucket, key };
    default:
      return level === 'bucket'
        ? { op: 'NotImplemented', name, bucket }
        : { op: 'NotImplemented', name, bucket, key };
  }
}
