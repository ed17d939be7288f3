import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Aead, openStream, sealedLength, sealStream } from './sio.js';

const key = randomBytes(32);
const nonce = randomBytes(8);
const aeads: Aead[] = ['aes-256-gcm', 'chacha20-poly1305'];

// Both ciphers take the same options; the cast only picks one typed overload.
const opts = { authTagLength: 16 } as const;
const iv = (seq: number) => Buffer.concat([nonce, Buffer.from([seq, 0, 0, 0])]);

/** Opens one fragment by hand, following madmin-protocol.md §2.4 rather than openStream. */
function openByHand(aead: Aead, seq: number, final: boolean, fragment: Buffer): Buffer {
  const empty = createCipheriv(aead as 'aes-256-gcm', key, iv(0), opts);
  empty.final();
  const tag0 = empty.getAuthTag();
  const d = createDecipheriv(aead as 'aes-256-gcm', key, iv(seq), opts);
  d.setAAD(Buffer.concat([Buffer.of(final ? 0x80 : 0x00), tag0]));
  d.setAuthTag(fragment.subarray(-16));
  return Buffer.concat([d.update(fragment.subarray(0, -16)), d.final()]);
}

describe.each(aeads)('sio-go stream, %s', (aead) => {
  it.each([0, 1, 16383, 16384, 16385, 32768, 40000])('round trips %i bytes', (n) => {
    const pt = randomBytes(n);
    const ct = sealStream(aead, key, nonce, pt);
    expect(ct).toHaveLength(sealedLength(n));
    expect(openStream(aead, key, nonce, ct).equals(pt)).toBe(true);
  });

  it('lays out 32768 bytes as a non-final fragment (seq 1) and a full final one (seq 2)', () => {
    const pt = randomBytes(32768);
    const ct = sealStream(aead, key, nonce, pt);
    expect(ct).toHaveLength(2 * 16400);
    expect(openByHand(aead, 1, false, ct.subarray(0, 16400)).equals(pt.subarray(0, 16384))).toBe(true);
    expect(openByHand(aead, 2, true, ct.subarray(16400)).equals(pt.subarray(16384))).toBe(true);
  });

  it('seals an empty plaintext as one final tag at seq 1', () => {
    const ct = sealStream(aead, key, nonce, Buffer.alloc(0));
    expect(ct).toHaveLength(16);
    expect(openByHand(aead, 1, true, ct)).toHaveLength(0);
  });
});
