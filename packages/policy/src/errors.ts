// Why a policy document was refused. `message` is written for the person who wrote the
// policy; `code` lets callers choose the wire error (MinIO answers a missing Version with
// MalformedPolicy and everything else with XMinioMalformedIAMPolicy).

export type PolicyErrorCode =
  | 'InvalidJson'
  | 'MalformedElement'
  | 'UnknownElement'
  | 'DuplicateElement'
  | 'MissingVersion'
  | 'InvalidVersion'
  | 'MissingStatement'
  | 'DuplicateSid'
  | 'InvalidEffect'
  | 'MissingAction'
  | 'ConflictingElements'
  | 'UnknownAction'
  | 'ActionNotAllowed'
  | 'MissingResource'
  | 'InvalidResource'
  | 'ResourceOutsideBucket'
  | 'ActionResourceMismatch'
  | 'MissingPrincipal'
  | 'UnexpectedPrincipal'
  | 'InvalidPrincipal'
  | 'UnknownConditionOperator'
  | 'UnknownConditionKey'
  | 'InvalidConditionValue';

export class PolicyError extends Error {
  override readonly name = 'PolicyError';

  constructor(
    readonly code: PolicyErrorCode,
    message: string,
  ) {
    super(message);
  }
}
