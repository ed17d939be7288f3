// Errors tiering and restore raise; wire/errors.ts maps each kind to its S3 code.
export type IlmErrorKind = 'TierUnreachable' | 'NotTransitioned' | 'RestoreInProgress';

export class IlmError extends Error {
  constructor(
    readonly kind: IlmErrorKind,
    readonly detail?: string,
  ) {
    super(detail ?? kind);
    this.name = 'IlmError';
  }
}
