export type MadminCryptoErrorCode = 'not-encrypted' | 'unknown-algorithm' | 'not-authentic' | 'truncated';

/** Why an encrypted admin body could not be opened. */
export class MadminCryptoError extends Error {
  override readonly name = 'MadminCryptoError';

  constructor(
    readonly code: MadminCryptoErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
