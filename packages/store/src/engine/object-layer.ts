import type { Readable } from 'node:stream';

// The storage interface under the protocol layer, named in S3 verbs (MinIO's ObjectLayer).
// It never sees HTTP: bodies arrive as already-verified streams, errors are EngineErrors.

/** Largest single PUT that S3 accepts (5 GiB). */
export const MAX_OBJECT_SIZE = 5 * 1024 ** 3;

export interface BucketInfo {
  name: string;
  created: Date;
}

/** Standard headers S3 keeps with an object and returns on GET/HEAD. */
export type StoredHeaderName =
  | 'cache-control'
  | 'content-disposition'
  | 'content-encoding'
  | 'content-language'
  | 'expires';

export interface ObjectInfo {
  bucket: string;
  key: string;
  size: number;
  /** Hex MD5 of the content, without quotes. */
  etag: string;
  contentType: string;
  /** x-amz-meta-* values, keys lower-case without the prefix. */
  userMeta: Record<string, string>;
  headers: Partial<Record<StoredHeaderName, string>>;
  modTime: Date;
}

export interface PutObjectInput {
  bucket: string;
  key: string;
  body: Readable;
  /** Declared length, checked against what arrives; undefined when unknown. */
  size?: number;
  contentType?: string;
  userMeta?: Record<string, string>;
  headers?: Partial<Record<StoredHeaderName, string>>;
  /** Content-MD5 as sent (raw digest); a mismatch fails the write with BadDigest. */
  expectedMd5?: Buffer;
}

/** A requested range (the S3 Range header), resolved by the engine against the object read. */
export type RangeSpec = { start: number; end?: number } | { suffix: number };

/** Inclusive byte range within an object. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface GetObjectResult {
  info: ObjectInfo;
  stream: Readable;
  /** Present when a range was asked for: the bytes the stream carries. */
  range?: ByteRange;
}

export interface ListObjectsInput {
  bucket: string;
  prefix: string;
  delimiter: string;
  /** Exclusive: listing starts after this key (or after this common prefix). */
  marker: string;
  maxKeys: number;
}

export interface ListObjectsResult {
  objects: ObjectInfo[];
  prefixes: string[];
  isTruncated: boolean;
  /** The last key or prefix returned, to continue from when truncated. */
  nextMarker?: string;
}

export interface BucketUsage {
  size: number;
  objects: number;
}

export interface BackendInfo {
  kind: 'Erasure' | 'FS';
  drives: number;
  onlineDrives: number;
  dataShards: number;
  parityShards: number;
}

export interface ObjectLayer {
  makeBucket(bucket: string): Promise<void>;
  getBucketInfo(bucket: string): Promise<BucketInfo>;
  listBuckets(): Promise<BucketInfo[]>;
  deleteBucket(bucket: string): Promise<void>;
  bucketUsage(bucket: string): Promise<BucketUsage>;
  putObject(input: PutObjectInput): Promise<ObjectInfo>;
  /** When this rejects, no stream was opened (MinIO's GetObjectNInfo contract). */
  getObject(bucket: string, key: string, range?: RangeSpec): Promise<GetObjectResult>;
  getObjectInfo(bucket: string, key: string): Promise<ObjectInfo>;
  /** Idempotent: deleting a missing key succeeds. */
  deleteObject(bucket: string, key: string): Promise<void>;
  listObjects(input: ListObjectsInput): Promise<ListObjectsResult>;
  backendInfo(): BackendInfo;
  shutdown(): Promise<void>;
}
