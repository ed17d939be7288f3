import type { ConfigKind } from '../engine/bucket-config-store.js';
import type { ListUploadsInput, RangeSpec, WriteCondition } from '../engine/object-layer.js';
import type { QueryPairs } from '../http/context.js';
import type { Conditions } from './request/conditions.js';
import type { ObjectAttribute } from './request/fields.js';
import type { CopySource } from './request/params.js';

// The typed S3 operations a request parses into (router.ts), one per action the store
// serves, with what each carries.

export interface ListBucketsParams {
  prefix?: string;
  /** max-buckets, or the 10,000 S3 pages by once prefix, a token or a region is sent. */
  maxBuckets?: number;
  continuationToken?: string;
  bucketRegion?: string;
}

export interface ListParams {
  prefix: string;
  delimiter: string;
  maxKeys: number;
  encodingType?: 'url';
}

/** Bucket sub-resources kept as documents (`buckets/<bucket>/<kind>.json`). */
// The sub-resources are the engine's bucket documents (GET/PUT/DELETE /bucket?<kind>).
export type { ConfigKind };

type Obj = { bucket: string; key: string };
type Upload = Obj & { uploadId: string };
/** An object operation that may name a version (?versionId=). */
type Versioned = Obj & { versionId?: string };

/** Object sub-resources: tags, retention and legal hold of one version. */
export type ObjectConfigKind = 'tagging' | 'retention' | 'legal-hold';
export type S3Operation =
  | ({ op: 'ListBuckets' } & ListBucketsParams)
  | { op: 'ListenNotification'; bucket?: string; events: string[]; prefix: string; suffix: string }
  | { op: 'CreateBucket'; bucket: string; objectLock: boolean }
  | { op: 'HeadBucket'; bucket: string }
  | { op: 'DeleteBucket'; bucket: string; force: boolean }
  | { op: 'GetBucketLocation'; bucket: string }
  | ({
      op: 'ListObjectsV2';
      bucket: string;
      continuationToken?: string;
      startAfter: string;
      /** fetch-owner=true: each entry names its owner (ListObjects V1 always does). */
      fetchOwner?: true;
    } & ListParams)
  | ({ op: 'ListObjects'; bucket: string; marker: string } & ListParams)
  | ({ op: 'ListObjectVersions'; bucket: string; keyMarker: string; versionIdMarker: string } & ListParams)
  | { op: 'GetBucketConfig' | 'PutBucketConfig' | 'DeleteBucketConfig'; bucket: string; kind: ConfigKind }
  | { op: 'GetBucketPolicyStatus'; bucket: string }
  /** MinIO's GET /bucket?replication-metrics (minio-go GetBucketReplicationMetrics). */
  | { op: 'GetBucketReplicationMetrics'; bucket: string }
  /** MinIO's PUT /bucket?replication-reset (mc replicate resync start). */
  | { op: 'ResetBucketReplicationStart'; bucket: string; olderThan: string; arn: string; resetId: string }
  | { op: 'GetBucketReplicationResetStatus'; bucket: string; arn: string }
  | { op: 'GetBucketAcl' | 'PutBucketAcl'; bucket: string }
  | ({ op: 'GetObjectAcl' | 'PutObjectAcl' } & Versioned)
  | ({
      op: 'GetObjectAttributes';
      attributes: ObjectAttribute[];
      maxParts: number;
      partNumberMarker: number;
    } & Versioned)
  | { op: 'DeleteObjects'; bucket: string }
  | ({ op: 'PutObject'; condition?: WriteCondition } & Obj)
  | ({
      op: 'GetObject' | 'HeadObject';
      range?: RangeSpec;
      /** If-Range: the range holds only while the object still has this ETag or date. */
      ifRange?: string;
      partNumber?: number;
      conditions: Conditions;
      overrides: Record<string, string>;
    } & Versioned)
  | ({ op: 'DeleteObject'; bypassGovernance: boolean } & Versioned)
  | ({ op: 'RestoreObject' } & Versioned)
  | ({
      op: 'CopyObject';
      source: CopySource;
      conditions: Conditions;
      metadataDirective: 'COPY' | 'REPLACE';
      taggingDirective: 'COPY' | 'REPLACE';
      condition?: WriteCondition;
    } & Obj)
  | ({
      op: 'GetObjectConfig' | 'PutObjectConfig' | 'DeleteObjectConfig';
      kind: ObjectConfigKind;
      bypassGovernance: boolean;
    } & Versioned)
  | ({ op: 'CreateMultipartUpload' } & Obj)
  | ({ op: 'UploadPart'; partNumber: number } & Upload)
  | ({
      op: 'UploadPartCopy';
      partNumber: number;
      source: CopySource;
      range?: { start: number; end: number };
      conditions: Conditions;
    } & Upload)
  | ({ op: 'CompleteMultipartUpload'; condition?: WriteCondition } & Upload)
  | ({ op: 'AbortMultipartUpload' } & Upload)
  | ({ op: 'ListParts'; maxParts: number; partNumberMarker: number } & Upload)
  | ({ op: 'ListMultipartUploads'; encodingType?: 'url' } & ListUploadsInput)
  | { op: 'CorsPreflight'; bucket: string }
  | { op: 'PostObject'; bucket: string }
  | { op: 'NotImplemented'; name: string; bucket?: string; key?: string };

export interface S3RequestParts {
  method: string;
  /** Decoded path. */
  path: string;
  query: QueryPairs;
  headers: Record<string, string | string[] | undefined>;
  host?: string;
  /** Domains served virtual-host style: `Host: <bucket>.<domain>` names the bucket. */
  domains?: readonly string[];
}
