import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketParams, ObjectPath } from './bucket-names.js';

// Browser-direct uploads (issue 41): the console starts an S3 multipart upload and signs each
// part's URL with the session's credentials, or signs one PutObject for a file that fits in one
// part; the browser sends the bytes to the storage server itself. The console never sees them
// unless uploads go through it (the proxy mode setting).

/** S3 part numbers. */
export const PART_NUMBER_MAX = 10_000;
/** Part URLs signed per request: a window of parts, signed again as the upload moves on. */
export const SIGN_BATCH_MAX = 100;

export const UploadChecksumAlgorithm = Type.Union([Type.Literal('CRC32C'), Type.Literal('SHA256')], {
  $id: 'UploadChecksumAlgorithm',
});
export type UploadChecksumAlgorithm = Static<typeof UploadChecksumAlgorithm>;

const UploadId = Type.String({ minLength: 1, maxLength: 1024 });
const PartNumber = Type.Integer({ minimum: 1, maximum: PART_NUMBER_MAX });

export const UploadSettings = Type.Object(
  {
    /** direct: the browser talks to server_url; proxy: uploads go through the console. */
    mode: Type.Union([Type.Literal('direct'), Type.Literal('proxy')]),
    /** The storage server's address as the browser reaches it. */
    server_url: Type.String(),
    /** A proxy's body limit in front of the server: no part is larger. */
    max_part_bytes: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { $id: 'UploadSettings' },
);
export type UploadSettings = Static<typeof UploadSettings>;

export const CreateUploadRequest = Type.Object(
  {
    key: ObjectPath,
    size: Type.Integer({ minimum: 0, maximum: 5 * 1024 ** 4 }),
    content_type: Type.Optional(Type.String({ maxLength: 256 })),
    checksum_algorithm: Type.Optional(UploadChecksumAlgorithm),
  },
  { $id: 'CreateUploadRequest', additionalProperties: false },
);
export type CreateUploadRequest = Static<typeof CreateUploadRequest>;

export const CreateUploadResponse = Type.Object(
  {
    key: Type.String(),
    upload_id: Type.String(),
    part_size: Type.Integer(),
    part_count: Type.Integer(),
    checksum_algorithm: Type.Optional(UploadChecksumAlgorithm),
  },
  { $id: 'CreateUploadResponse' },
);
export type CreateUploadResponse = Static<typeof CreateUploadResponse>;

export const SignPartsRequest = Type.Object(
  {
    key: ObjectPath,
    upload_id: UploadId,
    part_numbers: Type.Array(PartNumber, { minItems: 1, maxItems: SIGN_BATCH_MAX, uniqueItems: true }),
    /**
     * With a checksum algorithm: each part's checksum (base64, in the order of part_numbers),
     * signed into its URL so the browser must send it and the server checks the bytes.
     */
    checksum_algorithm: Type.Optional(UploadChecksumAlgorithm),
    checksums: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: SIGN_BATCH_MAX }),
    ),
  },
  { $id: 'SignPartsRequest', additionalProperties: false },
);
export type SignPartsRequest = Static<typeof SignPartsRequest>;

export const SignPartsResponse = Type.Object(
  {
    urls: Type.Array(Type.Object({ part_number: Type.Integer(), url: Type.String() })),
    /** RFC 3339: the URLs are refused after this. */
    expires_at: Type.String(),
  },
  { $id: 'SignPartsResponse' },
);
export type SignPartsResponse = Static<typeof SignPartsResponse>;

/** S3's limit for one PutObject. */
const PUT_OBJECT_MAX = 5 * 1024 ** 3;

