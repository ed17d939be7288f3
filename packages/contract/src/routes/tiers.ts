import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Remote tiers that lifecycle rules transition to (spec 002 §2.1 "Tiers", §3 "Tier", §7).

export const TierType = Type.Union([
  Type.Literal('s3'),
  Type.Literal('minio'),
  Type.Literal('gcs'),
  Type.Literal('azure'),
]);
export type TierType = Static<typeof TierType>;

/** Tier names are storage-class names in S3 requests: upper case by convention, no spaces. */
const TierName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const common = {
  name: TierName,
  endpoint: text(1024),
  bucket: Type.String({ minLength: 3, maxLength: 63 }),
  prefix: text(1024),
  region: text(64),
};

/** A tier as listed: its settings under its type's key, credentials left out (the access key stays). */
export const TierSettings = Type.Object(
  {
    name: Type.String(),
    endpoint: Type.Optional(Type.String()),
    bucket: Type.Optional(Type.String()),
    prefix: Type.Optional(Type.String()),
    region: Type.Optional(Type.String()),
    storageclass: Type.Optional(Type.String()),
    accesskey: Type.Optional(Type.String()),
    accountname: Type.Optional(Type.String()),
  },
  { $id: 'TierSettings' },
);

/** What a tier holds, as the server's tier statistics count it (admin tier-stats). */
export const TierUsage = Type.Object(
  { objects: Type.Number(), versions: Type.Number(), size: Type.Number() },
  { $id: 'TierUsage' },
);
export type TierUsage = Static<typeof TierUsage>;

export const Tier = Type.Object(
  {
    type: TierType,
    /** In the list only, and only where the server reports it. */
    usage: Type.Optional(TierUsage),
    s3: Type.Optional(TierSettings),
    minio: Type.Optional(TierSettings),
    gcs: Type.Optional(TierSettings),
    azure: Type.Optional(TierSettings),
  },
  { $id: 'Tier' },
);
export type Tier = Static<typeof Tier>;

export const ListTiersResponse = Type.Object({ items: Type.Array(Tier) }, { $id: 'ListTiersResponse' });

/** The Add Tier form: the MinIO choice is sent as s3 (spec 002 §3). */
export const AddTierRequest = Type.Object(
  {
    type: TierType,
    s3: Type.Optional(
      Type.Object(
        {
          ...common,
          accesskey: Type.String({ minLength: 1, maxLength: 1024 }),
          secretkey: Type.String({ minLength: 1, maxLength: 1024 }),
          storageclass: text(64),
        },
        { additionalProperties: false },
      ),
    ),
    minio: Type.Optional(
      Type.Object(
        {
          ...common,
          accesskey: Type.String({ minLength: 1, maxLength: 1024 }),
          secretkey: Type.String({ minLength: 1, maxLength: 1024 }),
        },
        { additionalProperties: false },
      ),
    ),
    gcs: Type.Optional(
      Type.Object(
        {
          ...common,
          /** The service account's JSON key file, as text. */
          creds: Type.String({ minLength: 1, maxLength: 65536 }),
          storageclass: text(64),
        },
        { additionalProperties: false },
      ),
    ),
    azure: Type.Optional(
      Type.Object(
        {
          ...common,
          accountname: Type.String({ minLength: 1, maxLength: 1024 }),
          accountkey: Type.String({ minLength: 1, maxLength: 1024 }),
          storageclass: text(64),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'AddTierRequest', additionalProperties: false },
);
export type AddTierRequest = Static<typeof AddTierRequest>;

/** New keys (s3, minio, azure) or a new JSON key file (gcs). */
export const TierCredentialsRequest = Type.Object(
  {
    access_key: text(1024),
    secret_key: text(1024),
    creds: text(65536),
  },
  { $id: 'TierCredentialsRequest', additionalProperties: false },
);
export type TierCredentialsRequest = Static<typeof TierCredentialsRequest>;

const TierParams = Type.Object({ type: TierType, name: TierName }, { additionalProperties: false });

export const listTiers = defineRoute({
  id: 'listTiers',
  method: 'GET',
  path: '/admin/tiers',
  summary: 'Remote tiers (the storage classes a transition can name)',
  tag: 'tiers',
  auth: true,
  responses: { 200: ListTiersResponse, ...CALL_ERRORS },
});

export const addTier = defineRoute({
  id: 'addTier',
  method: 'POST',
  path: '/admin/tiers',
  summary: 'Add a remote tier; the storage server checks that it can reach it first',
  tag: 'tiers',
  auth: true,
  body: AddTierRequest,
  responses: { 201: null, ...CALL_ERRORS, 409: ApiErrorBody },
});

export const getTier = defineRoute({
  id: 'getTier',
  method: 'GET',
  path: '/admin/tiers/:type/:name',
  summary: 'One remote tier',
  tag: 'tiers',
  auth: true,
  params: TierParams,
  responses: { 200: Tier, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const editTierCredentials = defineRoute({
  id: 'editTierCredentials',
  method: 'PUT',
  path: '/admin/tiers/:type/:name/credentials',
  summary: "Replace a tier's credentials",
  tag: 'tiers',
  auth: true,
  params: TierParams,
  body: TierCredentialsRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});
