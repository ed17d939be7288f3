import type { Readable } from 'node:stream';
import type { StoredHeaderName } from '../format/object-meta.js';
import type { Logger } from '../observe/logger.js';
import type { HealQueueStats } from './erasure/heal/heal-queue.js';
import type { Versioning } from './erasure/versions.js';

export type { Versioning } from './erasure/versions.js';

// The storage interface under the protocol layer, named in S3 verbs (MinIO's ObjectLayer).
// It never sees HTTP: bodies arrive as already-verified streams, errors are EngineErrors,
// and bucket settings that change what a call does (versioning, object lock) are passed in.

/** Largest single PUT that S3 accepts (5 GiB). */
export const MAX_OBJECT_SIZE = 5 * 1024 ** 3;
/** S3's minimum size for every part of a multipart upload but the last. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;

export interface BucketInfo {
  name: string;
  created: Date;
}

// The standard headers kept with an object are its stored record's (format/object-meta.ts).
export type { StoredHeaderName };

export interface RetentionInfo {
  mode: 'GOVERNANCE' | 'COMPLIANCE';
  until: Date;
}

/** What healing one object did: the drives that got shards or records back. */
export interface HealResult {
  /** The drives that got something, by their position in the deployment. */
  healed: number[];
  /** The erasure set the object lives in. */
  set?: number;
  /** Why some version could not be rebuilt (too few shards left), when one could not. */
  failed?: string;
  /**
   * Per drive of the object's set, in the set's order: what it held before heal and after
   * (after = before in a dry run). Named as madmin's DriveState constants.
   */
  before?: ShardState[];
  after?: ShardState[];
  /**
   * Versions too few drives hold (records or shards) ever to be read again, the rest
   * missing rather than offline: 'removed' when heal deleted them (HealOpts.remove),
   * 'kept' when it only found them.
   */
  dangling?: 'removed' | 'kept';
}

/** One drive's copy of an object, as madmin names drive states. */
export type ShardState = 'ok' | 'missing' | 'corrupt' | 'offline';

/** How an object is healed: a deep scan checks every block's checksum; remove deletes dangling versions. */
export interface HealObjectOpts {
  deep?: boolean;
  dryRun?: boolean;
  /** Delete dangling versions (default: yes, as the background heal always has). */
  remove?: boolean;
}

export interface ObjectPartInfo {
  number: number;
  /** Logical bytes of the part (what the client sent). */
  size: number;
  /** Bytes stored for the part. */
  storedSize: number;
  etag: string;
  /** What the protocol layer kept with the part (its checksums); {} when nothing. */
  internal: Record<string, string>;
}

export interface ObjectInfo {
  bucket: string;
  key: string;
  /** 'null' for objects written without versioning. */
  versionId: string;
  isLatest: boolean;
  deleteMarker: boolean;
  /** Logical size: what GET returns. */
  size: number;
  /** Bytes the engine stores and reads (differs from size when the protocol layer encrypts). */
  storedSize: number;
  /** Hex MD5 of the content (or S3's multipart form `<md5>-<parts>`), without quotes. */
  etag: string;
  contentType: string;
  /** x-amz-meta-* values, keys lower-case without the prefix. */
  userMeta: Record<string, string>;
  headers: Partial<Record<StoredHeaderName, string>>;
  modTime: Date;
  /** URL-encoded tag set; '' when none. */
  tags: string;
  retention?: RetentionInfo;
  /** Undefined until a legal hold is first set. */
  legalHold?: boolean;
  /** What the protocol layer keeps with the version (encryption, checksums). */
  internal: Record<string, string>;
  /** Multipart objects: their parts (one part for a plain PUT). */
  parts: ObjectPartInfo[];
}

/** What the caller learns only once the body has been read (e.g. a plaintext digest). */
export interface BodyFacts {
  etag?: string;
  /** Logical size when the stored bytes differ from what the client sent. */
  actualSize?: number;
  internal?: Record<string, string>;
}

export interface NewObjectMeta {
  /** Parity shards of the object (its storage class's); default the set's. */
  parity?: number;
  contentType?: string;
  userMeta?: Record<string, string>;
  headers?: Partial<Record<StoredHeaderName, string>>;
  internal?: Record<string, string>;
  tags?: string;
  retention?: RetentionInfo;
  legalHold?: boolean;
}

/**
 * A conditional write (If-Match, If-None-Match: * on PUT, copy and complete), checked under
 * the key's lock against the key's current object, so that two such writes cannot both pass.
 */
