// Errors a tier definition raises; wire/errors.ts maps each kind to its admin code.
export type TierErrorKind = 'InvalidConfigVersion' | 'NameEmpty' | 'Reserved' | 'InvalidConfig';

export class TierError extends Error {
  constructor(
    readonly kind: TierErrorKind,
    readonly detail?: string,
  ) {
    super(detail ?? kind);
    this.name = 'TierError';
  }
}
