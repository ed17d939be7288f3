/** What went wrong: framing the RFC does not allow, a limit passed, or too many parts. */
export type MultipartErrorKind = 'MalformedBody' | 'TooLarge' | 'TooManyParts';

/** The limit a `TooLarge` or `TooManyParts` error passed (see MultipartLimits). */
export type MultipartLimit = 'preFileBytes' | 'fieldBytes' | 'headerBytes' | 'fields' | 'files';

/** A body the parser refuses; callers map `kind` (and `limit`) to their own wire errors. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError';
  constructor(
    readonly kind: MultipartErrorKind,
    message: string,
    readonly limit?: MultipartLimit,
  ) {
    super(message);
  }
}

export const malformed = (message: string) => new MultipartError('MalformedBody', message);
