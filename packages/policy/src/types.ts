// The normalised, validated form of an IAM or bucket policy. `parsePolicy` produces it;
// `evaluate` consumes it. Single strings in the JSON become one-element arrays.

export const POLICY_VERSIONS = ['2012-10-17', '2008-10-17'] as const;
export type PolicyVersion = (typeof POLICY_VERSIONS)[number];

export type PolicyKind = 'identity' | 'bucket';

export type Effect = 'Allow' | 'Deny';

/** `"*"` normalises to `{ aws: ['*'] }`, the same as `{"AWS": "*"}`. */
export interface PrincipalSpec {
  aws: string[];
}

export const CONDITION_OPERATORS = [
  'StringEquals',
  'StringNotEquals',
  'StringEqualsIgnoreCase',
  'StringNotEqualsIgnoreCase',
  'StringLike',
  'StringNotLike',
  'NumericEquals',
  'NumericNotEquals',
  'NumericLessThan',
  'NumericLessThanEquals',
  'NumericGreaterThan',
  'NumericGreaterThanEquals',
  'DateEquals',
  'DateNotEquals',
  'DateLessThan',
  'DateLessThanEquals',
  'DateGreaterThan',
  'DateGreaterThanEquals',
  'Bool',
  'BinaryEquals',
  'IpAddress',
  'NotIpAddress',
  'ArnEquals',
  'ArnLike',
  'ArnNotEquals',
  'ArnNotLike',
  'Null',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export type SetQualifier = 'ForAnyValue' | 'ForAllValues';

/** One (operator, key) pair of a Condition block; `values` are OR-ed (NOR for negated operators). */
export interface Condition {
  operator: ConditionOperator;
  qualifier?: SetQualifier;
  ifExists: boolean;
  /** As written; lookups are case-insensitive. */
  key: string;
  /** JSON numbers and booleans are kept as their string form. */
  values: string[];
}

export interface Statement {
  sid?: string;
  effect: Effect;
  principal?: PrincipalSpec;
  notPrincipal?: PrincipalSpec;
  actions?: string[];
  notActions?: string[];
  resources?: string[];
  notResources?: string[];
  conditions: Condition[];
}

export interface Policy {
  version: PolicyVersion;
  id?: string;
  statements: Statement[];
}
