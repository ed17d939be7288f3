/**
 * Why a cryptographic operation refused its input:
 * - BadKey: the key (customer key, master key) or the bucket/key context does not open the
 *   sealed record. AES-GCM cannot tell a wrong key from a tampered record, so both land here;
 *   for SSE-C this is S3's AccessDenied.
 * - Corrupt: authenticated data failed verification or is malformed (tampered, reordered).
 * - Truncated: the ciphertext ended before the data it must contain.
 * - Unsupported: a record or package of a version or cipher this code does not know.
 */
export type CryptoErrorCode = 'BadKey' | 'Corrupt' | 'Truncated' | 'Unsupported';

export class CryptoError extends Error {
  readonly code: CryptoErrorCode;

  constructor(code: CryptoErrorCode, message: string) {
    super(message);
    this.name = 'CryptoError';
    this.code = code;
  }
}
