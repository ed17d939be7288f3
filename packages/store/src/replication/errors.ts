// Errors remote-target handling raises; wire/errors.ts maps each kind to its admin code.
export type ReplicationErrorKind = 'BadTarget' | 'ArnInvalid' | 'ArnTypeInvalid' | 'TargetNotFound';

export class ReplicationError extends Error {
  constructor(
    readonly kind: ReplicationErrorKind,
    readonly detail?: string,
  ) {
    super(detail ?? kind);
    this.name = 'ReplicationError';
  }
}
