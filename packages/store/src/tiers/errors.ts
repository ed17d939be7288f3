import { DomainError } from '../engine/domain-error.js';

// Errors a tier definition raises; http/domain-errors.ts maps each kind to its admin code.
export type TierErrorKind = 'InvalidConfigVersion' | 'NameEmpty' | 'Reserved' | 'InvalidConfig';

export class TierError extends DomainError<TierErrorKind> {
  override readonly name = 'TierError';
}
