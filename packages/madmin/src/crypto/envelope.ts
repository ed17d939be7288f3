import { randomBytes } from 'node:crypto';
import { MadminCryptoError } from './errors.js';
import { argon2idKey, pbkdf2Key } from './kdf.js';
import { type Aead, openStream, sealStream } from './sio.js';

/**
 * madmin's EncryptData/DecryptData envelope: salt(32) || id(1) || nonce(8) || sio stream.
 * The password is the secret key of the credential that signed the request.
 */

export const EncryptionAlgorithm = {
  /** Argon2id key, AES-256-GCM: what madmin picks on CPUs with AES instructions. */
  Argon2idAesGcm: 0x00,
  /** Argon2id key, ChaCha20-Poly1305: madmin without hardware AES. */
  Argon2idChaCha20Poly1305: 0x01,
  /** PBKDF2-SHA256 key, AES-256-GCM: madmin FIPS builds. */
  Pbkdf2AesGcm: 0x02,
} as const;
export type EncryptionAlgorithm = (typeof EncryptionAlgorithm)[keyof typeof EncryptionAlgorithm];

const SALT_SIZE = 32;
const NONCE_SIZE = 8;
const HEADER_SIZE = SALT_SIZE + 1 + NONCE_SIZE;

function isKnownAlgorithm(id: number | undefined): id is EncryptionAlgorithm {
  return id === 0x00 || id === 0x01 || id === 0x02;
}

/** madmin.IsEncrypted: long enough to carry an id byte, and that byte names an algorithm. */
export function isEncrypted(data: Uint8Array): boolean {
  return data.length > SALT_SIZE && isKnownAlgorithm(data[SALT_SIZE]);
}

function deriveKey(id: EncryptionAlgorithm, password: string, salt: Uint8Array): Promise<Buffer> {
  return id === EncryptionAlgorithm.Pbkdf2AesGcm ? pbkdf2Key(password, salt) : argon2idKey(password, salt);
}

function aeadFor(id: EncryptionAlgorithm): Aead {
  return id === EncryptionAlgorithm.Argon2idChaCha20Poly1305 ? 'chacha20-poly1305' : 'aes-256-gcm';
}

export interface EncryptOptions {
  /** 32 bytes; random by default. Fixed only for deterministic test vectors. */
  salt?: Uint8Array;
  /** 8 bytes; random by default. Fixed only for deterministic test vectors. */
  nonce?: Uint8Array;
  /** Defaults to 0x00, which every madmin build can read. */
  algorithm?: EncryptionAlgorithm;
}

export async function encryptData(
  password: string,
  plaintext: Uint8Array,
  opts: EncryptOptions = {},
): Promise<Buffer> {
  const salt = opts.salt ?? randomBytes(SALT_SIZE);
  const nonce = opts.nonce ?? randomBytes(NONCE_SIZE);
  const id = opts.algorithm ?? EncryptionAlgorithm.Argon2idAesGcm;
  if (salt.length !== SALT_SIZE) throw new RangeError(`salt must be ${SALT_SIZE} bytes`);
  if (nonce.length !== NONCE_SIZE) throw new RangeError(`nonce must be ${NONCE_SIZE} bytes`);
  if (!isKnownAlgorithm(id))
    throw new MadminCryptoError('unknown-algorithm', `madmin: unknown algorithm ${id}`);
  const key = await deriveKey(id, password, salt);
  return Buffer.concat([salt, Buffer.of(id), nonce, sealStream(aeadFor(id), key, nonce, plaintext)]);
}

export async function decryptData(password: string, data: Uint8Array): Promise<Buffer> {
  if (data.length <= SALT_SIZE) {
    throw new MadminCryptoError('not-encrypted', 'madmin: data is too short to be encrypted');
  }
  const id = data[SALT_SIZE];
  if (!isKnownAlgorithm(id)) {
    throw new MadminCryptoError(
      'unknown-algorithm',
      `madmin: invalid encryption algorithm id 0x${(id ?? 0).toString(16).padStart(2, '0')}`,
    );
  }
  if (data.length < HEADER_SIZE)
    throw new MadminCryptoError('truncated', 'madmin: encrypted data is truncated');
  const salt = data.subarray(0, SALT_SIZE);
  const nonce = data.subarray(SALT_SIZE + 1, HEADER_SIZE);
  const stream = data.subarray(HEADER_SIZE);
  // Check the length before the costly key derivation.
  if (stream.length < 16) throw new MadminCryptoError('truncated', 'madmin: encrypted data is truncated');
  const key = await deriveKey(id, password, salt);
  return openStream(aeadFor(id), key, nonce, stream);
}