export const SignPutRequest = Type.Object(
  {
    key: ObjectPath,
    /** The file's size: no more than one part (planParts), else the upload goes in parts. */
    size: Type.Integer({ minimum: 0, maximum: PUT_OBJECT_MAX }),
    /** With a checksum algorithm: the whole file's checksum (base64), signed into the URL. */
    checksum_algorithm: Type.Optional(UploadChecksumAlgorithm),
    checksum: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { $id: 'SignPutRequest', additionalProperties: false },
);
export type SignPutRequest = Static<typeof SignPutRequest>;

export const SignPutResponse = Type.Object(
  {
    url: Type.String(),
    /** RFC 3339: the URL is refused after this. */
    expires_at: Type.String(),
  },
  { $id: 'SignPutResponse' },
);
export type SignPutResponse = Static<typeof SignPutResponse>;

export const MultipartUploadQuery = Type.Object(
  { key: ObjectPath, upload_id: UploadId },
  { $id: 'UploadPartsQuery', additionalProperties: false },
);

export const UploadedPart = Type.Object(
  {
    part_number: Type.Integer(),
    etag: Type.String(),
    size: Type.Integer(),
  },
  { $id: 'UploadedPart' },
);
export type UploadedPart = Static<typeof UploadedPart>;

export const ListUploadPartsResponse = Type.Object(
  { parts: Type.Array(UploadedPart) },
  { $id: 'ListUploadPartsResponse' },
);
export type ListUploadPartsResponse = Static<typeof ListUploadPartsResponse>;

export const CompleteUploadRequest = Type.Object(
  {
    key: ObjectPath,
    upload_id: UploadId,
    /** The algorithm the upload was created with, when its parts carry checksums. */
    checksum_algorithm: Type.Optional(UploadChecksumAlgorithm),
    parts: Type.Array(
      Type.Object(
        {
          part_number: PartNumber,
          etag: Type.String({ minLength: 1, maxLength: 128 }),
          /** Base64, as x-amz-checksum-* carries it; required when the upload has an algorithm. */
          checksum: Type.Optional(Type.String({ maxLength: 128 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: PART_NUMBER_MAX },
    ),
  },
  { $id: 'CompleteUploadRequest', additionalProperties: false },
);
export type CompleteUploadRequest = Static<typeof CompleteUploadRequest>;

export const CompleteUploadResponse = Type.Object(
  { key: Type.String(), etag: Type.String(), version_id: Type.Optional(Type.String()) },
  { $id: 'CompleteUploadResponse' },
);
export type CompleteUploadResponse = Static<typeof CompleteUploadResponse>;

const uploadRoute = { tag: 'objects', auth: true, params: BucketParams } as const;
const uploadErrors = { ...CALL_ERRORS, 404: ApiErrorBody } as const;

export const getUploadSettings = defineRoute({
  id: 'getUploadSettings',
  method: 'GET',
  path: '/uploads/settings',
  summary: 'How the browser uploads: straight to the storage server (its address) or through the console',
  tag: 'objects',
  auth: true,
  responses: { 200: UploadSettings, ...CALL_ERRORS },
});

export const createUpload = defineRoute({
  ...uploadRoute,
  id: 'createUpload',
  method: 'POST',
  path: '/buckets/:bucket/uploads',
  summary: 'Starts a multipart upload the browser sends itself; the part size is chosen for the file',
  body: CreateUploadRequest,
  responses: { 200: CreateUploadResponse, ...uploadErrors },
});

export const signUploadParts = defineRoute({
  ...uploadRoute,
  id: 'signUploadParts',
  method: 'POST',
  path: '/buckets/:bucket/uploads/sign',
  summary: "Presigned UploadPart URLs for some parts, signed with the session's credentials",
  body: SignPartsRequest,
  responses: { 200: SignPartsResponse, ...uploadErrors },
});

export const signUploadPut = defineRoute({
  ...uploadRoute,
  id: 'signUploadPut',
  method: 'POST',
  path: '/buckets/:bucket/uploads/put-url',
  summary:
    "A presigned PutObject URL for a file that fits in one part, signed with the session's credentials: one request, and the object's ETag is its MD5",
  body: SignPutRequest,
  responses: { 200: SignPutResponse, ...uploadErrors },
});

export const listUploadParts = defineRoute({
  ...uploadRoute,
  id: 'listUploadParts',
  method: 'GET',
  path: '/buckets/:bucket/uploads/parts',
  summary: 'The parts of an unfinished upload already stored (to resume it)',
  query: MultipartUploadQuery,
  responses: { 200: ListUploadPartsResponse, ...uploadErrors },
});

export const completeUpload = defineRoute({
  ...uploadRoute,
  id: 'completeUpload',
  method: 'POST',
  path: '/buckets/:bucket/uploads/complete',
  summary: 'Joins the uploaded parts into the object',
  body: CompleteUploadRequest,
  responses: { 200: CompleteUploadResponse, ...uploadErrors },
});

export const abortUpload = defineRoute({
  ...uploadRoute,
  id: 'abortUpload',
  method: 'DELETE',
  path: '/buckets/:bucket/uploads',
  summary: 'Cancels an unfinished upload and drops its parts',
  query: MultipartUploadQuery,
  responses: { 204: null, ...uploadErrors },
});
