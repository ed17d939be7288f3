import { ApiError, tooManyLogins } from '../http/errors.js';

interface WireError {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  retryAfterSeconds?: unknown;
}

/** Credential problems the server reports for a bad access or secret key. */
const BAD_CREDENTIALS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidClientTokenId',
]);

/** S3 error codes (the S3 SDK reports codes, not statuses) by the console error they become. */
const S3_CODES: Record<string, 'notFound' | 'conflict' | 'badRequest' | 'notImplemented'> = {
  NoSuchBucket: 'notFound',
  NoSuchKey: 'notFound',
  NoSuchVersion: 'notFound',
  NotFound: 'notFound',
  NoSuchBucketPolicy: 'notFound',
  NoSuchLifecycleConfiguration: 'notFound',
  NoSuchTagSet: 'notFound',
  ObjectLockConfigurationNotFoundError: 'notFound',
  ServerSideEncryptionConfigurationNotFoundError: 'notFound',
  ReplicationConfigurationNotFoundError: 'notFound',
  NoSuchObjectLockConfiguration: 'notFound',
  NoSuchUpload: 'notFound',
  BucketAlreadyExists: 'conflict',
  BucketAlreadyOwnedByYou: 'conflict',
  BucketNotEmpty: 'conflict',
  InvalidBucketState: 'conflict',
  InvalidBucketName: 'badRequest',
  InvalidArgument: 'badRequest',
  InvalidRequest: 'badRequest',
  MalformedXML: 'badRequest',
  InvalidStorageClass: 'badRequest',
  MalformedPolicy: 'badRequest',
  InvalidRetentionDate: 'badRequest',
  InvalidRetentionPeriod: 'badRequest',
  InvalidTag: 'badRequest',
  BadRequest: 'badRequest',
  InvalidPart: 'badRequest',
  InvalidPartOrder: 'badRequest',
  EntityTooSmall: 'badRequest',
  BadDigest: 'badRequest',
  InvalidObjectName: 'badRequest',
  KeyTooLongError: 'badRequest',
  EntityTooLarge: 'badRequest',
  XMinioAdminBucketQuotaExceeded: 'badRequest',
  'KMS.NotFoundException': 'badRequest',
  // MinIO's 501, e.g. SSE-KMS asked of a server without a KMS.
  NotImplemented: 'notImplemented',
};

function isNetworkFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const cause = (err as WireError).cause as WireError | undefined;
  const code = typeof cause?.code === 'string' ? cause.code : (err as WireError).code;
  return (
    err.name === 'TypeError' ||
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ENOTFOUND',
      'EHOSTUNREACH',
      'ETIMEDOUT',
      'UND_ERR_CONNECT_TIMEOUT',
    ].includes(String(code))
  );
}

/**
 * Map an error from the storage server (STS, admin or S3) to the console's catalogue; the
 * server's code stays on it, for callers that tell its causes apart.
 */
export function fromStorageError(err: unknown, context: 'login' | 'call'): ApiError {
  if (err instanceof ApiError) return err;
  const mapped = mapStorageError(err, context);
  const code = (err as WireError | undefined)?.code;
  if (typeof code === 'string' && code !== '') mapped.storageCode = code;
  return mapped;
}

function mapStorageError(err: unknown, context: 'login' | 'call'): ApiError {
  if (isNetworkFailure(err))
    return new ApiError('backendUnreachable', err instanceof Error ? err.message : '');
  const wire = (err ?? {}) as WireError;
  const code = typeof wire.code === 'string' ? wire.code : '';
  const message = typeof wire.message === 'string' ? wire.message : String(err);
  // The server holds back logins for this name or browser (the store's STS throttle).
  if (context === 'login' && (code === 'SlowDown' || wire.status === 429)) {
    const seconds = typeof wire.retryAfterSeconds === 'number' ? wire.retryAfterSeconds : 60;
    return tooManyLogins(seconds);
  }
  if (context === 'login' && (BAD_CREDENTIALS.has(code) || wire.status === 403 || wire.status === 401)) {
    return new ApiError('invalidLogin', message);
  }
  if (wire.status === 401 || code === 'ExpiredToken' || code === 'InvalidTokenId') {
    return new ApiError('sessionRequired', message);
  }
  const s3 = S3_CODES[code];
  if (s3) return new ApiError(s3, message, message);
  if (wire.status === 403 || code === 'AccessDenied') return new ApiError('forbidden', message, message);
  if (wire.status === 404) return new ApiError('notFound', message, message);
  if (wire.status === 409) return new ApiError('conflict', message, message);
  // The server refused what was asked (a bad name, a policy that does not parse): say why.
  if (wire.status === 400) return new ApiError('badRequest', message, message);
  return new ApiError('backendError', message, message);
}

/** A storage-server call whose failure surfaces in the console's catalogue. */
export function storageCall<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    throw fromStorageError(err, 'call');
  });
}

/** Whether a lookup finds its thing: false on the server's 404, any other failure mapped. */
export function found(lookup: Promise<unknown>): Promise<boolean> {
  return storageCall(
    lookup.then(
      () => true,
      (err: { status?: number }) => {
        if (err.status === 404) return false;
        throw err;
      },
    ),
  );
}

/**
 * A setting's value, or `fallback` when the server answers that it was never set (its error
 * code is one of `codes`); any other failure is mapped as usual.
 */
export function unlessMissing<T, F>(work: Promise<T>, codes: readonly string[], fallback: F): Promise<T | F> {
  return storageCall(
    work.catch((err: { code?: unknown }) => {
      if (typeof err?.code === 'string' && codes.includes(err.code)) return fallback;
      throw err;
    }),
  );
}
