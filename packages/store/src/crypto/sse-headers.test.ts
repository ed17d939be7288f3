import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  assertCustomerKeySecure,
  checkReadMatchesObject,
  parseCopySourceSseHeaders,
  parseSseHeaders,
  parseSseReadHeaders,
  type RequestHeaders,
  SSE_ERRORS,
  type SseErrorName,
  SseHeaderError,
  sseResponseHeaders,
} from './sse-headers.js';

const key = Buffer.alloc(32, 0x61);
const keyB64 = key.toString('base64');
const keyMd5 = createHash('md5').update(key).digest('base64');
const shortKey = Buffer.alloc(16, 0x61);

const SSE = 'x-amz-server-side-encryption';
const KMS_KEY = 'x-amz-server-side-encryption-aws-kms-key-id';
const ALG = 'x-amz-server-side-encryption-customer-algorithm';
const KEY = 'x-amz-server-side-encryption-customer-key';
const MD5 = 'x-amz-server-side-encryption-customer-key-md5';
// The copy-source names as S3 spells them (not a prefix glued on to the x-amz- names).
const COPY_ALG = 'x-amz-copy-source-server-side-encryption-customer-algorithm';
const COPY_KEY = 'x-amz-copy-source-server-side-encryption-customer-key';
const COPY_MD5 = 'x-amz-copy-source-server-side-encryption-customer-key-md5';

const ssec = { [ALG]: 'AES256', [KEY]: keyB64, [MD5]: keyMd5 };
const copySsec = { [COPY_ALG]: 'AES256', [COPY_KEY]: keyB64, [COPY_MD5]: keyMd5 };

function errorOf(fn: () => unknown): SseHeaderError {
  try {
    fn();
  } catch (err) {
    if (err instanceof SseHeaderError) return err;
    throw err;
  }
  throw new Error('expected an SseHeaderError');
}

