import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeBase64Strict } from './encoding.js';

// Server-side encryption request headers, checked as MinIO checks them (internal/crypto and
// cmd/encryption-v1.go), with the S3 error codes and messages MinIO answers with.

export const SSE_HEADER = 'x-amz-server-side-encryption';
export const SSE_KMS_KEY_ID_HEADER = 'x-amz-server-side-encryption-aws-kms-key-id';
export const SSE_C_ALGORITHM_HEADER = 'x-amz-server-side-encryption-customer-algorithm';
export const SSE_C_KEY_HEADER = 'x-amz-server-side-encryption-customer-key';
export const SSE_C_KEY_MD5_HEADER = 'x-amz-server-side-encryption-customer-key-md5';
const COPY_PREFIX = 'x-amz-copy-source-';

/** The only algorithm S3 takes, for SSE-S3 and SSE-C alike. */
export const SSE_ALGORITHM = 'AES256';

/** Request headers as Node gives them: lower-case names. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface SseCustomerKey {
  kind: 'C';
  key: Buffer;
  /** base64 MD5 of the key, echoed back in responses. */
  keyMd5: string;
}
export type SseNone = { kind: 'none' };
/** SSE-KMS with the KMS key's name. */
export type SseKms = { kind: 'KMS'; keyId: string };
export type SseRequest = SseNone | { kind: 'S3' } | SseKms | SseCustomerKey;

export type SseErrorCode =
  | 'InvalidArgument'
  | 'InvalidRequest'
  | 'NotImplemented'
  | 'BadRequest'
  | 'KMS.NotFoundException';

/** How MinIO names a KMS key in headers and configurations, before the key's name. */
export const KMS_ARN_PREFIX = 'arn:aws:kms:';
export const SSE_KMS_ALGORITHM = 'aws:kms';

/** The errors, by MinIO's name for them; `code` and `message` are what the client sees. */
export const SSE_ERRORS = {
  ErrInvalidEncryptionMethod: {
    code: 'InvalidArgument',
    message: 'The encryption method specified is not supported',
  },
  ErrKMSKeyWithoutKMS: {
    code: 'InvalidArgument',
    message:
      'Server Side Encryption with AWS KMS managed key requires HTTP header x-amz-server-side-encryption : aws:kms',
  },
  ErrKMSNotConfigured: {
    code: 'NotImplemented',
    message: 'Server side encryption specified but KMS is not configured',
  },
  ErrKMSKeyNotFound: { code: 'KMS.NotFoundException', message: 'Invalid keyId' },
  ErrIncompatibleEncryptionMethod: {
    code: 'InvalidArgument',
    message:
      'Server Side Encryption with Customer provided key is incompatible with the encryption method specified',
  },
  ErrInsecureSSECustomerRequest: {
    code: 'InvalidRequest',
    message:
      'Requests specifying Server Side Encryption with Customer provided keys must be made over a secure connection.',
  },
  ErrInvalidSSECustomerAlgorithm: {
    code: 'InvalidArgument',
    message:
      'Requests specifying Server Side Encryption with Customer provided keys must provide a valid encryption algorithm.',
  },
  ErrMissingSSECustomerKey: {
    code: 'InvalidArgument',
    message:
      'Requests specifying Server Side Encryption with Customer provided keys must provide an appropriate secret key.',
  },
  ErrMissingSSECustomerKeyMD5: {
    code: 'InvalidArgument',
    message:
      'Requests specifying Server Side Encryption with Customer provided keys must provide the client calculated MD5 of the secret key.',
  },
  ErrInvalidSSECustomerKey: {
    code: 'InvalidArgument',
    message: 'The secret key was invalid for the specified algorithm.',
  },
  ErrSSECustomerKeyMD5Mismatch: {
    code: 'InvalidArgument',
    message: 'The calculated MD5 hash of the key did not match the hash that was provided.',
  },
  ErrInvalidEncryptionParameters: {
    code: 'InvalidRequest',
    message: 'The encryption parameters are not applicable to this object.',
  },
  ErrSSEEncryptedObject: {
    code: 'InvalidRequest',
    message:
      'The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve the object.',
  },
  ErrSSEHeaderOnRead: { code: 'BadRequest', message: '400 BadRequest' },
} as const satisfies Record<string, { code: SseErrorCode; message: string }>;

export type SseErrorName = keyof typeof SSE_ERRORS;

export class SseHeaderError extends Error {
  readonly code: SseErrorCode;
  /** MinIO's name for the error, for logs and tests. */
  readonly errorName: SseErrorName;

