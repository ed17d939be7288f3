import { createCipheriv, createDecipheriv } from 'node:crypto';
import { MadminCryptoError } from './errors.js';

/**
 * The secure-io/sio-go v0.3.1 stream that madmin wraps its bodies in (not DARE):
 * 16 KiB fragments, nonce = nonce8 || LE32(seq), associated data = flag || tag0 where tag0
 * is the tag of an empty seal at seq 0, flag 0x80 marks the final fragment.
 */

export const FRAGMENT_SIZE = 16384;
export const TAG_SIZE = 16;
const SEALED_FRAGMENT = FRAGMENT_SIZE + TAG_SIZE;
const FINAL_FLAG = 0x80;

export type Aead = 'aes-256-gcm' | 'chacha20-poly1305';

function nonceFor(nonce8: Uint8Array, seq: number): Buffer {
  const n = Buffer.alloc(12);
  n.set(nonce8, 0);
  n.writeUInt32LE(seq, 8);
  return n;
}

// Separate calls so that each picks its typed overload (a union matches none).
function cipher(aead: Aead, key: Uint8Array, nonce: Buffer) {
  const o = { authTagLength: TAG_SIZE };
  return aead === 'aes-256-gcm' ? createCipheriv(aead, key, nonce, o) : createCipheriv(aead, key, nonce, o);
}

function decipher(aead: Aead, key: Uint8Array, nonce: Buffer) {
  const o = { authTagLength: TAG_SIZE };
  return aead === 'aes-256-gcm'
    ? createDecipheriv(aead, key, nonce, o)
    : createDecipheriv(aead, key, nonce, o);
}

function seal(aead: Aead, key: Uint8Array, nonce: Buffer, plaintext: Uint8Array, ad?: Uint8Array): Buffer {
  const c = cipher(aead, key, nonce);
  if (ad) c.setAAD(ad);
  return Buffer.concat([c.update(plaintext), c.final(), c.getAuthTag()]);
}

function open(aead: Aead, key: Uint8Array, nonce: Buffer, sealed: Uint8Array, ad: Uint8Array): Buffer {
  const tagAt = sealed.length - TAG_SIZE;
  const d = decipher(aead, key, nonce);
  d.setAAD(ad);
  d.setAuthTag(sealed.subarray(tagAt));
  try {
    return Buffer.concat([d.update(sealed.subarray(0, tagAt)), d.final()]);
  } catch (cause) {
    throw new MadminCryptoError('not-authentic', 'madmin: encrypted data is not authentic', { cause });
  }
}

/** The 17-byte associated data for a fragment: flag byte then tag0 (seq 0, empty, no AD). */
function associatedData(aead: Aead, key: Uint8Array, nonce8: Uint8Array): { mid: Buffer; last: Buffer } {
  const tag0 = seal(aead, key, nonceFor(nonce8, 0), new Uint8Array(0));
  return { mid: Buffer.concat([Buffer.of(0), tag0]), last: Buffer.concat([Buffer.of(FINAL_FLAG), tag0]) };
}

/** Output length for a plaintext of n bytes (an empty plaintext still yields one final tag). */
export function sealedLength(n: number): number {
  return n + TAG_SIZE * Math.max(1, Math.ceil(n / FRAGMENT_SIZE));
}

export function sealStream(aead: Aead, key: Uint8Array, nonce8: Uint8Array, plaintext: Uint8Array): Buffer {
  const ad = associatedData(aead, key, nonce8);
  const out: Buffer[] = [];
  let seq = 1;
  let at = 0;
  // A plaintext that is a multiple of 16 KiB ends with a full final fragment, never an empty one.
  while (plaintext.length - at > FRAGMENT_SIZE) {
    out.push(seal(aead, key, nonceFor(nonce8, seq++), plaintext.subarray(at, at + FRAGMENT_SIZE), ad.mid));
    at += FRAGMENT_SIZE;
  }
  out.push(seal(aead, key, nonceFor(nonce8, seq), plaintext.subarray(at), ad.last));
  return Buffer.concat(out);
}

export function openStream(aead: Aead, key: Uint8Array, nonce8: Uint8Array, sealed: Uint8Array): Buffer {
  if (sealed.length < TAG_SIZE)
    throw new MadminCryptoError('truncated', 'madmin: encrypted data is truncated');
  const ad = associatedData(aead, key, nonce8);
  const out: Buffer[] = [];
  let seq = 1;
  let at = 0;
  // Whatever is left once at most one sealed fragment remains is the final fragment.
  while (sealed.length - at > SEALED_FRAGMENT) {
    out.push(open(aead, key, nonceFor(nonce8, seq++), sealed.subarray(at, at + SEALED_FRAGMENT), ad.mid));
    at += SEALED_FRAGMENT;
  }
  if (sealed.length - at < TAG_SIZE)
    throw new MadminCryptoError('truncated', 'madmin: encrypted data is truncated');
  out.push(open(aead, key, nonceFor(nonce8, seq), sealed.subarray(at), ad.last));
  return Buffer.concat(out);
}