export interface WriteCondition {
  /** The current object's ETag must be one of these ('*': any object). */
  ifMatch?: string[];
  /** There must be no current object (a delete marker counts as none). */
  ifNoneMatch?: true;
}

export interface PutObjectInput extends NewObjectMeta {
  bucket: string;
  key: string;
  /** The stored bytes: a stream, or a small body already in one buffer. */
  body: Readable | Buffer;
  /** Declared stored length, checked against what arrives; undefined when unknown. */
  size?: number;
  /**
   * With no size: the most stored bytes the body may come to (a compressed body's bound),
   * claimed on the drives before it is read; more is EntityTooLarge.
   */
  maxSize?: number;
  /** Content-MD5 of the stored bytes (raw digest); a mismatch fails the write with BadDigest. */
  expectedMd5?: Buffer;
  versioning: Versioning;
  /** Versions a key may have at most (api object_max_versions); none when undefined. */
  maxVersions?: number;
  /** Called after the body is read, before the commit; may throw to abort the write. */
  finish?: () => BodyFacts;
  condition?: WriteCondition;
  /**
   * A replica of another store's version keeps its id and modification time (bucket
   * replication); a new version otherwise gets fresh ones.
   */
  replicaOf?: { versionId: string; modTime: Date };
}

/** A requested range (the S3 Range header), resolved by the engine against the stored size. */
export type RangeSpec = { start: number; end?: number } | { suffix: number };

/** Inclusive byte range within an object. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ReadOptions {
  versionId?: string;
  /** Range over stored bytes. */
  range?: RangeSpec;
  /** Reads one part of a multipart object (S3 partNumber). */
  partNumber?: number;
  /**
   * Decides the stored bytes to read from the version picked, instead of range/partNumber
   * (the protocol layer maps plaintext ranges onto encrypted parts); may throw to refuse.
   */
  plan?: (info: ObjectInfo) => ByteRange | undefined;
  /** The reading request's log: damaged data the read meets (and heals) is logged there. */
  log?: Logger;
}

export interface GetObjectResult {
  info: ObjectInfo;
  stream: Readable;
  /** Small objects: the same bytes, already in memory (read these instead of the stream). */
  bytes?: Buffer;
  /** Present when a range or part was asked for: the stored bytes the stream carries. */
  range?: ByteRange;
}

export interface DeleteObjectInput {
  versionId?: string;
  versioning: Versioning;
  /** Throws to refuse removing this version for good (object lock). */
  guard?: (version: ObjectInfo) => void;
  /**
   * Deletes only while this version is still the key's latest (checked under the key's lock):
   * the lifecycle engine judged that version, and a client's newer write must not be expired
   * in its place. Otherwise nothing happens (`skipped`).
   */
  whileLatest?: string;
  /** A replicated delete marker keeps the source's id, time and marks (bucket replication). */
  replicaMarker?: { versionId: string; modTime: Date; internal: Record<string, string> };
  /** Internal values a new delete marker starts with (its replication status, PENDING). */
  markerInternal?: Record<string, string>;
}

export interface DeleteObjectResult {
  /** The version removed, or the delete marker created. */
  versionId?: string;
  deleteMarker: boolean;
  /** Nothing was deleted: `whileLatest` named a version no longer the latest. */
  skipped?: true;
}

export interface MetadataPatch {
  tags?: string;
  retention?: RetentionInfo | null;
  legalHold?: boolean;
  /** Internal values set (a string) or removed (null): replication status, a restored copy's expiry. */
  internal?: Record<string, string | null>;
}

/** Which version a transition copied: another one found in its place is PreconditionFailed. */
interface CopiedVersion {
  versionId?: string;
  etag: string;
  modTime: Date;
}

/** A version whose data went to a tier (releaseVersionData). */
export interface ReleaseDataInput extends CopiedVersion {
  /** The version's stored headers from now on (its storage class becomes the tier). */
  headers: Partial<Record<StoredHeaderName, string>>;
  /** The version's internal values from now on (where its data went). */
  internal: Record<string, string>;
}

