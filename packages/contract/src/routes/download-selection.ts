import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName, BucketParams, ObjectPath } from './bucket-names.js';

// Several objects and folders of one listing downloaded as one ZIP (issue 41). The selection
// travels in a JSON POST (it can be long, and a POST carries the CSRF header); the answer is a
// short-lived token, and the browser downloads GET …/download-selection/{token} by itself, so
// the bytes stream to disk and are never held in the page.

/** Most objects plus folders one ZIP download may name (a folder counts once, whatever it holds). */
export const MAX_ZIP_SELECTION = 1000;

/** Seconds a selection's token can start its download. */
export const ZIP_TOKEN_SECONDS = 300;

export const DownloadSelectionRequest = Type.Object(
  {
    /** The listing the selection was made in ('' for the bucket's root); names in the ZIP are relative to it. */
    prefix: Type.String({ maxLength: 1024 }),
    /** Object keys, each under `prefix`. */
    keys: Type.Array(ObjectPath, { maxItems: MAX_ZIP_SELECTION }),
    /** Folders (ending in /), each under `prefix`: every latest object below them is included. */
    prefixes: Type.Array(ObjectPath, { maxItems: MAX_ZIP_SELECTION }),
  },
  { $id: 'DownloadSelectionRequest', additionalProperties: false },
);
export type DownloadSelectionRequest = Static<typeof DownloadSelectionRequest>;

export const DownloadSelectionResponse = Type.Object(
  {
    /** Names the selection in GET …/download-selection/{token}; only this session can use it. */
    token: Type.String(),
    /** RFC 3339: the download must start before then. */
    expires: Type.String(),
  },
  { $id: 'DownloadSelectionResponse' },
);
export type DownloadSelectionResponse = Static<typeof DownloadSelectionResponse>;

const objectRoute = { tag: 'objects', auth: true, params: BucketParams } as const;

export const prepareSelectionDownload = defineRoute({
  ...objectRoute,
  id: 'prepareSelectionDownload',
  method: 'POST',
  path: '/buckets/:bucket/objects/download-selection',
  summary:
    'Checks a selection of objects and folders (each key readable, each folder listable) and names it with a short-lived token',
  body: DownloadSelectionRequest,
  responses: { 200: DownloadSelectionResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const downloadSelection = defineRoute({
  ...objectRoute,
  id: 'downloadSelection',
  method: 'GET',
  path: '/buckets/:bucket/objects/download-selection/:token',
  summary:
    'Streams the selection a token names as one ZIP, folders read while it is written; objects that cannot be read are listed in a last entry, download-errors.txt',
  params: Type.Object(
    { bucket: BucketName, token: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
    { additionalProperties: false },
  ),
  media: { response: 'application/octet-stream' },
  responses: { 200: null, ...CALL_ERRORS, 404: ApiErrorBody },
});
