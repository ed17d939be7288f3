import { DomainError } from '../engine/domain-error.js';

// Errors IAM raises: domain kinds, not wire codes. The protocol edge (http/domain-errors.ts) maps
// each kind to its catalogue code, so the admin API answers exactly as MinIO does.
export type IamErrorKind =
  | 'NoSuchUser'
  | 'NoSuchGroup'
  | 'NoSuchPolicy'
  | 'NoSuchServiceAccount'
  | 'GroupNotEmpty'
  | 'PolicyInUse'
  | 'PolicyAlreadyAttached'
  | 'PolicyNotAttached'
  | 'InvalidName'
  | 'InvalidAccessKey'
  | 'InvalidSecretKey'
  | 'InvalidArgument'
  | 'ReservedCredentials'
  | 'UnknownAccessKey'
  | 'ActionNotAllowed'
  // A policy without a Version (MinIO's MalformedPolicy), and one otherwise unreadable.
  | 'PolicyMissingVersion'
  | 'MalformedPolicy';

export class IamError extends DomainError<IamErrorKind> {
  override readonly name = 'IamError';
}
