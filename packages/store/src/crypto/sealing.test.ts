import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CryptoError } from './crypto-error.js';
import { MasterKey } from './master-key.js';
import {
  decodeSealedKey,
  generateObjectKey,
  type KeyEncryptionKey,
  partKey,
  type SealedKey,
  sealObjectKey,
  unsealObjectKey,
} from './sealing.js';

const context = { bucket: 'photos', key: '2024/cat.jpg' };
const master = MasterKey.generate('mk-1');
const customerKey = randomBytes(32);
const kekS3: KeyEncryptionKey = { kind: 'S3', master };
const kekC: KeyEncryptionKey = { kind: 'C', customerKey };
const kekKms: KeyEncryptionKey = { kind: 'KMS', master: MasterKey.generate('kms-key') };

function expectCryptoError(fn: () => unknown, code: CryptoError['code']): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(CryptoError);
  expect((caught as CryptoError).code).toBe(code);
}

function flipBase64(value: string, byte: number): string {
  const bytes = Buffer.from(value, 'base64');
  bytes[byte] = (bytes[byte] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

describe('object keys', () => {
  it('are 32 random bytes', () => {
    const a = generateObjectKey();
    expect(a.length).toBe(32);
    expect(a.equals(generateObjectKey())).toBe(false);
  });
});

describe.each([
  ['SSE-S3', kekS3],
  ['SSE-KMS', kekKms],
  ['SSE-C', kekC],
] as const)('sealing with %s', (_name, kek) => {
  it('round trips through JSON', () => {
    const objectKey = generateObjectKey();
    const sealed = sealObjectKey(objectKey, kek, context);
    const stored = JSON.parse(JSON.stringify(sealed)) as SealedKey;
    expect(unsealObjectKey(stored, kek, context).equals(objectKey)).toBe(true);
    expect(unsealObjectKey(decodeSealedKey(stored), kek, context).equals(objectKey)).toBe(true);
  });

  it('writes a versioned record with fresh randomness each time', () => {
    const objectKey = generateObjectKey();
    const a = sealObjectKey(objectKey, kek, context);
    const b = sealObjectKey(objectKey, kek, context);
    expect(a).toMatchObject({ v: 1, scheme: kek.kind });
    expect(Buffer.from(a.iv, 'base64').length).toBe(12);
    expect(Buffer.from(a.salt, 'base64').length).toBe(32);
    expect(Buffer.from(a.sealed, 'base64').length).toBe(48);
    expect(a.masterKeyId).toBe(kek.kind === 'C' ? undefined : kek.master.id);
    expect(a.iv).not.toBe(b.iv);
    expect(a.sealed).not.toBe(b.sealed);
    expect(JSON.stringify(a)).not.toContain(objectKey.toString('base64'));
  });

  it('refuses another bucket or object name, including ambiguous splits', () => {
    const sealed = sealObjectKey(generateObjectKey(), kek, { bucket: 'a', key: 'b/c' });
    expectCryptoError(() => unsealObjectKey(sealed, kek, { bucket: 'a', key: 'b/d' }), 'BadKey');
    expectCryptoError(() => unsealObjectKey(sealed, kek, { bucket: 'x', key: 'b/c' }), 'BadKey');
    expectCryptoError(() => unsealObjectKey(sealed, kek, { bucket: 'a/b', key: 'c' }), 'BadKey');
  });

  it('refuses a tampered record', () => {
    const sealed = sealObjectKey(generateObjectKey(), kek, context);
    for (const field of ['iv', 'salt', 'sealed'] as const) {
      for (const byte of [0, 11, field === 'sealed' ? 47 : 5]) {
        const tampered = { ...sealed, [field]: flipBase64(sealed[field], byte) };
        expectCryptoError(() => unsealObjectKey(tampered, kek, context), 'BadKey');
      }
    }
  });

  it('refuses malformed and future records', () => {
    const sealed = sealObjectKey(generateObjectKey(), kek, context);
    const broken: [unknown, CryptoError['code']][] = [
      [null, 'Corrupt'],
      [[], 'Corrupt'],
      [{ ...sealed, v: 0 }, 'Corrupt'],
      [{ ...sealed, v: 2 }, 'Unsupported'],
      [{ ...sealed, scheme: 'XYZ' }, 'Unsupported'],
      [{ ...sealed, iv: 'not base64!' }, 'Corrupt'],
      [{ ...sealed, salt: Buffer.alloc(16).toString('base64') }, 'Corrupt'],
      [{ ...sealed, sealed: sealed.sealed.slice(0, -4) }, 'Corrupt'],
    ];
    for (const [record, code] of broken) {
      expectCryptoError(() => unsealObjectKey(record as SealedKey, kek, context), code);
      expectCryptoError(() => decodeSealedKey(record), code);
    }
  });
});

describe('key-encryption keys', () => {
  it('refuses another master key, by id and by bytes', () => {
    const sealed = sealObjectKey(generateObjectKey(), kekS3, context);
    const otherId = MasterKey.generate('mk-2');
    const sameIdOtherBytes = MasterKey.generate('mk-1');
    expectCryptoError(() => unsealObjectKey(sealed, { kind: 'S3', master: otherId }, context), 'BadKey');
    expect(() => unsealObjectKey(sealed, { kind: 'S3', master: otherId }, context)).toThrow(/mk-1.*mk-2/);
    expectCryptoError(
      () => unsealObjectKey(sealed, { kind: 'S3', master: sameIdOtherBytes }, context),
      'BadKey',
    );
  });

  it('refuses another customer key', () => {
    const sealed = sealObjectKey(generateObjectKey(), kekC, context);
    expectCryptoError(
      () => unsealObjectKey(sealed, { kind: 'C', customerKey: randomBytes(32) }, context),
      'BadKey',
    );
  });

  it('refuses a record of the other scheme', () => {
    const sealedS3 = sealObjectKey(generateObjectKey(), kekS3, context);
    const sealedC = sealObjectKey(generateObjectKey(), kekC, context);
    expectCryptoError(() => unsealObjectKey(sealedS3, kekC, context), 'BadKey');
    expectCryptoError(() => unsealObjectKey(sealedC, kekS3, context), 'BadKey');
    // Relabelling the scheme does not help either: the scheme is authenticated.
    const relabelled: SealedKey = { ...sealedC, scheme: 'S3', masterKeyId: 'mk-1' };
    expectCryptoError(() => unsealObjectKey(relabelled, kekS3, context), 'BadKey');
  });

  it('keeps SSE-S3 and SSE-KMS apart, even under the same key', () => {
    const sameKey: KeyEncryptionKey = { kind: 'KMS', master };
    const sealed = sealObjectKey(generateObjectKey(), sameKey, context);
    expect(sealed).toMatchObject({ scheme: 'KMS', masterKeyId: 'mk-1' });
    expectCryptoError(() => unsealObjectKey(sealed, kekS3, context), 'BadKey');
    expectCryptoError(() => unsealObjectKey({ ...sealed, scheme: 'S3' }, kekS3, context), 'BadKey');
    expectCryptoError(() => unsealObjectKey(sealed, kekKms, context), 'BadKey');
  });

  it('refuses a customer key of the wrong length', () => {
    expectCryptoError(
      () => sealObjectKey(generateObjectKey(), { kind: 'C', customerKey: randomBytes(16) }, context),
      'BadKey',
    );
  });

  it('refuses an object key of the wrong length', () => {
    expect(() => sealObjectKey(randomBytes(16), kekC, context)).toThrow(RangeError);
  });
});

describe('partKey', () => {
  it('is HMAC-SHA256(objectKey, uint32 LE part number), as MinIO derives part keys', () => {
    const objectKey = generateObjectKey();
    const expected = createHmac('sha256', objectKey)
      .update(Buffer.from([0x02, 0x01, 0, 0]))
      .digest();
    expect(partKey(objectKey, 0x0102).equals(expected)).toBe(true);
  });

  it('differs per part and per object key, and is stable', () => {
    const objectKey = generateObjectKey();
    const keys = [1, 2, 3, 10000].map((n) => partKey(objectKey, n).toString('hex'));
    expect(new Set(keys).size).toBe(4);
    expect(partKey(objectKey, 1).equals(partKey(objectKey, 1))).toBe(true);
    expect(partKey(generateObjectKey(), 1).equals(partKey(objectKey, 1))).toBe(false);
    expect(partKey(objectKey, 1).length).toBe(32);
  });

  it('refuses part numbers outside uint32', () => {
    const objectKey = generateObjectKey();
    for (const bad of [-1, 1.5, 2 ** 32, Number.NaN])
      expect(() => partKey(objectKey, bad)).toThrow(RangeError);
  });
});