  constructor(errorName: SseErrorName) {
    const { code, message } = SSE_ERRORS[errorName];
    super(message);
    this.name = 'SseHeaderError';
    this.code = code;
    this.errorName = errorName;
  }
}

export interface SseParseOptions {
  /** false when the request came over plain HTTP: SSE-C is then refused, as MinIO does. */
  secure?: boolean;
  /** The name of the KMS key when a KMS is configured; without it SSE-KMS is NotImplemented. */
  kmsKeyId?: string | undefined;
}

/**
 * The KMS key a request or a bucket configuration names ('' or none: the KMS's own key),
 * with or without MinIO's arn:aws:kms: prefix; a key the KMS does not have is refused.
 */
export function kmsKeyNamed(named: string | undefined, kmsKeyId: string | undefined): string {
  if (kmsKeyId === undefined) throw new SseHeaderError('ErrKMSNotConfigured');
  const name = (named ?? '').trim().replace(KMS_ARN_PREFIX, '');
  if (name !== '' && name !== kmsKeyId) throw new SseHeaderError('ErrKMSKeyNotFound');
  return kmsKeyId;
}

/**
 * The encryption a write asks for (PutObject, POST, CreateMultipartUpload, the target of
 * CopyObject). Copy-source SSE-C headers are refused unless `copySource` says the request
 * is a copy (read those with parseCopySourceSseHeaders).
 */
export function parseSseHeaders(
  headers: RequestHeaders,
  opts: SseParseOptions & { copySource?: boolean } = {},
): SseRequest {
  if (!opts.copySource && customerKeyRequested(headers, COPY_PREFIX)) {
    throw new SseHeaderError('ErrInvalidEncryptionParameters');
  }
  const method = header(headers, SSE_HEADER);
  const kmsKeyId = header(headers, SSE_KMS_KEY_ID_HEADER);
  if (customerKeyRequested(headers, '') && (method !== undefined || kmsKeyId !== undefined)) {
    throw new SseHeaderError('ErrIncompatibleEncryptionMethod');
  }
  if (method !== undefined && isKms(method)) {
    if (method !== SSE_KMS_ALGORITHM && opts.kmsKeyId !== undefined) {
      throw new SseHeaderError('ErrInvalidEncryptionMethod');
    }
    return { kind: 'KMS', keyId: kmsKeyNamed(kmsKeyId, opts.kmsKeyId) };
  }
  if (kmsKeyId !== undefined) throw new SseHeaderError('ErrKMSKeyWithoutKMS');
  if (method !== undefined) {
    if (method !== SSE_ALGORITHM) throw new SseHeaderError('ErrInvalidEncryptionMethod');
    return { kind: 'S3' };
  }
  return customerKey(headers, '', opts) ?? { kind: 'none' };
}

/**
 * The key a read presents (GetObject, HeadObject, UploadPart). SSE-S3 objects need no
 * headers to be read, and MinIO answers BadRequest when a read carries the SSE-S3 header.
 */
export function parseSseReadHeaders(
  headers: RequestHeaders,
  opts: SseParseOptions = {},
): SseNone | SseCustomerKey {
  if (header(headers, SSE_HEADER) !== undefined) throw new SseHeaderError('ErrSSEHeaderOnRead');
  return customerKey(headers, '', opts) ?? { kind: 'none' };
}

/**
 * The key an upload's part presents (UploadPart, UploadPartCopy). A part may repeat the
 * SSE-S3 header (minio-go sends it on UploadPartCopy), as MinIO lets it: the upload's own
 * encryption decides. Any other method is refused as a write refuses it.
 */
export function parseSsePartHeaders(
  headers: RequestHeaders,
  opts: SseParseOptions = {},
): SseNone | SseCustomerKey {
  const method = header(headers, SSE_HEADER);
  if (method !== undefined) {
    if (isKms(method)) {
      if (opts.kmsKeyId === undefined) throw new SseHeaderError('ErrKMSNotConfigured');
      if (method !== SSE_KMS_ALGORITHM) throw new SseHeaderError('ErrInvalidEncryptionMethod');
    } else if (method !== SSE_ALGORITHM) throw new SseHeaderError('ErrInvalidEncryptionMethod');
    if (customerKeyRequested(headers, '')) throw new SseHeaderError('ErrIncompatibleEncryptionMethod');
  }
  return customerKey(headers, '', opts) ?? { kind: 'none' };
}

/** The key that opens CopyObject's / UploadPartCopy's source: x-amz-copy-source-server-side-encryption-customer-*. */
export function parseCopySourceSseHeaders(
  headers: RequestHeaders,
  opts: SseParseOptions = {},
): SseNone | SseCustomerKey {
  return customerKey(headers, COPY_PREFIX, opts) ?? { kind: 'none' };
}

