import { timingSafeEqual } from 'node:crypto';

// Secrets (signatures, session tokens, client tokens) are compared in time that does not
// depend on where they differ: a `===` that stops at the first differing character tells a
// client, by how long the refusal took, how much of its guess was right.

/**
 * Whether `given` is `expected`. Compared as UTF-8 bytes with timingSafeEqual, which needs
 * equal lengths: a length that differs answers at once (lengths are not the secret).
 */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
