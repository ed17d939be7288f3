import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName, BucketParams } from './bucket-names.js';

// Bucket replication to another server (spec 001 §7 "Replication").

const key = Type.String({ minLength: 3, maxLength: 128 });
const secret = Type.String({ minLength: 8, maxLength: 128 });
/** host[:port], or a URL whose scheme chooses TLS. */
const targetURL = Type.String({
  minLength: 1,
  maxLength: 512,
  pattern: '^(https?://)?[A-Za-z0-9.\\-\\[\\]:]+/?$',
});

export const ListExternalBucketsRequest = Type.Object(
  { accessKey: key, secretKey: secret, targetURL, useTLS: Type.Boolean() },
  { $id: 'ListExternalBucketsRequest', additionalProperties: false },
);

export const ListExternalBucketsResponse = Type.Object(
  { buckets: Type.Array(Type.Object({ name: Type.String() })), total: Type.Number({ minimum: 0 }) },
  { $id: 'ListExternalBucketsResponse' },
);

export const MultiBucketReplicationRequest = Type.Object(
  {
    accessKey: key,
    secretKey: secret,
    targetURL,
    region: Type.Optional(Type.String({ maxLength: 64 })),
    bucketsRelation: Type.Array(
      Type.Object(
        { originBucket: BucketName, destinationBucket: BucketName },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    /** Spec 001 §9: async by default. */
    syncMode: Type.Optional(Type.Union([Type.Literal('async'), Type.Literal('sync')])),
    /** Bytes per second, async only; 0 means unlimited. */
    bandwidth: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Seconds between health checks of the target (default 60). */
    healthCheckPeriod: Type.Optional(Type.Integer({ minimum: 1, maximum: 86400 })),
    prefix: Type.Optional(Type.String({ maxLength: 1024 })),
    /** key=value pairs joined by &. */
    tags: Type.Optional(Type.String({ maxLength: 4096 })),
    replicateDeleteMarkers: Type.Optional(Type.Boolean()),
    replicateDeletes: Type.Optional(Type.Boolean()),
    replicateMetadata: Type.Optional(Type.Boolean()),
    storageClass: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { $id: 'MultiBucketReplicationRequest', additionalProperties: false },
);
export type MultiBucketReplicationRequest = Static<typeof MultiBucketReplicationRequest>;

export const ReplicationState = Type.Object(
  { originBucket: Type.String(), destinationBucket: Type.String(), errorString: Type.String() },
  { $id: 'ReplicationState' },
);

export const MultiBucketReplicationResponse = Type.Object(
  { replicationState: Type.Array(ReplicationState) },
  { $id: 'MultiBucketReplicationResponse' },
);

export const ReplicationRule = Type.Object(
  {
    id: Type.String(),
    priority: Type.Number(),
    /** The destination as the target's ARN. */
    destination: Type.Object({ bucket: Type.String() }),
    prefix: Type.String(),
    /** key=value pairs joined by &. */
    tags: Type.String(),
    status: Type.Union([Type.Literal('Enabled'), Type.Literal('Disabled')]),
    delete_marker_replication: Type.Boolean(),
    deletes_replication: Type.Boolean(),
    metadata_replication: Type.Boolean(),
    storageClass: Type.String(),
  },
  { $id: 'ReplicationRule' },
);
export type ReplicationRule = Static<typeof ReplicationRule>;

export const BucketReplicationResponse = Type.Object(
  { rules: Type.Array(ReplicationRule) },
  { $id: 'BucketReplicationResponse' },
);

/** What waits, what failed and what went to one target (bytes are sizes of object versions). */
export const ReplicationTargetMetrics = Type.Object(
  {
    /** The remote target's ARN (a rule's destination). */
    arn: Type.String(),
    pendingCount: Type.Number({ minimum: 0 }),
    pendingSize: Type.Number({ minimum: 0 }),
    failedCount: Type.Number({ minimum: 0 }),
    failedSize: Type.Number({ minimum: 0 }),
    completedCount: Type.Number({ minimum: 0 }),
    completedSize: Type.Number({ minimum: 0 }),
    /** The target's bandwidth limit in bits per second; 0 means unlimited. */
    bandwidthLimit: Type.Number({ minimum: 0 }),
  },
  { $id: 'ReplicationTargetMetrics' },
);
export type ReplicationTargetMetrics = Static<typeof ReplicationTargetMetrics>;

export const BucketReplicationMetricsResponse = Type.Object(
  {
    targets: Type.Array(ReplicationTargetMetrics),
    /** Replicas this bucket received from other servers. */
    replicaCount: Type.Number({ minimum: 0 }),
    replicaSize: Type.Number({ minimum: 0 }),
  },
  { $id: 'BucketReplicationMetricsResponse' },
);
export type BucketReplicationMetricsResponse = Static<typeof BucketReplicationMetricsResponse>;

export const listExternalBuckets = defineRoute({
  id: 'listExternalBuckets',
  method: 'POST',
  path: '/list-external-buckets',
  summary: 'The buckets of a remote server, with keys for it (checks the target before replicating)',
  tag: 'replication',
  auth: true,
  body: ListExternalBucketsRequest,
  responses: { 200: ListExternalBucketsResponse, ...CALL_ERRORS },
});

export const setMultiBucketReplication = defineRoute({
  id: 'setMultiBucketReplication',
  method: 'POST',
  path: '/buckets-replication',
  summary: 'Replicates each origin bucket to its destination: a remote target and a rule per pair',
  tag: 'replication',
  auth: true,
  body: MultiBucketReplicationRequest,
  responses: { 200: MultiBucketReplicationResponse, ...CALL_ERRORS },
});

export const getBucketReplication = defineRoute({
  id: 'getBucketReplication',
  method: 'GET',
  path: '/buckets/:bucket/replication',
  summary: 'The replication rules of a bucket',
  tag: 'replication',
  auth: true,
  params: BucketParams,
  responses: { 200: BucketReplicationResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const getBucketReplicationMetrics = defineRoute({
  id: 'getBucketReplicationMetrics',
  method: 'GET',
  path: '/buckets/:bucket/replication/metrics',
  summary: 'Replication progress of a bucket: per target pending, failed and completed versions',
  tag: 'replication',
  auth: true,
  params: BucketParams,
  responses: { 200: BucketReplicationMetricsResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const deleteBucketReplicationRule = defineRoute({
  id: 'deleteBucketReplicationRule',
  method: 'DELETE',
  path: '/buckets/:bucket/replication/:ruleId',
  summary: 'Removes one replication rule (and its remote target when no rule uses it)',
  tag: 'replication',
  auth: true,
  params: Type.Object(
    { bucket: BucketName, ruleId: Type.String({ minLength: 1, maxLength: 255 }) },
    { additionalProperties: false },
  ),
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});
