import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { BucketName } from './bucket-names.js';

// The policy simulator (issue 42): would the store let a user, group or access key do an
// action on a bucket or object? Answered by the same evaluation code the store enforces with.

const principalName = Type.String({ minLength: 1, maxLength: 256 });

export const SimulationPrincipal = Type.Object(
  {
    kind: Type.Union([Type.Literal('user'), Type.Literal('group'), Type.Literal('accessKey')]),
    name: principalName,
  },
  { $id: 'SimulationPrincipal', additionalProperties: false },
);
export type SimulationPrincipal = Static<typeof SimulationPrincipal>;

/** `s3:GetObject`, `s3:Get*`: a service prefix and an action name. */
const ActionName = Type.String({ minLength: 3, maxLength: 128, pattern: '^[A-Za-z0-9-]+:[A-Za-z0-9]+$' });

export const SimulatePolicyRequest = Type.Object(
  {
    principal: SimulationPrincipal,
    action: ActionName,
    bucket: BucketName,
    /** The object the action is on; absent for a bucket action (s3:ListBucket). */
    key: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    /** Condition key values the request would carry (s3:prefix, aws:SourceIp...). */
    conditions: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9-]+:[A-Za-z0-9/_.-]+$' }),
        Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 50 }),
      ),
    ),
  },
  { $id: 'SimulatePolicyRequest', additionalProperties: false },
);
export type SimulatePolicyRequest = Static<typeof SimulatePolicyRequest>;

/** Where a policy that took part came from. */
export const PolicySource = Type.Union(
  [Type.Literal('user'), Type.Literal('group'), Type.Literal('serviceAccount'), Type.Literal('bucket')],
  { $id: 'PolicySource' },
);
export type PolicySource = Static<typeof PolicySource>;

export const DecidingStatement = Type.Object(
  {
    source: PolicySource,
    /** The policy's name; `bucket` policies and embedded ones are named after their owner. */
    policy: Type.String(),
    /** The statement's place in the policy's Statement list, from 0. */
    statement: Type.Integer({ minimum: 0 }),
    sid: Type.Optional(Type.String()),
    effect: Type.Union([Type.Literal('Allow'), Type.Literal('Deny')]),
    /** The statement as the policy document has it, JSON text. */
    document: Type.String(),
  },
  { $id: 'DecidingStatement' },
);
export type DecidingStatement = Static<typeof DecidingStatement>;

export const EvaluatedPolicy = Type.Object(
  {
    source: PolicySource,
    policy: Type.String(),
    outcome: Type.Union([Type.Literal('allow'), Type.Literal('deny'), Type.Literal('none')]),
  },
  { $id: 'EvaluatedPolicy' },
);
export type EvaluatedPolicy = Static<typeof EvaluatedPolicy>;

export const SimulatePolicyResponse = Type.Object(
  {
    allowed: Type.Boolean(),
    /** Null when nothing allowed nor denied (an implicit deny) or for unlimited credentials. */
    decidedBy: Type.Union([DecidingStatement, Type.Null()]),
    evaluated: Type.Array(EvaluatedPolicy),
  },
  { $id: 'SimulatePolicyResponse' },
);
export type SimulatePolicyResponse = Static<typeof SimulatePolicyResponse>;

export const simulatePolicy = defineRoute({
  id: 'simulatePolicy',
  method: 'POST',
  path: '/policies/simulate',
  summary: 'Whether a user, group or access key may do an action, and which statement decided',
  tag: 'policies',
  auth: true,
  body: SimulatePolicyRequest,
  responses: { 200: SimulatePolicyResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});

/** The action groups effective permissions are told in, each one S3 action. */
export const ACCESS_GROUPS = {
  read: 's3:GetObject',
  write: 's3:PutObject',
  list: 's3:ListBucket',
  delete: 's3:DeleteObject',
  admin: 's3:PutBucketPolicy',
} as const;
export type AccessGroup = keyof typeof ACCESS_GROUPS;

const groupFlags = Type.Object(
  {
    read: Type.Boolean(),
    write: Type.Boolean(),
    list: Type.Boolean(),
    delete: Type.Boolean(),
    admin: Type.Boolean(),
  },
  { $id: 'AccessGroups' },
);

export const EffectivePermissionsQuery = Type.Object(
  {
    user: Type.Optional(principalName),
    bucket: Type.Optional(BucketName),
  },
  { additionalProperties: false },
);

export const EffectivePermissionsResponse = Type.Object(
  {
    /** One row per bucket (asked by user) or per user (asked by bucket). */
    rows: Type.Array(Type.Object({ name: Type.String(), access: groupFlags })),
  },
  { $id: 'EffectivePermissionsResponse' },
);
export type EffectivePermissionsResponse = Static<typeof EffectivePermissionsResponse>;

export const getEffectivePermissions = defineRoute({
  id: 'getEffectivePermissions',
  method: 'GET',
  path: '/policies/effective',
  summary: "A user's access per bucket, or a bucket's per user, by action group",
  tag: 'policies',
  auth: true,
  query: EffectivePermissionsQuery,
  responses: { 200: EffectivePermissionsResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});
