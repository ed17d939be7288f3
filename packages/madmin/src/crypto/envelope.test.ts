import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptData, EncryptionAlgorithm, encryptData, isEncrypted } from './envelope.js';
import { MadminCryptoError } from './errors.js';
import { argon2idKey } from './kdf.js';

// Argon2id (64 MiB) costs ~50-300 ms per derivation, so only the vectors and one round trip per
// Argon2id cipher use it; the size sweep runs on PBKDF2 (0x02), which shares the stream code.

const hex = (s: string) => Buffer.from(s.replaceAll(' ', ''), 'hex');
const SALT = Buffer.alloc(32, 0x11);
const NONCE = Buffer.alloc(8, 0x22);
const STATUS = Buffer.from('{"status":"enabled"}');

async function cryptoError(p: Promise<unknown>): Promise<MadminCryptoError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof MadminCryptoError)) throw new Error(`expected MadminCryptoError, got ${String(err)}`);
  return err;
}

describe('madmin test vectors (madmin-protocol.md §2.7)', () => {
  it('decrypts madmin’s own vector to 32 zero bytes', async () => {
    const data = hex(
      'b5c016e93b84b473fc8a37af94936563630c36d6df1841d23a86ee51ca161f9e00ac19116b32f643ff6a56a212b265d8' +
        'c56195bb0d12ce199e13dfdc5272f80c1564da2c6fc2fa18da91d8062de02af5cdafea491c6f3cae1f',
    );
    expect(await decryptData('xPl.8/rhR"Q_1xLt', data)).toEqual(Buffer.alloc(32));
  });

  it('decrypts madmin’s empty-password vector (@node-rs/argon2 accepts an empty password)', async () => {
    const data = hex(
      '828aa81599df0651c0461adb82283e8b89956baee9f6e719947ef9cddc849028001dc9d3ac0938f66b07bacc9751437e1985f8a9763c240e81',
    );
    expect(await decryptData('', data)).toEqual(Buffer.alloc(0));
  });

  it('derives the documented Argon2id key', async () => {
    expect((await argon2idKey('minio123', SALT)).toString('hex')).toBe(
      '3dc4278a851886c006ae7ee1646d1b15ca73733dd20559295ff45fb7ccf2e3ef',
    );
  });

  it('encrypts the minio123 vector for 0x00 byte for byte, and reads it back', async () => {
    const expected = Buffer.concat([
      SALT,
      Buffer.of(0),
      NONCE,
      hex('b106eb85d376eaf2a5027d555f01d0e67ebd73e3eaf43ace25aa3c9c457fdb5c8ed7450d'),
    ]);
    const out = await encryptData('minio123', STATUS, { salt: SALT, nonce: NONCE });
    expect(out.toString('hex')).toBe(expected.toString('hex'));
    expect(out).toHaveLength(77);
    expect(await decryptData('minio123', expected)).toEqual(STATUS);
  });

  it('decrypts the minio123 vector for 0x01 (ChaCha20-Poly1305), and encrypts it byte for byte', async () => {
    const data = Buffer.concat([
      SALT,
      Buffer.of(1),
      NONCE,
      hex('a90b467cc0e2890fcd92fc9a09ecd3d20690724a5bc1f245664ec508a3f8a0ca356b6f97'),
    ]);
    expect(await decryptData('minio123', data)).toEqual(STATUS);
    const out = await encryptData('minio123', STATUS, {
      salt: SALT,
      nonce: NONCE,
      algorithm: EncryptionAlgorithm.Argon2idChaCha20Poly1305,
    });
    expect(out.equals(data)).toBe(true);
  });
});

describe('round trips', () => {
  it.each([0, 1, 16383, 16384, 16385, 32768, 32769, 40000])(
    'PBKDF2 + AES-GCM (0x02), %i bytes',
    async (n) => {
      const pt = randomBytes(n);
      const ct = await encryptData('secret123', pt, { algorithm: EncryptionAlgorithm.Pbkdf2AesGcm });
      expect(ct).toHaveLength(41 + n + 16 * Math.max(1, Math.ceil(n / 16384)));
      expect(ct[32]).toBe(0x02);
      expect(isEncrypted(ct)).toBe(true);
      expect((await decryptData('secret123', ct)).equals(pt)).toBe(true);
    },
  );

  it('Argon2id + AES-GCM (0x00, the default) with random salt and nonce, 40000 bytes', async () => {
    const pt = randomBytes(40000);
    const ct = await encryptData('secret123', pt);
    expect(ct[32]).toBe(0x00);
    expect(ct).toHaveLength(41 + 40000 + 48);
    expect((await decryptData('secret123', ct)).equals(pt)).toBe(true);
  });
});

describe('failures', () => {
  const password = 'secret123';
  const encrypt = (n: number) =>
    encryptData(password, randomBytes(n), { algorithm: EncryptionAlgorithm.Pbkdf2AesGcm });

  it('reports a tampered ciphertext, tag, salt or nonce as not authentic', async () => {
    const ct = await encrypt(40000);
    for (const at of [0, 35, 41, 41 + 20000, ct.length - 1]) {
      const bad = Buffer.from(ct);
      bad[at] = (bad[at] ?? 0) ^ 0x01;
      expect((await cryptoError(decryptData(password, bad))).code).toBe('not-authentic');
    }
  });

  it('reports a wrong password as not authentic', async () => {
    expect((await cryptoError(decryptData('other-password', await encrypt(10)))).code).toBe('not-authentic');
  });

  it('reports a truncated header or stream', async () => {
    const ct = await encrypt(40000);
    for (const len of [33, 40, 41, 56]) {
      expect((await cryptoError(decryptData(password, ct.subarray(0, len)))).code).toBe('truncated');
    }
    // 32 800 bytes + 1: one sealed fragment, then a 1-byte remainder that cannot hold a tag.
    expect((await cryptoError(decryptData(password, ct.subarray(0, 41 + 16400 + 1)))).code).toBe('truncated');
  });

  it('does not accept a stream cut at a fragment boundary (the final flag is missing)', async () => {
    const ct = await encrypt(40000);
    expect((await cryptoError(decryptData(password, ct.subarray(0, 41 + 2 * 16400)))).code).toBe(
      'not-authentic',
    );
    expect((await cryptoError(decryptData(password, ct.subarray(0, 41 + 16400)))).code).toBe('not-authentic');
    expect((await cryptoError(decryptData(password, ct.subarray(0, ct.length - 5)))).code).toBe(
      'not-authentic',
    );
  });

  it('tells plain data and unknown algorithms apart', async () => {
    expect(isEncrypted(Buffer.from('{"a":1}'))).toBe(false);
    expect((await cryptoError(decryptData(password, Buffer.from('{"a":1}')))).code).toBe('not-encrypted');
    expect((await cryptoError(decryptData(password, Buffer.alloc(0)))).code).toBe('not-encrypted');
    const json = Buffer.from(JSON.stringify({ accessKey: 'x'.repeat(40) }));
    expect(isEncrypted(json)).toBe(false);
    expect((await cryptoError(decryptData(password, json))).code).toBe('unknown-algorithm');
    const ct = await encrypt(10);
    ct[32] = 0x03;
    expect(isEncrypted(ct)).toBe(false);
    expect((await cryptoError(decryptData(password, ct))).code).toBe('unknown-algorithm');
  });

  it('rejects bad salt and nonce sizes', async () => {
    await expect(encryptData(password, STATUS, { salt: Buffer.alloc(16) })).rejects.toThrow(RangeError);
    await expect(encryptData(password, STATUS, { nonce: Buffer.alloc(12) })).rejects.toThrow(RangeError);
  });
});
