import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName, BucketParams } from './bucket-names.js';

// Bucket event notifications to the server's configured targets (spec 001 §7 "Events").

/** Spec 001 §9: put, get, delete (object created, accessed, removed). */
export const EventKind = Type.Union([Type.Literal('put'), Type.Literal('get'), Type.Literal('delete')], {
  $id: 'EventKind',
});
export type EventKind = Static<typeof EventKind>;

const arn = Type.String({ minLength: 1, maxLength: 256, pattern: '^arn:' });
const affix = Type.String({ maxLength: 1024 });

export const BucketEvent = Type.Object(
  {
    id: Type.String(),
    arn: Type.String(),
    events: Type.Array(EventKind),
    prefix: Type.String(),
    suffix: Type.String(),
  },
  { $id: 'BucketEvent' },
);
export type BucketEvent = Static<typeof BucketEvent>;

export const ListBucketEventsResponse = Type.Object(
  { events: Type.Array(BucketEvent) },
  { $id: 'ListBucketEventsResponse' },
);

const EventSelection = {
  events: Type.Array(EventKind, { minItems: 1, maxItems: 3, uniqueItems: true }),
  prefix: Type.Optional(affix),
  suffix: Type.Optional(affix),
};

export const CreateBucketEventRequest = Type.Object(
  {
    configuration: Type.Object({ arn, ...EventSelection }, { additionalProperties: false }),
    /** The spec sends true: a rule that already exists is not an error. */
    ignoreExisting: Type.Optional(Type.Boolean()),
  },
  { $id: 'CreateBucketEventRequest', additionalProperties: false },
);

export const DeleteBucketEventRequest = Type.Object(EventSelection, {
  $id: 'DeleteBucketEventRequest',
  additionalProperties: false,
});

export const ListArnsResponse = Type.Object(
  { arns: Type.Union([Type.Array(Type.String()), Type.Null()]) },
  { $id: 'ListArnsResponse' },
);

export const listBucketEvents = defineRoute({
  id: 'listBucketEvents',
  method: 'GET',
  path: '/buckets/:bucket/events',
  summary: 'The notification rules of a bucket',
  tag: 'events',
  auth: true,
  params: BucketParams,
  responses: { 200: ListBucketEventsResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const createBucketEvent = defineRoute({
  id: 'createBucketEvent',
  method: 'POST',
  path: '/buckets/:bucket/events',
  summary: 'Adds a notification rule sending chosen events to a target',
  tag: 'events',
  auth: true,
  params: BucketParams,
  body: CreateBucketEventRequest,
  responses: { 201: null, ...CALL_ERRORS, 404: ApiErrorBody, 409: ApiErrorBody },
});

export const deleteBucketEvent = defineRoute({
  id: 'deleteBucketEvent',
  method: 'DELETE',
  path: '/buckets/:bucket/events/:arn',
  summary: 'Removes the notification rule for a target with these events and filters',
  tag: 'events',
  auth: true,
  params: Type.Object({ bucket: BucketName, arn }, { additionalProperties: false }),
  body: DeleteBucketEventRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const listArns = defineRoute({
  id: 'listArns',
  method: 'GET',
  path: '/admin/arns',
  summary: 'The notification targets the server offers',
  tag: 'events',
  auth: true,
  responses: { 200: ListArnsResponse, ...CALL_ERRORS },
});
