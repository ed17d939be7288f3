import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName, BucketParams } from './bucket-names.js';

// Lifecycle (ILM) rules of a bucket (spec 001 §7 "Lifecycle"); the tiers they name are in tiers.ts.

export const LifecycleTag = Type.Object(
  { key: Type.String(), value: Type.String() },
  { $id: 'LifecycleTag' },
);

export const LifecycleRule = Type.Object(
  {
    id: Type.String(),
    prefix: Type.String(),
    status: Type.Union([Type.Literal('Enabled'), Type.Literal('Disabled')]),
    expiration: Type.Optional(
      Type.Object({
        days: Type.Optional(Type.Number()),
        date: Type.Optional(Type.String()),
        delete_marker: Type.Optional(Type.Boolean()),
        noncurrent_expiration_days: Type.Optional(Type.Number()),
        /** How many of the newest noncurrent versions the noncurrent expiration keeps. */
        newer_noncurrent_versions: Type.Optional(Type.Number()),
      }),
    ),
    transition: Type.Optional(
      Type.Object({
        days: Type.Optional(Type.Number()),
        date: Type.Optional(Type.String()),
        storage_class: Type.Optional(Type.String()),
        noncurrent_transition_days: Type.Optional(Type.Number()),
        noncurrent_storage_class: Type.Optional(Type.String()),
      }),
    ),
    /** Days after which an unfinished multipart upload is aborted. */
    abort_incomplete_multipart_days: Type.Optional(Type.Number()),
    tags: Type.Array(LifecycleTag),
  },
  { $id: 'LifecycleRule' },
);
export type LifecycleRule = Static<typeof LifecycleRule>;

export const BucketLifecycleResponse = Type.Object(
  { lifecycle: Type.Array(LifecycleRule) },
  { $id: 'BucketLifecycleResponse' },
);

/** The range of every day count a rule takes (the form checks the same bounds). */
export const LIFECYCLE_DAYS = { minimum: 1, maximum: 36500 } as const;
/** How many newer noncurrent versions a rule may keep (MinIO decodes a positive integer). */
export const LIFECYCLE_NEWER_VERSIONS = { minimum: 1, maximum: 999_999_999 } as const;
const days = Type.Integer(LIFECYCLE_DAYS);
/** A date as the spec sends it: the chosen day at T23:59:59Z (midnight is accepted too). */
const date = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T(23:59:59|00:00:00)(\\.0+)?Z$' });
const storageClass = Type.String({ minLength: 1, maxLength: 256 });

const RuleFields = {
  prefix: Type.Optional(Type.String({ maxLength: 1024 })),
  /** key=value pairs joined by & (spec 001 §5). */
  tags: Type.Optional(Type.String({ maxLength: 4096 })),
  expired_object_delete_marker: Type.Optional(Type.Boolean()),
  expiry_date: Type.Optional(date),
  expiry_days: Type.Optional(days),
  noncurrentversion_expiration_days: Type.Optional(days),
  noncurrentversion_expiration_newer_versions: Type.Optional(Type.Integer(LIFECYCLE_NEWER_VERSIONS)),
  /** Not with tags: S3 aborts uploads by prefix only. */
  abort_incomplete_multipart_days: Type.Optional(days),
  transition_date: Type.Optional(date),
  transition_days: Type.Optional(days),
  noncurrentversion_transition_days: Type.Optional(days),
  noncurrentversion_transition_storage_class: Type.Optional(storageClass),
  storage_class: Type.Optional(storageClass),
};

export const AddLifecycleRequest = Type.Object(
  { type: Type.Union([Type.Literal('expiry'), Type.Literal('transition')]), ...RuleFields },
  { $id: 'AddLifecycleRequest', additionalProperties: false },
);
export type AddLifecycleRequest = Static<typeof AddLifecycleRequest>;

/** The optional actions an edit can take off a rule (what is not sent is kept). */
const RemovableLifecycleField = Type.Union([
  Type.Literal('noncurrentversion_expiration_days'),
  Type.Literal('noncurrentversion_expiration_newer_versions'),
  Type.Literal('abort_incomplete_multipart_days'),
  Type.Literal('noncurrentversion_transition_days'),
  Type.Literal('noncurrentversion_transition_storage_class'),
]);
export type RemovableLifecycleField = Static<typeof RemovableLifecycleField>;

export const UpdateLifecycleRequest = Type.Object(
  {
    type: Type.Optional(Type.Union([Type.Literal('expiry'), Type.Literal('transition')])),
    ...RuleFields,
    disable: Type.Optional(Type.Boolean()),
    remove: Type.Optional(
      Type.Array(RemovableLifecycleField, {
        maxItems: RemovableLifecycleField.anyOf.length,
        uniqueItems: true,
      }),
    ),
  },
  { $id: 'UpdateLifecycleRequest', additionalProperties: false },
);
export type UpdateLifecycleRequest = Static<typeof UpdateLifecycleRequest>;

const RuleParams = Type.Object(
  { bucket: BucketName, id: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);

export const getBucketLifecycle = defineRoute({
  id: 'getBucketLifecycle',
  method: 'GET',
  path: '/buckets/:bucket/lifecycle',
  summary: 'The lifecycle rules of a bucket',
  tag: 'lifecycle',
  auth: true,
  params: BucketParams,
  responses: { 200: BucketLifecycleResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const addBucketLifecycle = defineRoute({
  id: 'addBucketLifecycle',
  method: 'POST',
  path: '/buckets/:bucket/lifecycle',
  summary: 'Adds an expiry or transition rule',
  tag: 'lifecycle',
  auth: true,
  params: BucketParams,
  body: AddLifecycleRequest,
  responses: { 201: LifecycleRule, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const updateBucketLifecycle = defineRoute({
  id: 'updateBucketLifecycle',
  method: 'PUT',
  path: '/buckets/:bucket/lifecycle/:id',
  summary: 'Changes a rule: enable or disable it, its tags, its actions; what is not sent is kept',
  tag: 'lifecycle',
  auth: true,
  params: RuleParams,
  body: UpdateLifecycleRequest,
  responses: { 200: LifecycleRule, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const deleteBucketLifecycle = defineRoute({
  id: 'deleteBucketLifecycle',
  method: 'DELETE',
  path: '/buckets/:bucket/lifecycle/:id',
  summary: 'Removes a rule',
  tag: 'lifecycle',
  auth: true,
  params: RuleParams,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});
