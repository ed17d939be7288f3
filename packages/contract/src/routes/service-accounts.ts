import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Service accounts (access keys): one's own under /service-accounts, another user's under
// /user/{user}/… (spec 000 §7). Lists are plain arrays of access keys, as the spec's screens read them.

export const ServiceAccountList = Type.Array(Type.String(), { $id: 'ServiceAccountList' });
export type ServiceAccountList = Static<typeof ServiceAccountList>;

/** Shown once, right after creation (spec 000 §5); the console keeps no copy. */
export const ServiceAccountCredentials = Type.Object(
  { accessKey: Type.String(), secretKey: Type.String() },
  { $id: 'ServiceAccountCredentials' },
);
export type ServiceAccountCredentials = Static<typeof ServiceAccountCredentials>;

/** An optional policy document (JSON text) that narrows the parent's rights; fixed once saved. */
const policy = Type.Optional(Type.String({ maxLength: 20480 }));

export const ServiceAccountRequest = Type.Object(
  { policy },
  { $id: 'ServiceAccountRequest', additionalProperties: false },
);
export type ServiceAccountRequest = Static<typeof ServiceAccountRequest>;

/** Access and secret key chosen by the caller (MinIO's limits: 3–20 and 8–40 characters). */
export const ServiceAccountCredentialsRequest = Type.Object(
  {
    policy,
    accessKey: Type.String({ minLength: 3, maxLength: 20, pattern: '^[A-Za-z0-9_.@=,+-]+$' }),
    secretKey: Type.String({ minLength: 8, maxLength: 40 }),
  },
  { $id: 'ServiceAccountCredentialsRequest', additionalProperties: false },
);
export type ServiceAccountCredentialsRequest = Static<typeof ServiceAccountCredentialsRequest>;

const userParams = Type.Object({ user: Type.String({ minLength: 1, maxLength: 256 }) });
const accountParams = Type.Object({ serviceAccount: Type.String({ minLength: 1, maxLength: 256 }) });
const CREATED = { 201: ServiceAccountCredentials, ...CALL_ERRORS, 409: ApiErrorBody } as const;
const CREATED_FOR_USER = { ...CREATED, 404: ApiErrorBody } as const;

export const listServiceAccounts = defineRoute({
  id: 'listServiceAccounts',
  method: 'GET',
  path: '/service-accounts',
  summary: "The session's own service accounts",
  tag: 'service-accounts',
  auth: true,
  responses: { 200: ServiceAccountList, ...CALL_ERRORS },
});

export const createServiceAccount = defineRoute({
  id: 'createServiceAccount',
  method: 'POST',
  path: '/service-accounts',
  summary: 'Creates a service account for the session, with generated keys',
  tag: 'service-accounts',
  auth: true,
  body: ServiceAccountRequest,
  responses: CREATED,
});

export const createServiceAccountCredentials = defineRoute({
  id: 'createServiceAccountCredentials',
  method: 'POST',
  path: '/service-account-credentials',
  summary: 'Creates a service account for the session, with the keys given',
  tag: 'service-accounts',
  auth: true,
  body: ServiceAccountCredentialsRequest,
  responses: CREATED,
});

export const deleteServiceAccount = defineRoute({
  id: 'deleteServiceAccount',
  method: 'DELETE',
  path: '/service-accounts/:serviceAccount',
  summary: 'Deletes a service account',
  tag: 'service-accounts',
  auth: true,
  params: accountParams,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const listUserServiceAccounts = defineRoute({
  id: 'listUserServiceAccounts',
  method: 'GET',
  path: '/user/:user/service-accounts',
  summary: "A user's service accounts",
  tag: 'service-accounts',
  auth: true,
  params: userParams,
  responses: { 200: ServiceAccountList, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const createUserServiceAccount = defineRoute({
  id: 'createUserServiceAccount',
  method: 'POST',
  path: '/user/:user/service-accounts',
  summary: 'Creates a service account for a user that has a policy, with generated keys',
  tag: 'service-accounts',
  auth: true,
  params: userParams,
  body: ServiceAccountRequest,
  responses: CREATED_FOR_USER,
});

export const createUserServiceAccountCredentials = defineRoute({
  id: 'createUserServiceAccountCredentials',
  method: 'POST',
  path: '/user/:user/service-account-credentials',
  summary: 'Creates a service account for a user that has a policy, with the keys given',
  tag: 'service-accounts',
  auth: true,
  params: userParams,
  body: ServiceAccountCredentialsRequest,
  responses: CREATED_FOR_USER,
});
