import type { QueryPairs } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import type { ListBucketsParams, ListParams, S3RequestParts } from '../operation.js';
import { first } from './actions.js';
import { parseCount } from './params.js';

// Fields of an S3 operation read from the query and headers, each checked as S3 (or MinIO,
// for its own headers) checks it.

type Headers = S3RequestParts['headers'];

export function listParams(query: QueryPairs): ListParams {
  const params: ListParams = {
    prefix: first(query, 'prefix') ?? '',
    delimiter: first(query, 'delimiter') ?? '',
    maxKeys: parseCount(first(query, 'max-keys'), 'max-keys', 1000, 1000),
    ...encodingOf(query),
  };
  return params;
}

/** encoding-type=url (any case), the only encoding S3 knows. */
export function encodingOf(query: QueryPairs): { encodingType?: 'url' } {
  const encoding = first(query, 'encoding-type');
  if (encoding === undefined) return {};
  if (encoding.toLowerCase() !== 'url')
    throw new ApiError('InvalidArgument', 'Invalid Encoding Method specified in Request');
  return { encodingType: 'url' };
}

export const headerOf = (headers: Headers, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};

export function directive(headers: Headers, kind: 'metadata' | 'tagging'): 'COPY' | 'REPLACE' {
  // Empty is COPY, as MinIO reads it.
  const v = headerOf(headers, `x-amz-${kind}-directive`) || 'COPY';
  if (v !== 'COPY' && v !== 'REPLACE') throw new ApiError('InvalidArgument', `Unknown ${kind} directive.`);
  return v;
}

/** MinIO's x-minio-force-delete: a Go boolean (strconv.ParseBool); anything else is refused. */
export function forceDeleteAsked(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  throw new ApiError('InvalidRequest');
}

/**
 * x-amz-bucket-object-lock-enabled: true or false (any case); anything else is refused, as
 * MinIO refuses it, rather than read as false: a typo must not make a bucket without WORM.
 */
export function objectLockAsked(value: string | undefined): boolean {
  if (!value) return false; // absent or empty: not asked (MinIO)
  const v = value.toLowerCase();
  if (v !== 'true' && v !== 'false') throw new ApiError('InvalidRequest');
  return v === 'true';
}

/**
 * ?versionId=: absent means the latest version. An empty one is refused, as S3 does:
 * read as "latest" (MinIO's way), a DELETE meant for one version would remove the object.
 */
export function versionOf(query: QueryPairs): { versionId?: string } {
  const v = first(query, 'versionId');
  if (v === '') throw new ApiError('InvalidArgument', 'Version id cannot be the empty string');
  return v === undefined ? {} : { versionId: v };
}

export const bypassOf = (headers: Headers): boolean =>
  headerOf(headers, 'x-amz-bypass-governance-retention')?.toLowerCase() === 'true';

/** ListBuckets' paging (S3, 2024): prefix, max-buckets 1 to 10,000, a token, a region. */
export function listBucketsParams(query: QueryPairs): ListBucketsParams {
  const out: ListBucketsParams = {};
  const prefix = first(query, 'prefix');
  const token = first(query, 'continuation-token');
  const region = first(query, 'bucket-region');
  const max = first(query, 'max-buckets');
  if (prefix !== undefined) out.prefix = prefix;
  if (token) out.continuationToken = token; // an empty token is none, as for ListObjectsV2
  if (region !== undefined) out.bucketRegion = region;
  if (max !== undefined) {
    const n = /^\d+$/.test(max) ? Number(max) : Number.NaN;
    if (!(n >= 1 && n <= 10_000))
      throw new ApiError('InvalidArgument', 'Argument max-buckets must be an integer between 1 and 10000');
    out.maxBuckets = n;
  } else if (prefix !== undefined || token || region !== undefined) out.maxBuckets = 10_000;
  return out;
}

/** MinIO's storage classes (storageclass.IsValid): anything else is InvalidStorageClass. */
export function assertStorageClass(value: string | undefined): void {
  if (value !== undefined && value !== 'STANDARD' && value !== 'REDUCED_REDUNDANCY')
    throw new ApiError('InvalidStorageClass');
}

/** The class a listing reports for a version's stored headers. */
export const storageClassOf = (headers: { 'x-amz-storage-class'?: string }): string =>
  headers['x-amz-storage-class'] ?? 'STANDARD';

const OBJECT_ATTRIBUTES = ['ETag', 'Checksum', 'ObjectParts', 'StorageClass', 'ObjectSize'] as const;
export type ObjectAttribute = (typeof OBJECT_ATTRIBUTES)[number];

/** GetObjectAttributes' x-amz-object-attributes: a comma list of what to answer, at least one. */
export function objectAttributes(raw: string | undefined): ObjectAttribute[] {
  const names = (raw ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.length === 0 || names.some((n) => !(OBJECT_ATTRIBUTES as readonly string[]).includes(n)))
    throw new ApiError('InvalidArgument', 'Invalid attribute name specified.');
  return names as ObjectAttribute[];
}
