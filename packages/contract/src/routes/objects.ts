import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName, BucketParams, ObjectPath, ObjectQuery } from './bucket-names.js';
import { RetentionMode } from './buckets.js';

// Objects in the browser (spec 001 §7 "Objects"). Keys travel as ?prefix=, as the spec's
// calls do; a key ending in / is a folder.

export const LegalHoldStatus = Type.Union([Type.Literal('ON'), Type.Literal('OFF')], {
  $id: 'LegalHoldStatus',
});

export const ObjectItem = Type.Object(
  {
    name: Type.String(),
    /** Bytes (0 for folders). */
    size: Type.Number({ minimum: 0 }),
    /** RFC 3339; absent for folders. */
    last_modified: Type.Optional(Type.String()),
    etag: Type.Optional(Type.String()),
    version_id: Type.Optional(Type.String()),
    is_latest: Type.Optional(Type.Boolean()),
    is_delete_marker: Type.Optional(Type.Boolean()),
    content_type: Type.Optional(Type.String()),
    legal_hold_status: Type.Optional(LegalHoldStatus),
    retention_mode: Type.Optional(RetentionMode),
    retention_until_date: Type.Optional(Type.String()),
    tags: Type.Optional(Type.Record(Type.String(), Type.String())),
    user_metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** x-amz-replication-status of this version (details only; absent when never replicated). */
    replication_status: Type.Optional(
      Type.Union([
        Type.Literal('PENDING'),
        Type.Literal('COMPLETED'),
        Type.Literal('FAILED'),
        Type.Literal('REPLICA'),
      ]),
    ),
    /** Rewind listings: the object was deleted at the chosen time. */
    delete_flag: Type.Optional(Type.Boolean()),
  },
  { $id: 'ObjectItem' },
);
export type ObjectItem = Static<typeof ObjectItem>;

export const ListObjectsQuery = Type.Object(
  {
    prefix: Type.Optional(Type.String({ maxLength: 1024 })),
    with_versions: Type.Optional(Type.Boolean()),
    with_metadata: Type.Optional(Type.Boolean()),
    /** Every key under the prefix, not one level (folder downloads, searches). */
    recursive: Type.Optional(Type.Boolean()),
    /** One page of at most this many entries (huge buckets are paged, never read whole). */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** The `next` value of the previous page. */
    continuation: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: false },
);

export const ListObjectsResponse = Type.Object(
  {
    objects: Type.Array(ObjectItem),
    /** Present when more entries follow: pass it back as ?continuation=. */
    next: Type.Optional(Type.String()),
  },
  { $id: 'ListObjectsResponse' },
);
export type ListObjectsResponse = Static<typeof ListObjectsResponse>;

export const RewindResponse = Type.Object(
  { objects: Type.Union([Type.Array(ObjectItem), Type.Null()]) },
  { $id: 'RewindResponse' },
);

