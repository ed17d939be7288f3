import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketParams } from './bucket-names.js';
import { BucketRetention, QuotaType, SetQuotaRequest } from './buckets.js';

// Per-bucket settings (spec 001 §7 "Retention, encryption, versioning, quota, locking").

export const BucketVersioning = Type.Object(
  {
    is_versioned: Type.Boolean(),
    /** The S3 status: Enabled, Suspended, or '' for a bucket that was never versioned. */
    status: Type.String(),
  },
  { $id: 'BucketVersioning' },
);

export const SetVersioningRequest = Type.Object(
  { versioning: Type.Boolean() },
  { $id: 'SetVersioningRequest', additionalProperties: false },
);

export const BucketQuota = Type.Object(
  {
    /** Bytes; 0 when the bucket has no quota. */
    quota: Type.Number({ minimum: 0 }),
    /** Absent when the bucket has no quota. */
    type: Type.Optional(QuotaType),
  },
  { $id: 'BucketQuota' },
);
export type BucketQuota = Static<typeof BucketQuota>;

export const BucketObjectLocking = Type.Object(
  { object_locking_enabled: Type.Boolean() },
  { $id: 'BucketObjectLocking' },
);

export const EncryptionInfo = Type.Object(
  {
    /** AES256 means sse-s3; aws:kms means sse-kms. */
    algorithm: Type.String(),
    kmsMasterKeyID: Type.String(),
  },
  { $id: 'EncryptionInfo' },
);
export type EncryptionInfo = Static<typeof EncryptionInfo>;

/** The longest KMS key id a bucket's default encryption takes. */
export const KMS_KEY_ID_MAX_LENGTH = 256;

export const EnableEncryptionRequest = Type.Object(
  {
    encType: Type.Union([Type.Literal('sse-s3'), Type.Literal('sse-kms')]),
    /** Required for sse-kms. */
    kmsKeyID: Type.Optional(Type.String({ maxLength: KMS_KEY_ID_MAX_LENGTH })),
  },
  { $id: 'EnableEncryptionRequest', additionalProperties: false },
);

const bucketRoute = { tag: 'bucket settings', auth: true, params: BucketParams } as const;

export const getBucketVersioning = defineRoute({
  ...bucketRoute,
  id: 'getBucketVersioning',
  method: 'GET',
  path: '/buckets/:bucket/versioning',
  summary: 'Whether the bucket keeps object versions',
  responses: { 200: BucketVersioning, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const setBucketVersioning = defineRoute({
  ...bucketRoute,
  id: 'setBucketVersioning',
  method: 'PUT',
  path: '/buckets/:bucket/versioning',
  summary: 'Enables or suspends versioning',
  body: SetVersioningRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const getBucketQuota = defineRoute({
  ...bucketRoute,
  id: 'getBucketQuota',
  method: 'GET',
  path: '/buckets/:bucket/quota',
  summary: 'The bucket quota',
  responses: { 200: BucketQuota, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const setBucketQuota = defineRoute({
  ...bucketRoute,
  id: 'setBucketQuota',
  method: 'PUT',
  path: '/buckets/:bucket/quota',
  summary: 'Sets or clears the bucket quota',
  body: SetQuotaRequest,
  responses: { 200: BucketQuota, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const getBucketObjectLocking = defineRoute({
  ...bucketRoute,
  id: 'getBucketObjectLocking',
  method: 'GET',
  path: '/buckets/:bucket/object-locking',
  summary: 'Whether object locking is enabled (it can only be chosen at creation)',
  responses: { 200: BucketObjectLocking, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const getBucketRetention = defineRoute({
  ...bucketRoute,
  id: 'getBucketRetention',
  method: 'GET',
  path: '/buckets/:bucket/retention',
  summary: 'The default object retention; 404 when none is set',
  responses: { 200: BucketRetention, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const setBucketRetention = defineRoute({
  ...bucketRoute,
  id: 'setBucketRetention',
  method: 'PUT',
  path: '/buckets/:bucket/retention',
  summary: 'Sets the default object retention of a bucket with object locking',
  body: BucketRetention,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const getBucketEncryption = defineRoute({
  ...bucketRoute,
  id: 'getBucketEncryption',
  method: 'GET',
  path: '/buckets/:bucket/encryption/info',
  summary: 'The default server-side encryption; 404 when none is configured',
  responses: { 200: EncryptionInfo, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const enableBucketEncryption = defineRoute({
  ...bucketRoute,
  id: 'enableBucketEncryption',
  method: 'POST',
  path: '/buckets/:bucket/encryption/enable',
  summary: 'Sets default encryption: SSE-S3, or SSE-KMS with a key (501 when the server has no KMS)',
  body: EnableEncryptionRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody, 501: ApiErrorBody },
});

export const disableBucketEncryption = defineRoute({
  ...bucketRoute,
  id: 'disableBucketEncryption',
  method: 'POST',
  path: '/buckets/:bucket/encryption/disable',
  summary: 'Removes default encryption',
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});
