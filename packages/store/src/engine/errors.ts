// Errors the engine raises. Codes reuse S3's names so the protocol layer can map them
// one-to-one, but the engine itself knows nothing of HTTP.
export type EngineErrorCode =
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'NoSuchVersion'
  | 'NoSuchUpload'
  | 'BucketAlreadyOwnedByYou'
  | 'BucketNotEmpty'
  | 'InvalidBucketName'
  | 'KeyTooLongError'
  | 'XMinioInvalidObjectName'
  | 'InvalidVersionId'
  | 'BadDigest'
  | 'IncompleteBody'
  | 'EntityTooLarge'
  | 'EntityTooSmall'
  | 'InvalidPart'
  | 'InvalidPartOrder'
  | 'InvalidRange'
  | 'InvalidPartNumber'
  // A conditional write found the key not as the condition asked.
  | 'PreconditionFailed'
  // A delete marker was addressed by its version id where only objects make sense.
  | 'MethodNotAllowed'
  // A write would give a key more versions than api object_max_versions allows (MinIO's name).
  | 'MaxVersionsExceeded'
  // Too few drives answered to read or to commit a write (MinIO's names; 503).
  | 'XMinioInsufficientReadQuorum'
  | 'XMinioInsufficientWriteQuorum'
  // A write missed quorum because the drives are full (MinIO's name; 507).
  | 'XMinioStorageFull';

/** Which version an error is about, for the response headers S3 adds (delete markers). */
export interface VersionDetail {
  versionId?: string;
  deleteMarker?: boolean;
  /** When the delete marker was made (S3 sends it as Last-Modified with the 405). */
  modTime?: Date;
  /** The delete marker's internal values (its replication status). */
  internal?: Record<string, string>;
}

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly detail: VersionDetail;

  constructor(code: EngineErrorCode, message?: string, detail: VersionDetail = {}) {
    super(message ?? code);
    this.name = 'EngineError';
    this.code = code;
    this.detail = detail;
  }
}

/** Whether `err` is the engine's error of that code. */
export const isCode = (err: unknown, code: EngineErrorCode): err is EngineError =>
  err instanceof EngineError && err.code === code;
