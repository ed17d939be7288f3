import { randomBytes } from 'node:crypto';

export const ACCESS_KEY_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const SECRET_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform random string over `alphabet` (rejection sampling, so no modulo bias). */
export function randomString(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < limit) out += alphabet[b % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newAccessKey = (): string => randomString(20, ACCESS_KEY_ALPHABET);
export const newSecretKey = (): string => randomString(40, SECRET_KEY_ALPHABET);
