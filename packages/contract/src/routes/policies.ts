import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Named IAM policies and their attachment to users and groups (spec 000 §7).

export const Policy = Type.Object(
  {
    name: Type.String(),
    /** The policy document as JSON text. */
    policy: Type.String(),
  },
  { $id: 'Policy' },
);
export type Policy = Static<typeof Policy>;

export const ListPoliciesResponse = Type.Object(
  { policies: Type.Array(Policy), total: Type.Number({ minimum: 0 }) },
  { $id: 'ListPoliciesResponse' },
);
export type ListPoliciesResponse = Static<typeof ListPoliciesResponse>;

export const ListPoliciesQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    /** The spec's screens ask for 1000 (spec 000 §9). */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  },
  { additionalProperties: false },
);

export const SetPolicyRequest = Type.Object(
  {
    /** The policies the entity ends up with: the list replaces what it had; empty removes all. */
    name: Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: 1000 }),
    entityName: Type.String({ minLength: 1, maxLength: 256 }),
    entityType: Type.Union([Type.Literal('user'), Type.Literal('group')]),
  },
  { $id: 'SetPolicyRequest', additionalProperties: false },
);

export const listPolicies = defineRoute({
  id: 'listPolicies',
  method: 'GET',
  path: '/policies',
  summary: 'Named policies, by name, with their documents',
  tag: 'policies',
  auth: true,
  query: ListPoliciesQuery,
  responses: { 200: ListPoliciesResponse, ...CALL_ERRORS },
});

export const setPolicy = defineRoute({
  id: 'setPolicy',
  method: 'PUT',
  path: '/set-policy',
  summary: 'Sets the policies of one user or group',
  tag: 'policies',
  auth: true,
  body: SetPolicyRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

const policyName = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.+=,@-]+$' });

export const AddPolicyRequest = Type.Object(
  {
    /** Spec 001 §5: not blank; letters, digits and _.+=,@- as the server allows. */
    name: policyName,
    /** The policy document as JSON text. */
    policy: Type.String({ minLength: 2, maxLength: 20480 }),
  },
  { $id: 'AddPolicyRequest', additionalProperties: false },
);

export const PolicyNameQuery = Type.Object({ name: policyName }, { additionalProperties: false });
const PolicyNameParams = Type.Object({ name: policyName }, { additionalProperties: false });

export const addPolicy = defineRoute({
  id: 'addPolicy',
  method: 'POST',
  path: '/policies',
  summary: 'Creates or replaces a named policy',
  tag: 'policies',
  auth: true,
  body: AddPolicyRequest,
  responses: { 201: Policy, ...CALL_ERRORS },
});

export const getPolicy = defineRoute({
  id: 'getPolicy',
  method: 'GET',
  path: '/policy',
  summary: 'One named policy',
  tag: 'policies',
  auth: true,
  query: PolicyNameQuery,
  responses: { 200: Policy, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const removePolicy = defineRoute({
  id: 'removePolicy',
  method: 'DELETE',
  path: '/policy',
  summary: 'Deletes a named policy',
  tag: 'policies',
  auth: true,
  query: PolicyNameQuery,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const listUsersForPolicy = defineRoute({
  id: 'listUsersForPolicy',
  method: 'GET',
  path: '/policies/:name/users',
  summary: 'The users the policy is attached to',
  tag: 'policies',
  auth: true,
  params: PolicyNameParams,
  responses: { 200: Type.Array(Type.String()), ...CALL_ERRORS, 404: ApiErrorBody },
});

export const listGroupsForPolicy = defineRoute({
  id: 'listGroupsForPolicy',
  method: 'GET',
  path: '/policies/:name/groups',
  summary: 'The groups the policy is attached to',
  tag: 'policies',
  auth: true,
  params: PolicyNameParams,
  responses: { 200: Type.Array(Type.String()), ...CALL_ERRORS, 404: ApiErrorBody },
});
