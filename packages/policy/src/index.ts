// The IAM and bucket policy engine: parse a document once, then evaluate requests against it.
// Shared by the store (which enforces) and the console API (which simulates), so both
// decide through the same code. Pure: no I/O, no clock (callers put aws:CurrentTime in the request context).

export { isObjectAction, KNOWN_ACTIONS } from './actions.js';
export {
  CANNED_POLICY_DOCUMENTS,
  CANNED_POLICY_NAMES,
  type CannedPolicyName,
  cannedPolicy,
  isCannedPolicyName,
} from './canned.js';
export {
  assertSupportedConditionKeys,
  CONDITION_KEYS,
  isSupportedConditionKey,
} from './condition-keys.js';
export { PolicyError, type PolicyErrorCode } from './errors.js';
export {
  type AccessInput,
  type AccessSource,
  type AccessVerdict,
  type DecidingStatement,
  type Decision,
  evaluate,
  explain,
  explainAccess,
  explainRights,
  isAllowed,
  isPublicBucketPolicy,
  type RequestFacts,
  type RequestPrincipal,
  type RightsInput,
  type Verdict,
} from './evaluate.js';
export { type ParseOptions, parseLimitPolicy, parsePolicy } from './parse.js';
export type {
  Condition,
  ConditionOperator,
  Effect,
  Policy,
  PolicyKind,
  PolicyVersion,
  PrincipalSpec,
  SetQualifier,
  Statement,
} from './types.js';
export { CONDITION_OPERATORS } from './types.js';