/** A transitioned version's data brought back from its tier (restoreVersionData). */
export interface RestoreDataInput extends CopiedVersion {
  /** The stored bytes, as they left. */
  body: Readable;
  size: number;
  /** The version's internal values from now on (how long the copy stays). */
  internal: Record<string, string>;
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

export interface ListVersionsInput {
  bucket: string;
  prefix: string;
  delimiter: string;
  keyMarker: string;
  /** With keyMarker: continue after this version of that key. */
  versionIdMarker: string;
  maxKeys: number;
}

export interface ListVersionsResult {
  /** Object versions and delete markers, by key, newest first within a key. */
  versions: ObjectInfo[];
  prefixes: string[];
  isTruncated: boolean;
  nextKeyMarker?: string;
  nextVersionIdMarker?: string;
}

export interface BucketUsage {
  size: number;
  objects: number;
  versions: number;
  deleteMarkers: number;
  /** Objects (latest versions) per size class: below 1 KiB, 1 MiB, 10, 64, 128, 512 MiB, above. */
  sizes: number[];
}

/** A drive being filled again by a heal of every object, and how far it has got (madmin's HealingDisk). */
export interface DriveRefill {
  /** Position among the deployment's drives. */
  drive: number;
  started: Date;
  lastUpdate: Date;
  /** Objects and bytes the stores held when the refill began. */
  objectsTotal: number;
  bytesTotal: number;
  itemsHealed: number;
  itemsFailed: number;
  bytesDone: number;
  bytesFailed: number;
  /** The object being healed now. */
  bucket: string;
  object: string;
  queuedBuckets: string[];
  healedBuckets: string[];
}

/** The background heal's state: the heal-on-read queue's figures and the drives being refilled. */
export interface BackgroundHeal {
  queue: HealQueueStats;
  refills: DriveRefill[];
  /**
   * Drives (deployment positions) found lost or wiped and not yet whole again: waiting to
   * be formatted, or being filled (then also in `refills`).
   */
  recovering: number[];
}

export interface BackendInfo {
  kind: 'Erasure' | 'FS';
  /** Drives of the deployment, in every set. */
  drives: number;
  /** Erasure sets, and drives in each (an object's shards go to the drives of one set). */
  sets: number;
  setDrives: number;
  onlineDrives: number;
  dataShards: number;
  parityShards: number;
}

/** One drive of the set, as the admin API reports it. */
export interface DriveInfo {
  path: string;
  /** Position among the deployment's drives. */
  index: number;
  /** The erasure set the drive belongs to, and its position in it. */
  set: number;
  inSet: number;
  state: 'ok' | 'offline';
  /** Bytes on the file system that holds the drive; absent when it cannot be read. */
  total?: number;
  used?: number;
  available?: number;
}

export interface UploadInfo {
  bucket: string;
  key: string;
  uploadId: string;
  initiated: Date;
  meta: NewObjectMeta;
}

export interface PartInfo {
  number: number;
  etag: string;
  /** Logical bytes (what the client sent). */
  size: number;
  modTime: Date;
  /** What the protocol layer keeps with the part (declared checksums). */
  internal: Record<string, string>;
}

export interface PartsPage {
  after?: number;
  limit?: number;
}

export interface PutPartInput {
  bucket: string;
  key: string;
  uploadId: string;
  partNumber: number;
  body: Readable;
  /** Bytes the body holds; undefined when only its end tells (a compressed part). */
  size: number | undefined;
  /** With no size: the most bytes the body may come to (see PutObjectInput.maxSize). */
  maxSize?: number;
  expectedMd5?: Buffer;
  internal?: Record<string, string>;
  finish?: () => BodyFacts;
}

export interface CompleteInput {
  bucket: string;
  key: string;
  uploadId: string;
  parts: { number: number; etag: string }[];
  versioning: Versioning;
  /** Versions a key may have at most (api object_max_versions); none when undefined. */
  maxVersions?: number;
  /**
   * Sees the matched parts before the commit; may throw to refuse them, or return what the
   * object keeps besides the upload's own internal values (its checksum of the parts).
   */
  check?: (parts: PartInfo[]) => Record<string, string> | undefined;
  condition?: WriteCondition;
  /** A replica another store sent in parts: the version keeps the source's id and time. */
  replicaOf?: { versionId: string; modTime: Date };
}

export interface ListUploadsInput {
  bucket: string;
  prefix: string;
  delimiter: string;
  keyMarker: string;
  uploadIdMarker: string;
  maxUploads: number;
}

export interface ListUploadsResult {
  uploads: UploadInfo[];
  prefixes: string[];
  isTruncated: boolean;
  nextKeyMarker?: string;
  nextUploadIdMarker?: string;
}

/** The data plane: buckets, objects and their versions, listings, multipart uploads. */
export interface ObjectLayer {
  /**
   * Creates a bucket. `prepare` runs once the name is known to be free, under the bucket's
   * lock and before the bucket exists: what a new bucket must have from its first moment
   * (its object-lock settings) is in place before anyone can see the bucket.
   */
  makeBucket(bucket: string, prepare?: () => Promise<void>): Promise<void>;
  getBucketInfo(bucket: string): Promise<BucketInfo>;
  listBuckets(): Promise<BucketInfo[]>;
  /** Removes an empty bucket (no versions, no delete markers); `force` removes it with everything in it (MinIO's force delete). */
  deleteBucket(
    bucket: string,
    opts?: {
      force?: boolean;
      /** Runs once the bucket is gone, still under its lock: no CreateBucket of the name can interleave. */
      afterRemove?: () => Promise<void>;
    },
  ): Promise<void>;
  bucketUsage(bucket: string): Promise<BucketUsage>;

