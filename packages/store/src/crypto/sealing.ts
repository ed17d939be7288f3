import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error.js';
import { decodeBase64Strict } from './encoding.js';
import type { MasterKey } from './master-key.js';

// Per-object keys. Every object (and every multipart upload) gets a random 256-bit object
// key; what is stored beside the object is that key sealed (AES-256-GCM) under a
// key-encryption key (KEK) derived from the SSE-S3 master key, the SSE-KMS key or the SSE-C
// customer key,
// bound to the object's bucket and name.

export const SEALED_KEY_VERSION = 1;
export const OBJECT_KEY_BYTES = 32;
const IV_BYTES = 12;
const SALT_BYTES = 32;
const TAG_BYTES = 16;
const SEALED_BYTES = OBJECT_KEY_BYTES + TAG_BYTES;

export type SseScheme = 'S3' | 'KMS' | 'C';

/** Stored with the object's metadata; plain JSON, safe to keep beside the ciphertext. */
export interface SealedKey {
  v: typeof SEALED_KEY_VERSION;
  scheme: SseScheme;
  /** SSE-S3 and SSE-KMS: which key sealed it, so a swapped key is named, not guessed. */
  masterKeyId?: string;
  /** base64 of the 12-byte GCM IV. */
  iv: string;
  /** base64 of the 32-byte HKDF salt the KEK was derived with. */
  salt: string;
  /** base64 of the encrypted object key (32 bytes) followed by the GCM tag (16 bytes). */
  sealed: string;
}

/** SSE-S3's master key, a KMS key (its id is the KMS key's name), or SSE-C's customer key. */
export type KeyEncryptionKey = { kind: 'S3' | 'KMS'; master: MasterKey } | { kind: 'C'; customerKey: Buffer };

export interface SealContext {
  bucket: string;
  key: string;
}

const KEK_INFO: Record<SseScheme, string> = {
  S3: 'stowage sse-s3 key-encryption-key v1',
  KMS: 'stowage sse-kms key-encryption-key v1',
  C: 'stowage sse-c key-encryption-key v1',
};

export function generateObjectKey(): Buffer {
  return randomBytes(OBJECT_KEY_BYTES);
}

export function sealObjectKey(objectKey: Buffer, kek: KeyEncryptionKey, context: SealContext): SealedKey {
  if (objectKey.length !== OBJECT_KEY_BYTES) {
    throw new RangeError(`object key must be ${OBJECT_KEY_BYTES} bytes, got ${objectKey.length}`);
  }
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const kekBytes = deriveKek(kek, salt);
  try {
    const cipher = createCipheriv('aes-256-gcm', kekBytes, iv);
    cipher.setAAD(associatedData(kek.kind, context));
    const sealed = Buffer.concat([cipher.update(objectKey), cipher.final(), cipher.getAuthTag()]);
    return {
      v: SEALED_KEY_VERSION,
      scheme: kek.kind,
      ...(kek.kind === 'C' ? {} : { masterKeyId: kek.master.id }),
      iv: iv.toString('base64'),
      salt: salt.toString('base64'),
      sealed: sealed.toString('base64'),
    };
  } finally {
    kekBytes.fill(0);
  }
}

/** The object key, or a CryptoError: BadKey for a wrong key or context, Corrupt for a bad record. */
export function unsealObjectKey(sealed: SealedKey, kek: KeyEncryptionKey, context: SealContext): Buffer {
  const record = parseSealedKey(sealed);
  if (record.scheme !== kek.kind) {
    throw new CryptoError('BadKey', `the object key is sealed for SSE-${record.scheme}, not SSE-${kek.kind}`);
  }
  if (kek.kind !== 'C' && record.masterKeyId !== kek.master.id) {
    throw new CryptoError(
      'BadKey',
      `the object key is sealed with key ${record.masterKeyId}, but key ${kek.master.id} is given`,
    );
  }
  const kekBytes = deriveKek(kek, record.salt);
  try {
    const decipher = createDecipheriv('aes-256-gcm', kekBytes, record.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(record.scheme, context));
    decipher.setAuthTag(record.sealed.subarray(OBJECT_KEY_BYTES));
    return Buffer.concat([decipher.update(record.sealed.subarray(0, OBJECT_KEY_BYTES)), decipher.final()]);
  } catch {
    throw new CryptoError('BadKey', 'the key or the bucket/object name does not open the sealed object key');
  } finally {
    kekBytes.fill(0);
  }
}