export const DownloadQuery = Type.Object(
  {
    ...ObjectQuery.properties,
    /** Inline (for the preview pane) instead of an attachment. */
    preview: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ShareQuery = Type.Object(
  {
    ...ObjectQuery.properties,
    /** A Go-style duration such as 604800000ms; at most 7 days, the default. */
    expires: Type.Optional(Type.String({ pattern: '^[0-9]+(ms|s|m|h)$' })),
    /** At most this many downloads: the link is then the console's /share/{id}, which counts. */
    download_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);

export const DeleteObjectQuery = Type.Object(
  {
    path: ObjectPath,
    version_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    recursive: Type.Optional(Type.Boolean()),
    /** Every version of the key (or of every key under the folder). */
    all_versions: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const DeleteObjectsRequest = Type.Array(
  Type.Object(
    {
      path: ObjectPath,
      versionID: Type.Optional(Type.String({ maxLength: 128 })),
      recursive: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: 1000, $id: 'DeleteObjectsRequest' },
);

export const DeleteObjectsResponse = Type.Object(
  {
    deleted: Type.Number({ minimum: 0 }),
    /** Keys that could not be deleted, with the server's reason. */
    errors: Type.Array(Type.Object({ path: Type.String(), message: Type.String() })),
  },
  { $id: 'DeleteObjectsResponse' },
);

export const PutObjectTagsRequest = Type.Object(
  {
    tags: Type.Record(Type.String({ minLength: 1, maxLength: 128 }), Type.String({ maxLength: 256 }), {
      maxProperties: 10,
    }),
  },
  { $id: 'PutObjectTagsRequest', additionalProperties: false },
);

export const PutObjectRetentionRequest = Type.Object(
  {
    mode: RetentionMode,
    /** RFC 3339; must be in the future. */
    expires: Type.String({ format: 'date-time' }),
    governance_bypass: Type.Optional(Type.Boolean()),
  },
  { $id: 'PutObjectRetentionRequest', additionalProperties: false },
);

export const PutLegalHoldRequest = Type.Object(
  { status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]) },
  { $id: 'PutLegalHoldRequest', additionalProperties: false },
);

export const UploadQuery = Type.Object(
  { prefix: Type.Optional(Type.String({ maxLength: 1024 })) },
  { additionalProperties: false },
);

export const UploadResponse = Type.Object(
  { uploaded: Type.Array(Type.Object({ name: Type.String(), size: Type.Number({ minimum: 0 }) })) },
  { $id: 'UploadResponse' },
);

const objectRoute = { tag: 'objects', auth: true, params: BucketParams } as const;
const objectErrors = { ...CALL_ERRORS, 404: ApiErrorBody } as const;

export const listObjects = defineRoute({
  ...objectRoute,
  id: 'listObjects',
  method: 'GET',
  path: '/buckets/:bucket/objects',
  summary: 'One page of objects and folders under a prefix, optionally with versions or metadata',
  query: ListObjectsQuery,
  responses: { 200: ListObjectsResponse, ...objectErrors },
});

export const rewindObjects = defineRoute({
  ...objectRoute,
  id: 'rewindObjects',
  method: 'GET',
  path: '/buckets/:bucket/rewind/:date',
  summary: 'The objects under a prefix as they were at a moment',
  params: Type.Object(
    { bucket: BucketName, date: Type.String({ format: 'date-time' }) },
    { additionalProperties: false },
  ),
  query: Type.Object(
    { prefix: Type.Optional(Type.String({ maxLength: 1024 })) },
    { additionalProperties: false },
  ),
  responses: { 200: RewindResponse, ...objectErrors },
});

export const uploadObjects = defineRoute({
  ...objectRoute,
  id: 'uploadObjects',
  method: 'POST',
  path: '/buckets/:bucket/objects/upload',
  summary: 'Streams the files of a multipart form to the bucket; each field name is an object name',
  query: UploadQuery,
  media: { request: 'multipart/form-data' },
  responses: { 200: UploadResponse, ...objectErrors, 413: ApiErrorBody },
});

export const downloadObject = defineRoute({
  ...objectRoute,
  id: 'downloadObject',
  method: 'GET',
  path: '/buckets/:bucket/objects/download',
  summary: 'Streams an object (Range supported), or a folder as a ZIP',
  query: DownloadQuery,
  media: { response: 'application/octet-stream' },
  responses: { 200: null, 206: null, ...objectErrors, 416: ApiErrorBody },
});

/**
 * Spec 001 names a GET; it is a POST here because it mints a credential (a service account):
 * a GET needs no CSRF token, and browsers and caches repeat GETs at will.
 */
export const shareObject = defineRoute({
  ...objectRoute,
  id: 'shareObject',
  method: 'POST',
  path: '/buckets/:bucket/objects/share',
  summary:
    'A presigned download URL, valid at most 7 days whatever the session; the same object and expiry asked again within a minute gets the same link',
  query: ShareQuery,
  responses: { 200: Type.String(), ...objectErrors },
});

export const deleteObject = defineRoute({
  ...objectRoute,
  id: 'deleteObject',
  method: 'DELETE',
  path: '/buckets/:bucket/objects',
  summary: 'Deletes an object, one version of it, or a folder (recursive)',
  query: DeleteObjectQuery,
  responses: { 204: null, ...objectErrors },
});

export const deleteObjects = defineRoute({
  ...objectRoute,
  id: 'deleteObjects',
  method: 'POST',
  path: '/buckets/:bucket/delete-objects',
  summary: 'Deletes many objects and folders',
  body: DeleteObjectsRequest,
  responses: { 200: DeleteObjectsResponse, ...objectErrors },
});

export const putObjectTags = defineRoute({
  ...objectRoute,
  id: 'putObjectTags',
  method: 'PUT',
  path: '/buckets/:bucket/objects/tags',
  summary: "Replaces an object's tags",
  query: ObjectQuery,
  body: PutObjectTagsRequest,
  responses: { 204: null, ...objectErrors },
});

export const putObjectRetention = defineRoute({
  ...objectRoute,
  id: 'putObjectRetention',
  method: 'PUT',
  path: '/buckets/:bucket/objects/retention',
  summary: 'Sets the retention of an object version',
  query: ObjectQuery,
  body: PutObjectRetentionRequest,
  responses: { 204: null, ...objectErrors },
});

export const deleteObjectRetention = defineRoute({
  ...objectRoute,
  id: 'deleteObjectRetention',
  method: 'DELETE',
  path: '/buckets/:bucket/objects/retention',
  summary: 'Removes a governance retention (with the governance bypass)',
  query: ObjectQuery,
  responses: { 204: null, ...objectErrors },
});

export const putObjectLegalHold = defineRoute({
  ...objectRoute,
  id: 'putObjectLegalHold',
  method: 'PUT',
  path: '/buckets/:bucket/objects/legalhold',
  summary: 'Sets or clears the legal hold of an object version',
  query: ObjectQuery,
  body: PutLegalHoldRequest,
  responses: { 204: null, ...objectErrors },
});
