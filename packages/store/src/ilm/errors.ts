import { DomainError } from '../engine/domain-error.js';

// Errors tiering and restore raise; http/domain-errors.ts maps each kind to its S3 code.
export type IlmErrorKind = 'TierUnreachable' | 'NotTransitioned' | 'RestoreInProgress' | 'VersionLocked';

export class IlmError extends DomainError<IlmErrorKind> {
  override readonly name = 'IlmError';
}
