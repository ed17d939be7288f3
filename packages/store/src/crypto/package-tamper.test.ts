import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CryptoError } from './crypto-error.js';
import { HEADER_SIZE, MAX_PACKAGE_BYTES, TAG_SIZE } from './package-format.js';
import { ciphertextRange, decryptStream, fullCiphertextRange, PACKAGE_SIZE } from './package-stream.js';
import {
  decrypt,
  encrypt,
  patternBytes,
  sameBytes,
  seededRandom,
  throughCollectingPartial,
} from './test-support/streams.js';

const P = PACKAGE_SIZE;
const SIZE = 2 * P + 100; // three packages: full, full, short final
const FULL = fullCiphertextRange(SIZE);

let key: Buffer;
let plain: Buffer;
let cipher: Buffer;
let packages: Buffer[];

function splitPackages(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += MAX_PACKAGE_BYTES) {
    out.push(data.subarray(offset, offset + MAX_PACKAGE_BYTES));
  }
  return out;
}

function flipBit(data: Buffer, byte: number, bit: number): Buffer {
  const copy = Buffer.from(data);
  copy[byte] = (copy[byte] ?? 0) ^ (1 << bit);
  return copy;
}

async function expectRejected(promise: Promise<unknown>, code?: CryptoError['code']): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(CryptoError);
  if (code) expect((error as CryptoError).code).toBe(code);
}

beforeAll(async () => {
  key = randomBytes(32);
  plain = patternBytes(SIZE, 5);
  cipher = await encrypt(key, plain);
  packages = splitPackages(cipher);
  expect(packages.map((p) => p.length)).toEqual([MAX_PACKAGE_BYTES, MAX_PACKAGE_BYTES, 100 + 32]);
});

describe('bit flips', () => {
  it('detects a flip of any bit of any header or tag', async () => {
    const positions: number[] = [];
    for (let p = 0; p < packages.length; p++) {
      const start = p * MAX_PACKAGE_BYTES;
      const end = start + (packages[p]?.length ?? 0);
      for (let i = 0; i < HEADER_SIZE; i++) positions.push(start + i);
      for (let i = end - TAG_SIZE; i < end; i++) positions.push(i);
    }
    for (const byte of positions) {
      for (let bit = 0; bit < 8; bit++) {
        const tampered = flipBit(cipher, byte, bit);
        await expectRejected(decrypt(key, tampered, FULL));
        await expectRejected(decrypt(key, tampered));
      }
    }
  });

  it('detects a flip of sampled bits of the ciphertext bodies', async () => {
    const random = seededRandom(99);
    for (let i = 0; i < 120; i++) {
      const byte = Math.floor(random() * cipher.length);
      await expectRejected(decrypt(key, flipBit(cipher, byte, i % 8), FULL));
    }
  });

  it('emits nothing of a package that fails authentication', async () => {
    const tampered = flipBit(cipher, MAX_PACKAGE_BYTES + HEADER_SIZE + 10, 3);
    const { output, error } = await throughCollectingPartial(decryptStream(key, FULL), [tampered]);
    expect(error).toBeInstanceOf(CryptoError);
    expect(sameBytes(output, plain.subarray(0, output.length))).toBe(true);
    expect(output.length).toBeLessThanOrEqual(P);
  });

  it('refuses the wrong key', async () => {
    await expectRejected(decrypt(randomBytes(32), cipher, FULL), 'Corrupt');
    await expectRejected(decrypt(randomBytes(32), cipher), 'Corrupt');
  });
});

describe('rearranged packages', () => {
  const [a, b, c] = [0, 1, 2];
  const cases: [string, () => Buffer[], CryptoError['code']][] = [
    ['dropped last package', () => [pk(a), pk(b)], 'Truncated'],
    ['dropped middle package', () => [pk(a), pk(c)], 'Corrupt'],
    ['dropped first package', () => [pk(b), pk(c)], 'Corrupt'],
    ['swapped packages', () => [pk(b), pk(a), pk(c)], 'Corrupt'],
    ['duplicated package', () => [pk(a), pk(a), pk(b), pk(c)], 'Corrupt'],
    ['appended copy of the final package', () => [pk(a), pk(b), pk(c), pk(c)], 'Corrupt'],
    ['nothing at all', () => [], 'Truncated'],
  ];
  function pk(i: number): Buffer {
    return packages[i] ?? Buffer.alloc(0);
  }

  for (const [name, build, code] of cases) {
    it(`detects ${name}, with and without the recorded size`, async () => {
      const data = Buffer.concat(build());
      await expectRejected(decrypt(key, data, FULL), code);
      if (data.length > 0) await expectRejected(decrypt(key, data));
    });
  }

  it('detects a package spliced in from another stream under the same key', async () => {
    const other = splitPackages(await encrypt(key, patternBytes(SIZE, 6)));
    const spliced = Buffer.concat([pk(a), other[1] ?? Buffer.alloc(0), pk(c)]);
    await expectRejected(decrypt(key, spliced, FULL), 'Corrupt');
  });

  it('detects a package appended from another stream', async () => {
    const other = splitPackages(await encrypt(key, patternBytes(10, 6)));
    await expectRejected(decrypt(key, Buffer.concat([cipher, other[0] ?? Buffer.alloc(0)]), FULL));
    await expectRejected(decrypt(key, Buffer.concat([cipher, other[0] ?? Buffer.alloc(0)])));
  });

  it('detects truncation inside a package or a header', async () => {
    for (const cut of [
      1,
      HEADER_SIZE - 1,
      HEADER_SIZE,
      HEADER_SIZE + 5,
      MAX_PACKAGE_BYTES - 1,
      cipher.length - 1,
    ]) {
      await expectRejected(decrypt(key, cipher.subarray(0, cut), FULL), 'Truncated');
      await expectRejected(decrypt(key, cipher.subarray(0, cut)), 'Truncated');
    }
  });

  it('detects a stream that ends (FINAL) before the recorded size', async () => {
    const short = await encrypt(key, plain.subarray(0, 2 * P));
    await expectRejected(decrypt(key, short, FULL), 'Truncated');
  });
});

describe('ranged reads', () => {
  it('detect tampering within the range', async () => {
    const range = ciphertextRange(P + 3, 2 * P + 50, SIZE);
    const slice = cipher.subarray(range.start, range.end + 1);
    await expectRejected(decrypt(key, flipBit(slice, 40, 1), range), 'Corrupt');
  });

  it('detect a range cut short or carrying extra data', async () => {
    const range = ciphertextRange(P + 3, 2 * P + 50, SIZE);
    const slice = cipher.subarray(range.start, range.end + 1);
    await expectRejected(decrypt(key, slice.subarray(0, MAX_PACKAGE_BYTES), range), 'Truncated');
    const inner = ciphertextRange(0, 10, SIZE);
    await expectRejected(decrypt(key, cipher.subarray(0, 2 * MAX_PACKAGE_BYTES), inner), 'Corrupt');
  });

  it('detect a range read from the wrong position', async () => {
    const range = ciphertextRange(P, P + 10, SIZE);
    const wrong = cipher.subarray(0, MAX_PACKAGE_BYTES);
    await expectRejected(decrypt(key, wrong, range), 'Corrupt');
  });
});

describe('error delivery', () => {
  it('destroys the stream with a CryptoError event rather than throwing', async () => {
    const stream = decryptStream(key, FULL);
    const error = new Promise<unknown>((resolve) => stream.on('error', resolve));
    stream.resume();
    stream.end(flipBit(cipher, 3, 0));
    const got = await error;
    expect(got).toBeInstanceOf(CryptoError);
    expect(stream.destroyed).toBe(true);
  });
});