describe('parseSseHeaders (writes)', () => {
  it.each<[string, RequestHeaders, unknown]>([
    ['no encryption', { 'content-type': 'text/plain' }, { kind: 'none' }],
    ['SSE-S3', { [SSE]: 'AES256' }, { kind: 'S3' }],
    ['SSE-C', ssec, { kind: 'C', key, keyMd5 }],
  ])('accepts %s', (_name, headers, expected) => {
    expect(parseSseHeaders(headers)).toEqual(expected);
  });

  it('ignores copy-source keys when the request is a copy', () => {
    expect(parseSseHeaders({ ...copySsec, [SSE]: 'AES256' }, { copySource: true })).toEqual({ kind: 'S3' });
  });

  it("refuses customer keys of any request over plain HTTP, its own or a copy source's", () => {
    for (const headers of [ssec, copySsec, { [ALG]: 'AES256' }])
      expect(errorOf(() => assertCustomerKeySecure(headers, false)).errorName).toBe(
        'ErrInsecureSSECustomerRequest',
      );
    expect(() => assertCustomerKeySecure(ssec, true)).not.toThrow();
    expect(() => assertCustomerKeySecure({ [SSE]: 'AES256' }, false)).not.toThrow();
  });

  it('allows SSE-S3 over plain HTTP but not SSE-C', () => {
    expect(parseSseHeaders({ [SSE]: 'AES256' }, { secure: false })).toEqual({ kind: 'S3' });
    expect(errorOf(() => parseSseHeaders(ssec, { secure: false })).errorName).toBe(
      'ErrInsecureSSECustomerRequest',
    );
  });

  it.each<[string, RequestHeaders, SseErrorName]>([
    ['lower-case aes256', { [SSE]: 'aes256' }, 'ErrInvalidEncryptionMethod'],
    ['an empty method', { [SSE]: '' }, 'ErrInvalidEncryptionMethod'],
    ['an unknown method', { [SSE]: 'AES128' }, 'ErrInvalidEncryptionMethod'],
    ['aws:kms', { [SSE]: 'aws:kms' }, 'ErrKMSNotConfigured'],
    ['aws:kms:dsse', { [SSE]: 'aws:kms:dsse' }, 'ErrKMSNotConfigured'],
    ['aws:kms with a key id', { [SSE]: 'aws:kms', [KMS_KEY]: 'k' }, 'ErrKMSNotConfigured'],
    ['a KMS key id with AES256', { [SSE]: 'AES256', [KMS_KEY]: 'k' }, 'ErrKMSKeyWithoutKMS'],
    ['a KMS key id alone', { [KMS_KEY]: 'k' }, 'ErrKMSKeyWithoutKMS'],
    ['SSE-S3 and SSE-C together', { ...ssec, [SSE]: 'AES256' }, 'ErrIncompatibleEncryptionMethod'],
    ['SSE-KMS and SSE-C together', { ...ssec, [SSE]: 'aws:kms' }, 'ErrIncompatibleEncryptionMethod'],
    ['a bad method beside SSE-C', { ...ssec, [SSE]: 'bogus' }, 'ErrIncompatibleEncryptionMethod'],
    ['an SSE-C algorithm other than AES256', { ...ssec, [ALG]: 'AES128' }, 'ErrInvalidSSECustomerAlgorithm'],
    ['SSE-C without the algorithm', { [KEY]: keyB64, [MD5]: keyMd5 }, 'ErrInvalidSSECustomerAlgorithm'],
    ['SSE-C without the key', { [ALG]: 'AES256', [MD5]: keyMd5 }, 'ErrMissingSSECustomerKey'],
    ['SSE-C with an empty key', { ...ssec, [KEY]: '' }, 'ErrMissingSSECustomerKey'],
    ['SSE-C without the key MD5', { [ALG]: 'AES256', [KEY]: keyB64 }, 'ErrMissingSSECustomerKeyMD5'],
    [
      'SSE-C with a 128-bit key',
      {
        [ALG]: 'AES256',
        [KEY]: shortKey.toString('base64'),
        [MD5]: createHash('md5').update(shortKey).digest('base64'),
      },
      'ErrInvalidSSECustomerKey',
    ],
    [
      'SSE-C with a key that is not base64',
      { ...ssec, [KEY]: `${keyB64.slice(0, -2)}!=` },
      'ErrInvalidSSECustomerKey',
    ],
    [
      'SSE-C with another key MD5',
      { ...ssec, [MD5]: createHash('md5').update('x').digest('base64') },
      'ErrSSECustomerKeyMD5Mismatch',
    ],
    ['SSE-C with a key MD5 that is not base64', { ...ssec, [MD5]: 'zzz' }, 'ErrSSECustomerKeyMD5Mismatch'],
    ['copy-source keys on a plain write', { ...copySsec }, 'ErrInvalidEncryptionParameters'],
  ])('refuses %s', (_name, headers, errorName) => {
    const error = errorOf(() => parseSseHeaders(headers));
    expect(error.errorName).toBe(errorName);
    expect(error.code).toBe(SSE_ERRORS[errorName].code);
    expect(error.message).toBe(SSE_ERRORS[errorName].message);
  });

  it('answers with the codes and messages clients match on', () => {
    expect(errorOf(() => parseSseHeaders({ [SSE]: 'x' }))).toMatchObject({
      code: 'InvalidArgument',
      message: 'The encryption method specified is not supported',
    });
    expect(errorOf(() => parseSseHeaders({ ...ssec, [MD5]: keyB64 }))).toMatchObject({
      code: 'InvalidArgument',
      message: 'The calculated MD5 hash of the key did not match the hash that was provided.',
    });
    expect(errorOf(() => parseSseHeaders({ [SSE]: 'aws:kms' }))).toMatchObject({ code: 'NotImplemented' });
  });

  it('with a KMS configured, takes aws:kms with its key, by name, by ARN, or by default', () => {
    const kms = { kmsKeyId: 'k1' };
    expect(parseSseHeaders({ [SSE]: 'aws:kms' }, kms)).toEqual({ kind: 'KMS', keyId: 'k1' });
    expect(parseSseHeaders({ [SSE]: 'aws:kms', [KMS_KEY]: 'k1' }, kms)).toEqual({ kind: 'KMS', keyId: 'k1' });
    expect(parseSseHeaders({ [SSE]: 'aws:kms', [KMS_KEY]: 'arn:aws:kms:k1' }, kms)).toEqual({
      kind: 'KMS',
      keyId: 'k1',
    });
    expect(errorOf(() => parseSseHeaders({ [SSE]: 'aws:kms', [KMS_KEY]: 'k2' }, kms))).toMatchObject({
      errorName: 'ErrKMSKeyNotFound',
      code: 'KMS.NotFoundException',
    });
    expect(errorOf(() => parseSseHeaders({ [SSE]: 'aws:kms:dsse' }, kms)).errorName).toBe(
      'ErrInvalidEncryptionMethod',
    );
    expect(errorOf(() => parseSseHeaders({ [KMS_KEY]: 'k1' }, kms)).errorName).toBe('ErrKMSKeyWithoutKMS');
  });

  it('reads repeated header values as one comma-joined value', () => {
    expect(errorOf(() => parseSseHeaders({ [SSE]: ['AES256', 'AES256'] })).errorName).toBe(
      'ErrInvalidEncryptionMethod',
    );
  });
});

