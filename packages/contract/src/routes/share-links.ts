import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName } from './bucket-names.js';

// Managed share links (issue 41): every link the console makes is recorded in its database,
// listed, and revocable (its service account deleted). A download link may carry a download
// limit (then it is the console's /share/{id}, which counts); a drop link lets anyone with it
// upload into one prefix, up to a size, until it expires.

export const ShareLinkKind = Type.Union([Type.Literal('download'), Type.Literal('drop')], {
  $id: 'ShareLinkKind',
});
export type ShareLinkKind = Static<typeof ShareLinkKind>;

/** A recorded link, as the Share links screen lists it. Its credential never leaves the console. */
export const ShareLink = Type.Object(
  {
    id: Type.String(),
    kind: ShareLinkKind,
    bucket: Type.String(),
    /** The object's key (download) or the prefix uploads land under (drop). */
    path: Type.String(),
    version_id: Type.Optional(Type.String()),
    /** The access key of the user who made it. */
    creator: Type.String(),
    /** RFC 3339. */
    created: Type.String(),
    expires: Type.String(),
    /** The access key of the service account behind it (its secret is never sent). */
    access_key: Type.String(),
    download_limit: Type.Optional(Type.Integer({ minimum: 1 })),
    download_count: Type.Integer({ minimum: 0 }),
    /** Drop links: the largest file accepted, in bytes. */
    size_limit: Type.Optional(Type.Integer({ minimum: 1 })),
    revoked: Type.Optional(Type.String()),
    /** What the recipient opens: a console address (limited or drop links) or a presigned URL. */
    url: Type.Optional(Type.String()),
  },
  { $id: 'ShareLink' },
);
export type ShareLink = Static<typeof ShareLink>;

export const ListShareLinksQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);

export const ShareLinkList = Type.Object(
  {
    links: Type.Array(ShareLink),
    total: Type.Integer({ minimum: 0 }),
    /** True when the list holds every user's links (the session may manage them all). */
    all_users: Type.Boolean(),
  },
  { $id: 'ShareLinkList' },
);
export type ShareLinkList = Static<typeof ShareLinkList>;

/** Drop links last at most 7 days, as download links do. */
export const DROP_MAX_SECONDS = 7 * 24 * 60 * 60;
/** The largest file a drop link may accept: 5 GiB, one S3 PUT/POST. */
export const DROP_MAX_SIZE = 5 * 1024 * 1024 * 1024;

export const CreateDropLinkRequest = Type.Object(
  {
    bucket: BucketName,
    /** A folder (ending in /), or '' for the bucket's root. */
    prefix: Type.String({ maxLength: 1024, pattern: '^$|/$' }),
    expires_seconds: Type.Integer({ minimum: 60, maximum: DROP_MAX_SECONDS }),
    size_limit: Type.Integer({ minimum: 1, maximum: DROP_MAX_SIZE }),
  },
  { $id: 'CreateDropLinkRequest', additionalProperties: false },
);
export type CreateDropLinkRequest = Static<typeof CreateDropLinkRequest>;

/** What the public drop page shows before anything is uploaded. */
export const DropLinkInfo = Type.Object(
  {
    bucket: Type.String(),
    prefix: Type.String(),
    expires: Type.String(),
    size_limit: Type.Integer({ minimum: 1 }),
  },
  { $id: 'DropLinkInfo' },
);
export type DropLinkInfo = Static<typeof DropLinkInfo>;

export const DropUploadRequest = Type.Object(
  {
    /** The file's name; it lands at the link's prefix + name. */
    name: Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\\\]+$' }),
  },
  { $id: 'DropUploadRequest', additionalProperties: false },
);
export type DropUploadRequest = Static<typeof DropUploadRequest>;

/** A presigned POST: the browser posts `fields` and then the file, as multipart/form-data, to `url`. */
export const DropUploadForm = Type.Object(
  { url: Type.String(), fields: Type.Record(Type.String(), Type.String()) },
  { $id: 'DropUploadForm' },
);
export type DropUploadForm = Static<typeof DropUploadForm>;

const linkParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
const PUBLIC_ERRORS = {
  400: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  500: ApiErrorBody,
  503: ApiErrorBody,
} as const;

export const listShareLinks = defineRoute({
  id: 'listShareLinks',
  method: 'GET',
  path: '/share-links',
  summary:
    "One page of recorded share links, newest first: the session's own, or every user's for a session that may list and remove other users' service accounts",
  tag: 'share-links',
  auth: true,
  query: ListShareLinksQuery,
  responses: { 200: ShareLinkList, ...CALL_ERRORS },
});

export const revokeShareLink = defineRoute({
  id: 'revokeShareLink',
  method: 'DELETE',
  path: '/share-links/:id',
  summary: 'Revokes a link: deletes its service account on the server, then marks it revoked',
  tag: 'share-links',
  auth: true,
  params: linkParams,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const createDropLink = defineRoute({
  id: 'createDropLink',
  method: 'POST',
  path: '/share-links/drop',
  summary: 'Makes an upload ("drop") link for a prefix, with a size limit and an expiry',
  tag: 'share-links',
  auth: true,
  body: CreateDropLinkRequest,
  responses: { 201: ShareLink, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const openShareLink = defineRoute({
  id: 'openShareLink',
  method: 'GET',
  path: '/share/:id',
  summary: 'Public: a limited download link counts one download and redirects to a short-lived presigned GET',
  tag: 'share-links',
  auth: false,
  params: linkParams,
  responses: { 302: null, ...PUBLIC_ERRORS },
});

export const getDropLink = defineRoute({
  id: 'getDropLink',
  method: 'GET',
  path: '/drop/:id',
  summary: "Public: a live drop link's bucket, prefix, expiry and size limit",
  tag: 'share-links',
  auth: false,
  params: linkParams,
  responses: { 200: DropLinkInfo, ...PUBLIC_ERRORS },
});

export const presignDropUpload = defineRoute({
  id: 'presignDropUpload',
  method: 'POST',
  path: '/drop/:id/uploads',
  summary:
    "Public: a presigned POST for one file under a live drop link's prefix, signed by the link's own service account",
  tag: 'share-links',
  auth: false,
  params: linkParams,
  body: DropUploadRequest,
  responses: { 200: DropUploadForm, ...PUBLIC_ERRORS },
});
