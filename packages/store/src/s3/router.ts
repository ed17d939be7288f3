import { assertObjectKey } from '../engine/names.js';
import type { WriteCondition } from '../engine/object-layer.js';
import type { QueryPairs } from '../http/context.js';
import { fromDomainError } from '../http/domain-errors.js';
import { ApiError } from '../wire/errors.js';
import { parseEventNames } from './events.js';
import type { ConfigKind, ObjectConfigKind, S3Operation, S3RequestParts } from './operation.js';
import { actionFor, first, type Level } from './request/actions.js';
import { hostBucket, splitPath } from './request/address.js';
import { parseConditions, parseWriteCondition } from './request/conditions.js';
import {
  assertStorageClass,
  bypassOf,
  directive,
  encodingOf,
  forceDeleteAsked,
  headerOf,
  listBucketsParams,
  listParams,
  objectAttributes,
  objectLockAsked,
  versionOf,
} from './request/fields.js';
import { assertKeyCharacters, assertMetadataSize } from './request/names.js';
import {
  parseCopyRange,
  parseCopySource,
  parseCount,
  parseOverrides,
  parsePartNumber,
  parseRange,
} from './request/params.js';

// Parses a request into a typed S3 operation: one pure function, path-style addressing,
// and virtual-host style for the configured domains.
// Operations the store recognises but does not serve yet are `NotImplemented` with their
// AWS action name, so the dispatcher answers 501 and the name shows in logs.

export type {
  ConfigKind,
  ListBucketsParams,
  ListParams,
  ObjectConfigKind,
  S3Operation,
  S3RequestParts,
} from './operation.js';

const CONFIG_KINDS: Record<string, ConfigKind> = {
  BucketVersioning: 'versioning',
  BucketTagging: 'tagging',
  BucketPolicy: 'policy',
  ObjectLockConfiguration: 'object-lock',
  BucketEncryption: 'encryption',
  BucketCors: 'cors',
  BucketLifecycleConfiguration: 'lifecycle',
  BucketNotificationConfiguration: 'notification',
  BucketReplication: 'replication',
};

const OBJECT_CONFIG: Record<string, { verb: 'Get' | 'Put' | 'Delete'; kind: ObjectConfigKind }> = {
  GetObjectTagging: { verb: 'Get', kind: 'tagging' },
  PutObjectTagging: { verb: 'Put', kind: 'tagging' },
  DeleteObjectTagging: { verb: 'Delete', kind: 'tagging' },
  GetObjectRetention: { verb: 'Get', kind: 'retention' },
  PutObjectRetention: { verb: 'Put', kind: 'retention' },
  GetObjectLegalHold: { verb: 'Get', kind: 'legal-hold' },
  PutObjectLegalHold: { verb: 'Put', kind: 'legal-hold' },
};

export { hostBucket, splitPath } from './request/address.js';

function bucketConfigOp(name: string, bucket: string): S3Operation | undefined {
  const m = /^(Get|Put|Delete)(.*)$/.exec(name);
  if (!m) return undefined;
  const kind = CONFIG_KINDS[m[2]!];
  return kind ? { op: `${m[1] as 'Get' | 'Put' | 'Delete'}BucketConfig`, bucket, kind } : undefined;
}

