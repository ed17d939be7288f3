import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Users and their group memberships (spec 000 §3, §7). A user is named by its access key,
// passed as ?name= as the spec's calls do.

export const AccountStatus = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], {
  $id: 'AccountStatus',
});

export const User = Type.Object(
  {
    accessKey: Type.String(),
    status: AccountStatus,
    memberOf: Type.Array(Type.String()),
    policy: Type.Array(Type.String()),
    /** Whether any policy applies, directly or through a group (creating access keys needs one). */
    hasPolicy: Type.Boolean(),
  },
  { $id: 'User' },
);
export type User = Static<typeof User>;

export const ListUsersResponse = Type.Object(
  { users: Type.Array(User), total: Type.Number({ minimum: 0 }) },
  { $id: 'ListUsersResponse' },
);
export type ListUsersResponse = Static<typeof ListUsersResponse>;

const name = Type.String({ minLength: 1, maxLength: 256, pattern: '\\S' });
const names = Type.Array(name, { maxItems: 1000 });

export const UserNameQuery = Type.Object({ name }, { additionalProperties: false });

export const AddUserRequest = Type.Object(
  {
    accessKey: Type.String({ minLength: 3, maxLength: 128, pattern: '\\S' }),
    /** Spec 000 §5: at least 8 characters. */
    secretKey: Type.String({ minLength: 8, maxLength: 40 }),
    groups: names,
    policies: Type.Optional(names),
  },
  { $id: 'AddUserRequest', additionalProperties: false },
);

export const UpdateUserRequest = Type.Object(
  { status: AccountStatus, groups: names, policies: Type.Optional(names) },
  { $id: 'UpdateUserRequest', additionalProperties: false },
);

export const BulkUsersGroupsRequest = Type.Object(
  {
    users: Type.Array(name, { minItems: 1, maxItems: 1000 }),
    groups: Type.Array(name, { minItems: 1, maxItems: 1000 }),
  },
  { $id: 'BulkUsersGroupsRequest', additionalProperties: false },
);

export const listUsers = defineRoute({
  id: 'listUsers',
  method: 'GET',
  path: '/users',
  summary: 'Every user, with status, groups and policies',
  tag: 'users',
  auth: true,
  responses: { 200: ListUsersResponse, ...CALL_ERRORS },
});

export const getUser = defineRoute({
  id: 'getUser',
  method: 'GET',
  path: '/user',
  summary: 'One user',
  tag: 'users',
  auth: true,
  query: UserNameQuery,
  responses: { 200: User, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const addUser = defineRoute({
  id: 'addUser',
  method: 'POST',
  path: '/users',
  summary: 'Creates a user, in the groups and with the policies given',
  tag: 'users',
  auth: true,
  body: AddUserRequest,
  responses: { 201: User, ...CALL_ERRORS, 409: ApiErrorBody },
});

export const updateUser = defineRoute({
  id: 'updateUser',
  method: 'PUT',
  path: '/user',
  summary: "Sets a user's status and its groups (and policies, when given)",
  tag: 'users',
  auth: true,
  query: UserNameQuery,
  body: UpdateUserRequest,
  responses: { 200: User, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const removeUser = defineRoute({
  id: 'removeUser',
  method: 'DELETE',
  path: '/user',
  summary: "Deletes a user (never the session's own)",
  tag: 'users',
  auth: true,
  query: UserNameQuery,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const bulkUsersGroups = defineRoute({
  id: 'bulkUsersGroups',
  method: 'PUT',
  path: '/users-groups-bulk',
  summary: 'Adds every user given to every group given',
  tag: 'users',
  auth: true,
  body: BulkUsersGroupsRequest,
  responses: { 204: null, ...CALL_ERRORS },
});
