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
