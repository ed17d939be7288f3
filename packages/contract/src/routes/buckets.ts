import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName, BucketParams } from './bucket-names.js';

export const BucketAccess = Type.Object(
  { read: Type.Boolean(), write: Type.Boolean() },
  { $id: 'BucketAccess' },
);

export const Bucket = Type.Object(
  {
    name: Type.String(),
    /** RFC 3339 creation time. */
    creation_date: Type.String(),
    size: Type.Number({ minimum: 0 }),
    objects: Type.Number({ minimum: 0 }),
    rw_access: BucketAccess,
  },
  { $id: 'Bucket' },
);
export type Bucket = Static<typeof Bucket>;

export const ListBucketsResponse = Type.Object(
  { buckets: Type.Array(Bucket), total: Type.Number({ minimum: 0 }) },
  { $id: 'ListBucketsResponse' },
);
export type ListBucketsResponse = Static<typeof ListBucketsResponse>;

/** Anonymous access to the whole bucket (spec 001 §9), or CUSTOM for any other policy. */
export const BucketAccessPolicy = Type.Union(
  [Type.Literal('PRIVATE'), Type.Literal('PUBLIC'), Type.Literal('CUSTOM')],
  { $id: 'BucketAccessPolicy' },
);
export type BucketAccessPolicy = Static<typeof BucketAccessPolicy>;

export const BucketDetails = Type.Object(
  {
    ...Bucket.properties,
    access: BucketAccessPolicy,
    /** The bucket policy as JSON text; '' when there is none. */
    definition: Type.String(),
  },
  { $id: 'BucketDetails' },
);
export type BucketDetails = Static<typeof BucketDetails>;

export const QuotaType = Type.Union([Type.Literal('hard'), Type.Literal('fifo')], { $id: 'QuotaType' });
export const RetentionMode = Type.Union([Type.Literal('compliance'), Type.Literal('governance')], {
  $id: 'RetentionMode',
});
export const RetentionUnit = Type.Union([Type.Literal('days'), Type.Literal('years')], {
  $id: 'RetentionUnit',
});

export const SetQuotaRequest = Type.Object(
  {
    enabled: Type.Boolean(),
    quota_type: Type.Optional(QuotaType),
    /** Bytes; required (at least 1) when enabled. */
    amount: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { $id: 'SetQuotaRequest', additionalProperties: false },
);
export type SetQuotaRequest = Static<typeof SetQuotaRequest>;

export const BucketRetention = Type.Object(
  {
    mode: RetentionMode,
    unit: RetentionUnit,
    /** Spec 001 §5: at least 1. */
    validity: Type.Integer({ minimum: 1, maximum: 36500 }),
  },
  { $id: 'BucketRetention', additionalProperties: false },
);
export type BucketRetention = Static<typeof BucketRetention>;

export const MakeBucketRequest = Type.Object(
  {
    name: BucketName,
    versioning: Type.Optional(Type.Boolean()),
    locking: Type.Optional(Type.Boolean()),
    quota: Type.Optional(SetQuotaRequest),
    retention: Type.Optional(BucketRetention),
  },
  { $id: 'MakeBucketRequest', additionalProperties: false },
);
export type MakeBucketRequest = Static<typeof MakeBucketRequest>;

export const DeleteBucketRequest = Type.Object(
  { name: BucketName },
  { $id: 'DeleteBucketRequest', additionalProperties: false },
);

export const listBuckets = defineRoute({
  id: 'listBuckets',
  method: 'GET',
  path: '/buckets',
  summary: 'The buckets the session can read or write, with usage',
  tag: 'buckets',
  auth: true,
  responses: { 200: ListBucketsResponse, 401: ApiErrorBody, 500: ApiErrorBody, 503: ApiErrorBody },
});

export const makeBucket = defineRoute({
  id: 'makeBucket',
  method: 'POST',
  path: '/buckets',
  summary: 'Creates a bucket with versioning, locking, quota and retention in one call',
  tag: 'buckets',
  auth: true,
  body: MakeBucketRequest,
  responses: { 201: null, ...CALL_ERRORS, 409: ApiErrorBody },
});

export const getBucket = defineRoute({
  id: 'getBucket',
  method: 'GET',
  path: '/buckets/:bucket',
  summary: 'One bucket with its anonymous access level',
  tag: 'buckets',
  auth: true,
  params: BucketParams,
  responses: { 200: BucketDetails, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const deleteBucket = defineRoute({
  id: 'deleteBucket',
  method: 'DELETE',
  path: '/buckets/:bucket',
  summary: 'Removes an empty bucket',
  tag: 'buckets',
  auth: true,
  params: BucketParams,
  /** The name again, as the spec sends it: a guard against deleting the wrong bucket. */
  body: DeleteBucketRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody, 409: ApiErrorBody },
});
