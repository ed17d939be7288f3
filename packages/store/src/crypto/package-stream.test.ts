import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CryptoError } from './crypto-error.js';
import { MAX_PACKAGE_BYTES, PACKAGE_OVERHEAD } from './package-format.js';
import {
  ciphertextRange,
  decryptStream,
  encryptedSize,
  fullCiphertextRange,
  PACKAGE_SIZE,
  packageCount,
  plainSize,
} from './package-stream.js';
import {
  type Chunking,
  decrypt,
  encrypt,
  patternBytes,
  sameBytes,
  seededRandom,
} from './test-support/streams.js';

const P = PACKAGE_SIZE;
const SIZES = [0, 1, P - 1, P, P + 1, 3 * P + 5, 1024 * 1024 + 3];

describe('sizes', () => {
  it('adds 32 bytes per 64 KiB package, none for an empty object', () => {
    expect(encryptedSize(0)).toBe(0);
    expect(encryptedSize(1)).toBe(1 + PACKAGE_OVERHEAD);
    expect(encryptedSize(P)).toBe(P + PACKAGE_OVERHEAD);
    expect(encryptedSize(P + 1)).toBe(P + 1 + 2 * PACKAGE_OVERHEAD);
    expect(packageCount(3 * P + 5)).toBe(4);
  });

  it('inverts encryptedSize for every size around package edges', () => {
    for (const size of [...SIZES, 2 * P - 1, 2 * P, 2 * P + 1, 5 * 1024 ** 4]) {
      expect(plainSize(encryptedSize(size))).toBe(size);
    }
  });

  it('refuses sizes no ciphertext can have', () => {
    for (const size of [1, 32, MAX_PACKAGE_BYTES + 1, MAX_PACKAGE_BYTES + 32, 3 * MAX_PACKAGE_BYTES + 7]) {
      expect(() => plainSize(size)).toThrow(CryptoError);
    }
    expect(() => plainSize(-1)).toThrow(RangeError);
    expect(() => plainSize(1.5)).toThrow(RangeError);
    expect(() => encryptedSize(-1)).toThrow(RangeError);
  });
});

describe('encrypt/decrypt round trips', () => {
  const chunkings: Chunking[] = ['whole', 'one-byte', 'small', 'large'];
  for (const size of SIZES) {
    for (const chunking of chunkings) {
      // One-byte chunks of a whole MiB only slow the suite; 3 packages cover the logic.
      if (chunking === 'one-byte' && size > 4 * P) continue;
      it(`${size} bytes in ${chunking} chunks`, async () => {
        const key = randomBytes(32);
        const plain = patternBytes(size, size + 1);
        const cipher = await encrypt(key, plain, chunking);
        expect(cipher.length).toBe(encryptedSize(size));
        expect(sameBytes(await decrypt(key, cipher, fullCiphertextRange(size), chunking), plain)).toBe(true);
        const again = await decrypt(key, cipher, {}, chunking === 'one-byte' ? 'small' : chunking);
        expect(sameBytes(again, plain)).toBe(true);
      });
    }
  }

  it('never repeats ciphertext for the same key and plaintext (random stream nonce)', async () => {
    const key = randomBytes(32);
    const plain = patternBytes(100);
    expect(sameBytes(await encrypt(key, plain), await encrypt(key, plain))).toBe(false);
  });

  it('accepts an empty ciphertext as an empty object', async () => {
    const key = randomBytes(32);
    expect(await decrypt(key, Buffer.alloc(0), fullCiphertextRange(0))).toEqual(Buffer.alloc(0));
    expect(await decrypt(key, Buffer.alloc(0))).toEqual(Buffer.alloc(0));
  });

  it('refuses keys that are not 32 bytes and options that are not sizes', () => {
    expect(() => decryptStream(Buffer.alloc(16))).toThrow(RangeError);
    expect(() => decryptStream(randomBytes(32), { skip: -1 })).toThrow(RangeError);
    expect(() => decryptStream(randomBytes(32), { take: P * 3, totalPackages: 2 })).toThrow(RangeError);
  });
});

describe('ciphertextRange', () => {
  it('aligns to packages and says what to skip and take', () => {
    expect(ciphertextRange(0, 0, 10)).toEqual({
      start: 0,
      end: 10 + PACKAGE_OVERHEAD - 1,
      firstPackage: 0,
      skip: 0,
      take: 1,
      totalPackages: 1,
    });
    expect(ciphertextRange(P + 5, 2 * P, 3 * P + 5)).toEqual({
      start: MAX_PACKAGE_BYTES,
      end: 3 * MAX_PACKAGE_BYTES - 1,
      firstPackage: 1,
      skip: 5,
      take: P - 4,
      totalPackages: 4,
    });
    expect(ciphertextRange(3 * P, 3 * P + 4, 3 * P + 5).end).toBe(encryptedSize(3 * P + 5) - 1);
  });

  it('refuses ranges outside the object', () => {
    expect(() => ciphertextRange(5, 4, 10)).toThrow(RangeError);
    expect(() => ciphertextRange(0, 10, 10)).toThrow(RangeError);
    expect(() => ciphertextRange(0, 0, 0)).toThrow(RangeError);
  });

  for (const total of [3 * P + 5, 1024 * 1024 + 3, P]) {
    it(`decrypts every range of a ${total}-byte object from its ciphertext slice alone`, async () => {
      const key = randomBytes(32);
      const plain = patternBytes(total, 3);
      const cipher = await encrypt(key, plain, 'large');
      const edges = [0, 1, P - 1, P, P + 1, 2 * P - 1, 2 * P, 3 * P - 1, 3 * P, total - 2, total - 1].filter(
        (x) => x >= 0 && x < total,
      );
      const pairs: [number, number][] = [];
      for (const start of edges) for (const end of edges) if (start <= end) pairs.push([start, end]);
      const random = seededRandom(total);
      for (let i = 0; i < 40; i++) {
        const a = Math.floor(random() * total);
        const b = Math.floor(random() * total);
        pairs.push([Math.min(a, b), Math.max(a, b)]);
      }
      for (const [start, end] of pairs) {
        const range = ciphertextRange(start, end, total);
        expect(range.start % MAX_PACKAGE_BYTES).toBe(0);
        const slice = cipher.subarray(range.start, range.end + 1);
        const chunking: Chunking = (start + end) % 2 === 0 ? 'small' : 'whole';
        const got = await decrypt(key, slice, range, chunking);
        expect(got.length, `range ${start}-${end}`).toBe(end - start + 1);
        expect(got.equals(plain.subarray(start, end + 1)), `range ${start}-${end}`).toBe(true);
      }
    });
  }
});