  putObject(input: PutObjectInput): Promise<ObjectInfo>;
  /** When this rejects, no stream was opened (MinIO's GetObjectNInfo contract). */
  getObject(bucket: string, key: string, opts?: ReadOptions): Promise<GetObjectResult>;
  getObjectInfo(bucket: string, key: string, opts?: Omit<ReadOptions, 'range'>): Promise<ObjectInfo>;
  deleteObject(bucket: string, key: string, input: DeleteObjectInput): Promise<DeleteObjectResult>;
  /** Changes tags, retention or legal hold of one version (default the latest) in place. */
  updateObjectMeta(
    bucket: string,
    key: string,
    versionId: string | undefined,
    patch: (info: ObjectInfo) => MetadataPatch,
  ): Promise<ObjectInfo>;
  /**
   * Drops one version's local data, keeping the version and its metadata with what `input`
   * adds (a lifecycle transition, once its remote copy is verified).
   */
  releaseVersionData(bucket: string, key: string, input: ReleaseDataInput): Promise<ObjectInfo>;
  /** Gives a released version local data again (a restore from its tier). */
  restoreVersionData(bucket: string, key: string, input: RestoreDataInput): Promise<ObjectInfo>;
  listObjects(input: ListObjectsInput): Promise<ListObjectsResult>;
  listObjectVersions(input: ListVersionsInput): Promise<ListVersionsResult>;

  newMultipartUpload(bucket: string, key: string, meta: NewObjectMeta): Promise<UploadInfo>;
  getMultipartUpload(bucket: string, key: string, uploadId: string): Promise<UploadInfo>;
  putObjectPart(input: PutPartInput): Promise<PartInfo>;
  /** The upload's parts numbered after `page.after`, at most `page.limit` of them (default: all). */
  listObjectParts(bucket: string, key: string, uploadId: string, page?: PartsPage): Promise<PartInfo[]>;
  completeMultipartUpload(input: CompleteInput): Promise<ObjectInfo>;
  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void>;
  listMultipartUploads(input: ListUploadsInput): Promise<ListUploadsResult>;
}

/**
 * The layer's upkeep, under the admin API and the background heal: healing, checking the
 * drives, and what they are and hold. Apart from the data plane so the S3 protocol cannot
 * reach it; the backend's layout is here because only the admin API, the metrics and the
 * store's start read it (the S3 side is given the parities derived from it).
 */
export interface MaintenanceLayer {
  /**
   * Writes the bucket records and system documents quorum agrees on to the online drives
   * whose copy is missing or differs; how many copies were written.
   */
  healDocuments(): Promise<number>;
  /**
   * Up to `max` keys after `after` under `prefix` that any drive holds a record of: objects,
   * keys whose latest version is a delete marker, records only some drives still keep.
   */
  keysToHeal(bucket: string, prefix: string, after: string | undefined, max: number): Promise<string[]>;
  /**
   * Walks every online drive's index file as opening it does (index-check.ts). A damaged one
   * takes its drive offline, to be set aside and filled again; the drives found so.
   */
  checkIndexes(): Promise<number[]>;
  /** Rewrites the missing or corrupt shards and records of one object; which drives got some. */
  heal(bucket: string, key: string, opts?: HealObjectOpts): Promise<HealResult>;
  backendInfo(): BackendInfo;
  /** The background heal's figures (heal-on-read queue, drives being refilled). */
  backgroundHeal(): BackgroundHeal;
  /** Every drive with its state and capacity. */
  drives(): Promise<DriveInfo[]>;
  /** Stops the background work and closes the drives. */
  shutdown(): Promise<void>;
}
