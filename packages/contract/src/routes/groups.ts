import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { AccountStatus } from './users.js';

// Groups (spec 000 §3, §7), named by ?name= as the spec's calls do.

export const Group = Type.Object(
  {
    name: Type.String(),
    members: Type.Array(Type.String()),
    status: AccountStatus,
    /** Comma-separated policy names, as the spec's entity has it. */
    policy: Type.String(),
  },
  { $id: 'Group' },
);
export type Group = Static<typeof Group>;

export const ListGroupsResponse = Type.Object(
  { groups: Type.Array(Type.String()), total: Type.Number({ minimum: 0 }) },
  { $id: 'ListGroupsResponse' },
);
export type ListGroupsResponse = Static<typeof ListGroupsResponse>;

/** Spec 000 §5: a group needs a non-blank name. */
const name = Type.String({ minLength: 1, maxLength: 256, pattern: '\\S' });
const members = Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: 10000 });

export const GroupNameQuery = Type.Object({ name }, { additionalProperties: false });

export const AddGroupRequest = Type.Object(
  { group: name, members },
  { $id: 'AddGroupRequest', additionalProperties: false },
);

export const UpdateGroupRequest = Type.Object(
  { members, status: AccountStatus },
  { $id: 'UpdateGroupRequest', additionalProperties: false },
);

export const listGroups = defineRoute({
  id: 'listGroups',
  method: 'GET',
  path: '/groups',
  summary: 'Every group name',
  tag: 'groups',
  auth: true,
  responses: { 200: ListGroupsResponse, ...CALL_ERRORS },
});

export const getGroup = defineRoute({
  id: 'getGroup',
  method: 'GET',
  path: '/group',
  summary: 'One group: members, status and policies',
  tag: 'groups',
  auth: true,
  query: GroupNameQuery,
  responses: { 200: Group, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const addGroup = defineRoute({
  id: 'addGroup',
  method: 'POST',
  path: '/groups',
  summary: 'Creates a group with its members',
  tag: 'groups',
  auth: true,
  body: AddGroupRequest,
  responses: { 201: null, ...CALL_ERRORS, 409: ApiErrorBody },
});

export const updateGroup = defineRoute({
  id: 'updateGroup',
  method: 'PUT',
  path: '/group',
  summary: "Sets a group's members (adding and removing the difference) and status",
  tag: 'groups',
  auth: true,
  query: GroupNameQuery,
  body: UpdateGroupRequest,
  responses: { 200: Group, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const removeGroup = defineRoute({
  id: 'removeGroup',
  method: 'DELETE',
  path: '/group',
  summary: 'Deletes a group (its members stay users)',
  tag: 'groups',
  auth: true,
  query: GroupNameQuery,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});