function objectOp(name: string, bucket: string, key: string, parts: S3RequestParts): S3Operation | undefined {
  const { query, headers } = parts;
  const uploadId = first(query, 'uploadId') ?? '';
  const source = () => parseCopySource(headerOf(headers, 'x-amz-copy-source') ?? '');
  const config = OBJECT_CONFIG[name];
  if (config)
    return {
      op: `${config.verb}ObjectConfig`,
      kind: config.kind,
      bucket,
      key,
      bypassGovernance: bypassOf(headers),
      ...versionOf(query),
    };
  switch (name) {
    case 'PutObject':
      return { op: name, bucket, key, ...writeCondition(headers) };
    case 'CreateMultipartUpload':
      return { op: name, bucket, key };
    case 'DeleteObject':
      return { op: name, bucket, key, bypassGovernance: bypassOf(headers), ...versionOf(query) };
    case 'GetObjectAcl':
    case 'PutObjectAcl':
    case 'RestoreObject':
      return { op: name, bucket, key, ...versionOf(query) };
    case 'GetObject':
    case 'HeadObject': {
      const rangeHeader = headerOf(headers, 'range');
      const range = parseRange(rangeHeader);
      const ifRange = headerOf(headers, 'if-range');
      const part = first(query, 'partNumber');
      const conditions = parseConditions(headers);
      const overrides = parseOverrides(query);
      // Any Range with a part, even one that would be ignored as unreadable (as MinIO).
      if (rangeHeader && part !== undefined)
        throw new ApiError(
          'InvalidRequest',
          'Cannot specify both Range header and partNumber query parameter',
        );
      return {
        op: name,
        bucket,
        key,
        conditions,
        overrides,
        ...versionOf(query),
        ...(range ? { range } : {}),
        ...(range && ifRange !== undefined ? { ifRange } : {}),
        ...(part === undefined ? {} : { partNumber: parsePartNumber(part) }),
      };
    }
    case 'CopyObject':
      return {
        op: name,
        bucket,
        key,
        source: source(),
        conditions: parseConditions(headers, 'x-amz-copy-source-'),
        metadataDirective: directive(headers, 'metadata'),
        taggingDirective: directive(headers, 'tagging'),
        ...writeCondition(headers),
      };
    case 'UploadPart':
      return { op: name, bucket, key, uploadId, partNumber: parsePartNumber(first(query, 'partNumber')) };
    case 'UploadPartCopy': {
      const range = parseCopyRange(headerOf(headers, 'x-amz-copy-source-range'));
      return {
        op: name,
        bucket,
        key,
        uploadId,
        partNumber: parsePartNumber(first(query, 'partNumber')),
        source: source(),
        conditions: parseConditions(headers, 'x-amz-copy-source-'),
        ...(range ? { range } : {}),
      };
    }
    case 'CompleteMultipartUpload':
      return { op: name, bucket, key, uploadId, ...writeCondition(headers) };
    case 'AbortMultipartUpload':
      return { op: name, bucket, key, uploadId };
    case 'GetObjectAttributes':
      return {
        op: name,
        bucket,
        key,
        attributes: objectAttributes(headerOf(headers, 'x-amz-object-attributes')),
        maxParts: parseCount(headerOf(headers, 'x-amz-max-parts'), 'x-amz-max-parts', 1000, 1000),
        partNumberMarker: parseCount(
          headerOf(headers, 'x-amz-part-number-marker'),
          'x-amz-part-number-marker',
          0,
          10_000,
        ),
        ...versionOf(query),
      };
    case 'ListParts':
      return {
        op: name,
        bucket,
        key,
        uploadId,
        maxParts: parseCount(first(query, 'max-parts'), 'max-parts', 1000, 1000),
        partNumberMarker: parseCount(first(query, 'part-number-marker'), 'part-number-marker', 0, 2147483647),
      };
    default:
      return undefined;
  }
}

function bucketOp(name: string, bucket: string, parts: S3RequestParts): S3Operation | undefined {
  const { query, headers } = parts;
  switch (name) {
    case 'CreateBucket':
      return {
        op: name,
        bucket,
        objectLock: objectLockAsked(headerOf(headers, 'x-amz-bucket-object-lock-enabled')),
      };
    case 'DeleteBucket':
      return { op: name, bucket, force: forceDeleteAsked(headerOf(headers, 'x-minio-force-delete')) };
    case 'HeadBucket':
    case 'GetBucketLocation':
    case 'DeleteObjects':
    case 'GetBucketPolicyStatus':
    case 'GetBucketReplicationMetrics':
    case 'PostObject':
    case 'GetBucketAcl':
    case 'PutBucketAcl':
      return { op: name, bucket };
    case 'ResetBucketReplicationStart':
      return {
        op: name,
        bucket,
        olderThan: first(query, 'older-than') ?? '',
        arn: first(query, 'arn') ?? '',
        resetId: first(query, 'reset-id') ?? '',
      };
    case 'GetBucketReplicationResetStatus':
      return { op: name, bucket, arn: first(query, 'arn') ?? '' };
    case 'ListObjectsV2': {
      const op: S3Operation = {
        op: name,
        bucket,
        startAfter: first(query, 'start-after') ?? '',
        ...listParams(query),
      };
      // An empty token is read as none (boto3 sends one when given ""), yet echoed as sent.
      const token = first(query, 'continuation-token');
      if (token !== undefined) op.continuationToken = token;
      if (first(query, 'fetch-owner') === 'true') op.fetchOwner = true;
      return op;
    }
    case 'ListObjects':
      return { op: name, bucket, marker: first(query, 'marker') ?? '', ...listParams(query) };
    case 'ListObjectVersions':
      return {
        op: name,
        bucket,
        keyMarker: first(query, 'key-marker') ?? '',
        versionIdMarker: first(query, 'version-id-marker') ?? '',
        ...listParams(query),
      };
    case 'ListMultipartUploads':
      return {
        op: name,
        bucket,
        prefix: first(query, 'prefix') ?? '',
        delimiter: first(query, 'delimiter') ?? '',
        keyMarker: first(query, 'key-marker') ?? '',
        uploadIdMarker: first(query, 'upload-id-marker') ?? '',
        maxUploads: parseCount(first(query, 'max-uploads'), 'max-uploads', 1000, 1000),
        ...encodingOf(query),
      };
    default:
      return bucketConfigOp(name, bucket);
  }
}

