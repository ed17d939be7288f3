import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketParams } from './bucket-names.js';
import { BucketAccessPolicy, BucketDetails } from './buckets.js';
import { ListPoliciesResponse } from './policies.js';

// Who can reach a bucket: the access audit (users and policies naming it), the anonymous
// bucket policy, and anonymous per-prefix rules (spec 001 §7 "Access audit", "Access rules").

export const PrefixAccess = Type.Union(
  [Type.Literal('readonly'), Type.Literal('writeonly'), Type.Literal('readwrite')],
  { $id: 'PrefixAccess' },
);
export type PrefixAccess = Static<typeof PrefixAccess>;

export const AccessRule = Type.Object({ prefix: Type.String(), access: PrefixAccess }, { $id: 'AccessRule' });
export type AccessRule = Static<typeof AccessRule>;

export const ListAccessRulesResponse = Type.Object(
  { accessRules: Type.Array(AccessRule) },
  { $id: 'ListAccessRulesResponse' },
);

const prefix = Type.String({ minLength: 1, maxLength: 1024, pattern: '\\S' });

export const SetAccessRuleRequest = Type.Object(
  { prefix, access: PrefixAccess },
  { $id: 'SetAccessRuleRequest', additionalProperties: false },
);

export const DeleteAccessRuleRequest = Type.Object(
  { prefix },
  { $id: 'DeleteAccessRuleRequest', additionalProperties: false },
);

export const SetBucketPolicyRequest = Type.Object(
  {
    access: BucketAccessPolicy,
    /** The policy JSON text, required for CUSTOM. */
    definition: Type.Optional(Type.String({ maxLength: 20480 })),
  },
  { $id: 'SetBucketPolicyRequest', additionalProperties: false },
);

export const listBucketUsers = defineRoute({
  id: 'listBucketUsers',
  method: 'GET',
  path: '/bucket-users/:bucket',
  summary: 'Users whose own or group policies allow any action on the bucket',
  tag: 'bucket access',
  auth: true,
  params: BucketParams,
  responses: { 200: Type.Array(Type.String()), ...CALL_ERRORS },
});

export const listBucketPolicies = defineRoute({
  id: 'listBucketPolicies',
  method: 'GET',
  path: '/bucket-policy/:bucket',
  summary: 'Named policies whose statements reach the bucket',
  tag: 'bucket access',
  auth: true,
  params: BucketParams,
  responses: { 200: ListPoliciesResponse, ...CALL_ERRORS },
});

export const setBucketPolicy = defineRoute({
  id: 'setBucketPolicy',
  method: 'PUT',
  path: '/buckets/:bucket/set-policy',
  summary: 'Sets anonymous access to the whole bucket',
  tag: 'bucket access',
  auth: true,
  params: BucketParams,
  body: SetBucketPolicyRequest,
  responses: { 200: BucketDetails, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const listAccessRules = defineRoute({
  id: 'listAccessRules',
  method: 'GET',
  path: '/bucket/:bucket/access-rules',
  summary: 'Anonymous access rules by prefix',
  tag: 'bucket access',
  auth: true,
  params: BucketParams,
  responses: { 200: ListAccessRulesResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const setAccessRule = defineRoute({
  id: 'setAccessRule',
  method: 'PUT',
  path: '/bucket/:bucket/access-rules',
  summary: 'Adds or changes the anonymous access of a prefix',
  tag: 'bucket access',
  auth: true,
  params: BucketParams,
  body: SetAccessRuleRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const deleteAccessRule = defineRoute({
  id: 'deleteAccessRule',
  method: 'DELETE',
  path: '/bucket/:bucket/access-rules',
  summary: 'Removes the anonymous access of a prefix',
  tag: 'bucket access',
  auth: true,
  params: BucketParams,
  body: DeleteAccessRuleRequest,
  responses: { 204: null, ...CALL_ERRORS, 404: ApiErrorBody },
});