/**
 * Whether the key a read presents fits how the object is stored: an SSE-C object needs its
 * key, and any other object must not be sent one. (Whether the key is the right one is
 * found when it unseals the object key, which fails with CryptoError BadKey: AccessDenied.)
 */
export function checkReadMatchesObject(
  stored: 'none' | 'S3' | 'KMS' | 'C',
  presented: SseNone | SseCustomerKey,
): void {
  if (stored === 'C' && presented.kind !== 'C') throw new SseHeaderError('ErrSSEEncryptedObject');
  if (stored !== 'C' && presented.kind === 'C') throw new SseHeaderError('ErrInvalidEncryptionParameters');
}

/** The headers S3 answers with for an object stored with `sse` (PUT, GET, HEAD, copy, multipart). */
export function sseResponseHeaders(
  sse: SseNone | { kind: 'S3' } | SseKms | Pick<SseCustomerKey, 'kind' | 'keyMd5'>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (sse.kind === 'S3') headers[SSE_HEADER] = SSE_ALGORITHM;
  if (sse.kind === 'KMS') {
    headers[SSE_HEADER] = SSE_KMS_ALGORITHM;
    headers[SSE_KMS_KEY_ID_HEADER] = `${KMS_ARN_PREFIX}${sse.keyId}`;
  }
  if (sse.kind === 'C') {
    headers[SSE_C_ALGORITHM_HEADER] = SSE_ALGORITHM;
    // AWS spells it "-key-MD5"; header names are case-insensitive, clients match either.
    headers['x-amz-server-side-encryption-customer-key-MD5'] = sse.keyMd5;
  }
  return headers;
}

/** A header's name in the copy-source form: x-amz-X becomes x-amz-copy-source-X. */
function named(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}${name.slice('x-amz-'.length)}`;
}

/**
 * Refuses a request that carries customer-key headers (its own or a copy source's) over
 * plain HTTP, whatever it is: the key has crossed the wire in clear either way, and a
 * handler that never reads the headers (UploadPart to an unencrypted upload) would
 * otherwise store the data unencrypted without a word. MinIO checks it the same way,
 * before anything else (setSSETLSHandler).
 */
export function assertCustomerKeySecure(headers: RequestHeaders, secure: boolean): void {
  if (secure) return;
  if (customerKeyRequested(headers, '') || customerKeyRequested(headers, COPY_PREFIX))
    throw new SseHeaderError('ErrInsecureSSECustomerRequest');
}

function customerKeyRequested(headers: RequestHeaders, prefix: string): boolean {
  return [SSE_C_ALGORITHM_HEADER, SSE_C_KEY_HEADER, SSE_C_KEY_MD5_HEADER].some(
    (name) => header(headers, named(prefix, name)) !== undefined,
  );
}

// Checks in MinIO's order: algorithm, key present, MD5 present, key well-formed, MD5 matches.
function customerKey(
  headers: RequestHeaders,
  prefix: string,
  opts: SseParseOptions,
): SseCustomerKey | undefined {
  if (!customerKeyRequested(headers, prefix)) return undefined;
  if (opts.secure === false) throw new SseHeaderError('ErrInsecureSSECustomerRequest');
  if (header(headers, named(prefix, SSE_C_ALGORITHM_HEADER)) !== SSE_ALGORITHM) {
    throw new SseHeaderError('ErrInvalidSSECustomerAlgorithm');
  }
  const keyText = header(headers, named(prefix, SSE_C_KEY_HEADER)) ?? '';
  const md5Text = header(headers, named(prefix, SSE_C_KEY_MD5_HEADER)) ?? '';
  if (keyText === '') throw new SseHeaderError('ErrMissingSSECustomerKey');
  if (md5Text === '') throw new SseHeaderError('ErrMissingSSECustomerKeyMD5');
  const key = decodeBase64Strict(keyText);
  if (key?.length !== 32) throw new SseHeaderError('ErrInvalidSSECustomerKey');
  const computed = createHash('md5').update(key).digest();
  const provided = decodeBase64Strict(md5Text);
  if (!provided || provided.length !== computed.length || !timingSafeEqual(provided, computed)) {
    throw new SseHeaderError('ErrSSECustomerKeyMD5Mismatch');
  }
  return { kind: 'C', key, keyMd5: computed.toString('base64') };
}

function isKms(method: string): boolean {
  return method.toLowerCase().startsWith('aws:kms');
}

/** A header's value; present-but-empty is "" (MinIO treats a present header as a request). */
function header(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(',');
}