describe('parseSseReadHeaders (GET, HEAD, UploadPart)', () => {
  it('returns the presented customer key or none', () => {
    expect(parseSseReadHeaders({})).toEqual({ kind: 'none' });
    expect(parseSseReadHeaders(ssec)).toEqual({ kind: 'C', key, keyMd5 });
  });

  it('answers BadRequest to the SSE-S3 header, as MinIO does', () => {
    expect(errorOf(() => parseSseReadHeaders({ [SSE]: 'AES256' }))).toMatchObject({ code: 'BadRequest' });
  });

  it('validates the customer key like a write', () => {
    expect(errorOf(() => parseSseReadHeaders({ ...ssec, [MD5]: keyB64 })).errorName).toBe(
      'ErrSSECustomerKeyMD5Mismatch',
    );
  });
});

describe('parseCopySourceSseHeaders', () => {
  it('reads the copy-source trio and ignores the target one', () => {
    expect(parseCopySourceSseHeaders(copySsec)).toEqual({ kind: 'C', key, keyMd5 });
    expect(parseCopySourceSseHeaders(ssec)).toEqual({ kind: 'none' });
  });

  it.each<[string, RequestHeaders, SseErrorName]>([
    ['another algorithm', { ...copySsec, [COPY_ALG]: 'AES128' }, 'ErrInvalidSSECustomerAlgorithm'],
    ['no key', { [COPY_ALG]: 'AES256', [COPY_MD5]: keyMd5 }, 'ErrMissingSSECustomerKey'],
    ['no key MD5', { [COPY_ALG]: 'AES256', [COPY_KEY]: keyB64 }, 'ErrMissingSSECustomerKeyMD5'],
    ['a short key', { ...copySsec, [COPY_KEY]: shortKey.toString('base64') }, 'ErrInvalidSSECustomerKey'],
    ['a wrong MD5', { ...copySsec, [COPY_MD5]: keyB64 }, 'ErrSSECustomerKeyMD5Mismatch'],
  ])('refuses %s', (_name, headers, errorName) => {
    expect(errorOf(() => parseCopySourceSseHeaders(headers)).errorName).toBe(errorName);
  });
});

describe('checkReadMatchesObject', () => {
  const presented = { kind: 'C', key, keyMd5 } as const;
  it('needs the key for an SSE-C object and refuses one for any other', () => {
    expect(() => checkReadMatchesObject('C', presented)).not.toThrow();
    expect(() => checkReadMatchesObject('S3', { kind: 'none' })).not.toThrow();
    expect(() => checkReadMatchesObject('none', { kind: 'none' })).not.toThrow();
    expect(errorOf(() => checkReadMatchesObject('C', { kind: 'none' })).errorName).toBe(
      'ErrSSEEncryptedObject',
    );
    expect(errorOf(() => checkReadMatchesObject('S3', presented)).errorName).toBe(
      'ErrInvalidEncryptionParameters',
    );
    expect(errorOf(() => checkReadMatchesObject('none', presented)).errorName).toBe(
      'ErrInvalidEncryptionParameters',
    );
  });
});

describe('sseResponseHeaders', () => {
  it('names the algorithm, and for SSE-C the key MD5', () => {
    expect(sseResponseHeaders({ kind: 'none' })).toEqual({});
    expect(sseResponseHeaders({ kind: 'S3' })).toEqual({ 'x-amz-server-side-encryption': 'AES256' });
    expect(sseResponseHeaders({ kind: 'C', keyMd5 })).toEqual({
      'x-amz-server-side-encryption-customer-algorithm': 'AES256',
      'x-amz-server-side-encryption-customer-key-MD5': keyMd5,
    });
  });
});
