import { type Static, Type } from 'typebox';
import { ApiErrorBody } from '../errors.js';
import { defineRoute } from '../route.js';

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

export const listBuckets = defineRoute({
  id: 'listBuckets',
  method: 'GET',
  path: '/buckets',
  summary: 'The buckets the session can read or write, with usage',
  tag: 'buckets',
  auth: true,
  responses: { 200: ListBucketsResponse, 401: ApiErrorBody, 500: ApiErrorBody, 503: ApiErrorBody },
});