/** Checks a record read back from storage; throws CryptoError (Corrupt/Unsupported). */
export function decodeSealedKey(raw: unknown): SealedKey {
  const { scheme, masterKeyId, iv, salt, sealed } = parseSealedKey(raw);
  return {
    v: SEALED_KEY_VERSION,
    scheme,
    ...(masterKeyId === undefined ? {} : { masterKeyId }),
    iv: iv.toString('base64'),
    salt: salt.toString('base64'),
    sealed: sealed.toString('base64'),
  };
}

/**
 * The key for one part of a multipart object: HMAC-SHA256(objectKey, uint32 LE partNumber),
 * as MinIO's DerivePartKey, so that parts are encrypted independently of one another.
 */
export function partKey(objectKey: Buffer, partNumber: number): Buffer {
  if (!Number.isInteger(partNumber) || partNumber < 0 || partNumber > 0xffffffff) {
    throw new RangeError(`part number must be a uint32, got ${partNumber}`);
  }
  const id = Buffer.alloc(4);
  id.writeUInt32LE(partNumber);
  return createHmac('sha256', objectKey).update(id).digest();
}

interface ParsedSealedKey {
  scheme: SseScheme;
  masterKeyId: string | undefined;
  iv: Buffer;
  salt: Buffer;
  sealed: Buffer;
}

function parseSealedKey(raw: unknown): ParsedSealedKey {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new CryptoError('Corrupt', 'sealed key: expected a JSON object');
  }
  const f = raw as Record<string, unknown>;
  if (typeof f.v !== 'number' || !Number.isInteger(f.v) || f.v < 1) {
    throw new CryptoError('Corrupt', 'sealed key: missing or invalid "v"');
  }
  if (f.v > SEALED_KEY_VERSION) {
    throw new CryptoError(
      'Unsupported',
      `sealed key has version ${f.v}, newer than this version of Stowage understands (${SEALED_KEY_VERSION})`,
    );
  }
  if (f.scheme !== 'S3' && f.scheme !== 'KMS' && f.scheme !== 'C') {
    throw new CryptoError('Unsupported', `sealed key: unknown scheme ${JSON.stringify(f.scheme)}`);
  }
  let masterKeyId: string | undefined;
  if (f.scheme !== 'C') {
    if (typeof f.masterKeyId !== 'string' || f.masterKeyId === '') {
      throw new CryptoError('Corrupt', `sealed key: SSE-${f.scheme} record without "masterKeyId"`);
    }
    masterKeyId = f.masterKeyId;
  }
  return {
    scheme: f.scheme,
    masterKeyId,
    iv: bytesField(f, 'iv', IV_BYTES),
    salt: bytesField(f, 'salt', SALT_BYTES),
    sealed: bytesField(f, 'sealed', SEALED_BYTES),
  };
}

function bytesField(f: Record<string, unknown>, name: string, length: number): Buffer {
  const value = f[name];
  const bytes = typeof value === 'string' ? decodeBase64Strict(value) : undefined;
  if (!bytes || bytes.length !== length) {
    throw new CryptoError('Corrupt', `sealed key: "${name}" must be base64 of ${length} bytes`);
  }
  return bytes;
}

// The KEK is never the raw customer/master key: HKDF with a per-object salt gives each
// sealing its own key, so GCM's random-IV limits apply per object, not per customer key.
function deriveKek(kek: KeyEncryptionKey, salt: Buffer): Buffer {
  if (kek.kind !== 'C') return kek.master.deriveKey(salt, KEK_INFO[kek.kind]);
  if (kek.customerKey.length !== OBJECT_KEY_BYTES) {
    throw new CryptoError('BadKey', `the customer key must be ${OBJECT_KEY_BYTES} bytes`);
  }
  return Buffer.from(hkdfSync('sha256', kek.customerKey, salt, KEK_INFO.C, OBJECT_KEY_BYTES));
}

// Each field is length-prefixed so that ("a/b", "c") and ("a", "b/c") authenticate differently.
function associatedData(scheme: SseScheme, context: SealContext): Buffer {
  const fields = ['stowage sealed object key v1', scheme, context.bucket, context.key];
  return Buffer.concat(
    fields.flatMap((field) => {
      const bytes = Buffer.from(field, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return [length, bytes];
    }),
  );
}