const WRITES_METADATA = new Set(['PutObject', 'CopyObject', 'CreateMultipartUpload']);

/** Parses a request; anything it refuses is an ApiError from the one catalogue. */
export function parseS3Request(parts: S3RequestParts): S3Operation {
  try {
    return parseOperation(parts);
  } catch (err) {
    // The engine's name rules throw its own error type; it crosses into the protocol here.
    throw fromDomainError(err) ?? err;
  }
}

/** A write's If-Match / If-None-Match, as an operation field when present. */
function writeCondition(headers: S3RequestParts['headers']): { condition?: WriteCondition } {
  const condition = parseWriteCondition(headers);
  return condition ? { condition } : {};
}

function parseOperation(parts: S3RequestParts): S3Operation {
  const { method, query, headers } = parts;
  const vhost = hostBucket(parts.host, parts.domains);
  // Virtual-host style: the whole path (less its leading '/') is the key.
  const { bucket, key } =
    vhost === undefined ? splitPath(parts.path) : { bucket: vhost, key: parts.path.replace(/^\//, '') };
  if (method === 'GET' && query.some(([k]) => k === 'events') && (bucket === '' || key === ''))
    return listenOperation(bucket, query);
  if (bucket === '') {
    if (method === 'GET') return { op: 'ListBuckets', ...listBucketsParams(query) };
    throw new ApiError('MethodNotAllowed');
  }
  // Preflight is answered from the bucket's CORS rules, for any path inside it.
  if (method === 'OPTIONS') return { op: 'CorsPreflight', bucket };
  const level: Level = key === '' ? 'bucket' : 'object';
  // Key rules (length, NUL, '.'/'..' segments) hold for every object-level operation.
  if (level === 'object') {
    assertObjectKey(key);
    assertKeyCharacters(key);
  }
  const name = actionFor(level, method, query, headers);
  // Checked before any byte of the body is read, so an oversized request stores nothing.
  if (WRITES_METADATA.has(name)) {
    assertMetadataSize(headers);
    assertStorageClass(headerOf(headers, 'x-amz-storage-class'));
  }
  const op = level === 'bucket' ? bucketOp(name, bucket, parts) : objectOp(name, bucket, key, parts);
  if (op) return op;
  return level === 'bucket'
    ? { op: 'NotImplemented', name, bucket }
    : { op: 'NotImplemented', name, bucket, key };
}

/** GET /[bucket]?events=…: MinIO's ListenBucketNotification (madmin-protocol.md §5.1). */
function listenOperation(bucket: string, query: QueryPairs): S3Operation {
  const all = (k: string) => query.filter(([name]) => name === k).map(([, v]) => v);
  const [prefix = '', ...morePrefixes] = all('prefix');
  const [suffix = '', ...moreSuffixes] = all('suffix');
  if (morePrefixes.length > 0 || moreSuffixes.length > 0)
    throw new ApiError('InvalidArgument', 'Only one prefix and one suffix may be given');
  return {
    op: 'ListenNotification',
    ...(bucket === '' ? {} : { bucket }),
    events: parseEventNames(all('events')),
    prefix,
    suffix,
  };
}
