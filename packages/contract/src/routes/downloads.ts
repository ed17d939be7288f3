import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketParams, ObjectPath } from './bucket-names.js';

// Browser-direct downloads (issue 43), the twin of browser-direct uploads: the console signs a
// GET of one object with the session's credentials and the browser downloads it from the storage
// server itself, so the bytes skip a third process. Where the browser cannot reach the server
// (the download proxy setting) the answer says so, and the browser uses …/objects/download.

/** A signed download URL is good this long: the browser starts it at once, and may resume it. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;

export const DownloadUrlRequest = Type.Object(
  {
    key: ObjectPath,
    version_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { $id: 'DownloadUrlRequest', additionalProperties: false },
);
export type DownloadUrlRequest = Static<typeof DownloadUrlRequest>;

export const DownloadUrlResponse = Type.Object(
  {
    /** direct: download `url` from the storage server; proxy: through GET …/objects/download. */
    mode: Type.Union([Type.Literal('direct'), Type.Literal('proxy')]),
    /** direct only: a presigned GetObject that names the file as an attachment. */
    url: Type.Optional(Type.String()),
    /** direct only, RFC 3339: the server refuses to start the download after this. */
    expires_at: Type.Optional(Type.String()),
  },
  { $id: 'DownloadUrlResponse' },
);
export type DownloadUrlResponse = Static<typeof DownloadUrlResponse>;

export const signObjectDownload = defineRoute({
  id: 'signObjectDownload',
  tag: 'objects',
  auth: true,
  params: BucketParams,
  method: 'POST',
  path: '/buckets/:bucket/objects/download-url',
  summary:
    "Where the browser downloads one object: a GetObject URL on the storage server, signed with the session's credentials, or the console itself",
  body: DownloadUrlRequest,
  responses: { 200: DownloadUrlResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});
