// Errors the engine raises. Codes reuse S3's names so the protocol layer can map them
// one-to-one, but the engine itself knows nothing of HTTP.
export type EngineErrorCode =
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'BucketAlreadyOwnedByYou'
  | 'BucketNotEmpty'
  | 'InvalidBucketName'
  | 'KeyTooLongError'
  | 'XMinioInvalidObjectName'
  | 'BadDigest'
  | 'IncompleteBody'
  | 'EntityTooLarge'
  | 'InvalidRange'
  // Too few drives answered to read or to commit a write (MinIO's names; 503).
  | 'XMinioInsufficientReadQuorum'
  | 'XMinioInsufficientWriteQuorum';

export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'EngineError';
    this.code = code;
  }
}
