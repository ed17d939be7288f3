import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { type Algorithm, hashRaw, type Version } from '@node-rs/argon2';

const pbkdf2Async = promisify(pbkdf2);

// Algorithm is a const enum in an ambient declaration: it has no runtime value and
// isolatedModules forbids inlining it, so spell out Argon2id's number here.
const ARGON2ID = 2 as Algorithm.Argon2id;
const V0X13 = 1 as Version.V0x13;

/** Go's argon2.IDKey(password, salt, 1, 64*1024, 4, 32), version 0x13 (madmin's parameters). */
export function argon2idKey(password: string, salt: Uint8Array): Promise<Buffer> {
  return hashRaw(Buffer.from(password, 'utf8'), {
    algorithm: ARGON2ID,
    timeCost: 1,
    memoryCost: 64 * 1024,
    parallelism: 4,
    outputLen: 32,
    version: V0X13,
    salt,
  });
}

/** FIPS builds of madmin: PBKDF2-HMAC-SHA256, 8192 iterations, 32-byte key. */
export function pbkdf2Key(password: string, salt: Uint8Array): Promise<Buffer> {
  return pbkdf2Async(Buffer.from(password, 'utf8'), salt, 8192, 32, 'sha256');
}
