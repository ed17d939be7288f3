import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { decodeBase64Strict } from './encoding.js';

// The SSE-S3 master key: one 256-bit secret from which every object's key-encryption key
// is derived. Stored as `{ "v": 1, "id": "...", "key": base64 }` (s3/kms.ts keeps it).

export const MASTER_KEY_VERSION = 1;
export const MASTER_KEY_BYTES = 32;

export interface MasterKeyRecord {
  v: typeof MASTER_KEY_VERSION;
  id: string;
  key: string;
}

export class MasterKey {
  readonly id: string;
  // A private field: not enumerable, not serialised, not shown by console.log/inspect.
  readonly #key: Buffer;

  constructor(id: string, key: Buffer) {
    if (id === '') throw new RangeError('master key id must not be empty');
    if (key.length !== MASTER_KEY_BYTES) {
      throw new RangeError(`master key must be ${MASTER_KEY_BYTES} bytes, got ${key.length}`);
    }
    this.id = id;
    this.#key = Buffer.from(key);
  }

  /** A fresh random key (tests, or a caller that stores keys elsewhere). */
  static generate(id: string = randomUUID()): MasterKey {
    const key = randomBytes(MASTER_KEY_BYTES);
    try {
      return new MasterKey(id, key);
    } finally {
      key.fill(0);
    }
  }

  /** HKDF-SHA256 of the master key: a 32-byte key unique to (salt, info). */
  deriveKey(salt: Buffer, info: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#key, salt, info, MASTER_KEY_BYTES));
  }

  toJSON(): { id: string } {
    return { id: this.id };
  }

  toString(): string {
    return `MasterKey(${this.id})`;
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

/**
 * A fresh master key as the record that stores it (`{ v, id, key }`); whoever keeps the
 * record must keep it secret (the store writes it to its system namespace, mode 0600).
 */
export function newMasterKeyRecord(): MasterKeyRecord {
  const key = randomBytes(MASTER_KEY_BYTES);
  try {
    return { v: MASTER_KEY_VERSION, id: randomUUID(), key: key.toString('base64') };
  } finally {
    key.fill(0);
  }
}

export function decodeMasterKey(raw: unknown, origin: string): MasterKey {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${origin}: the SSE master key record must be a JSON object`);
  }
  const { v, id, key } = raw as Record<string, unknown>;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw new Error(`${origin}: missing or invalid "v" in the SSE master key record`);
  }
  if (v > MASTER_KEY_VERSION) {
    throw new Error(
      `${origin} has version ${v}, newer than this version of Stowage understands (${MASTER_KEY_VERSION}); upgrade Stowage`,
    );
  }
  if (typeof id !== 'string' || id === '') throw new Error(`${origin}: "id" must be a non-empty string`);
  const bytes = typeof key === 'string' ? decodeBase64Strict(key) : undefined;
  if (!bytes) throw new Error(`${origin}: "key" must be a base64 string`);
  try {
    if (bytes.length !== MASTER_KEY_BYTES) {
      throw new Error(`${origin}: "key" must be ${MASTER_KEY_BYTES} bytes, found ${bytes.length}`);
    }
    return new MasterKey(id, bytes);
  } finally {
    bytes.fill(0);
  }
}
