import { DomainError } from '../engine/domain-error.js';

// Errors remote-target handling raises; http/domain-errors.ts maps each kind to its admin code.
export type ReplicationErrorKind = 'BadTarget' | 'ArnInvalid' | 'ArnTypeInvalid' | 'TargetNotFound';

export class ReplicationError extends DomainError<ReplicationErrorKind> {
  override readonly name = 'ReplicationError';
}
