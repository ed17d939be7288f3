// The IAM and bucket policy engine: parse a document once, then evaluate requests against it.
// Pure: no I/O, no clock (callers put aws:CurrentTime in the request context).

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
  type Decision,
  evaluate,
  isAllowed,
  isPublicBucketPolicy,
  type RequestFacts,
  type RequestPrincipal,
} from './evaluate.js';
export { type ParseOptions, parsePolicy } from './parse.js';
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
