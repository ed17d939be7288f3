import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { licenseVerifyKey, SUBNET_PUBLIC_KEY, verifyLicense } from './license.js';
import { licenseClaims, licenseSigner } from './test-support/fake-subnet.js';

const signer = licenseSigner();
const key = licenseVerifyKey(signer.publicKeyPem);
const NOW = Date.UTC(2026, 10, 1);

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    const error = err as { code?: string; status?: number; detailedMessage?: string };
    expect(error.code).toBe('licenseInvalid');
    expect(error.status).toBe(404);
    return error.detailedMessage ?? '';
  }
  throw new Error('the licence was accepted');
}

describe('verifyLicense', () => {
  it('maps a good licence to the subscription the Licence page shows', () => {
    const exp = Math.floor(NOW / 1000) + 86_400;
    const jwt = signer.mint(licenseClaims({ exp }, NOW));
    expect(verifyLicense(jwt, key, NOW)).toEqual({
      email: 'ops@example.com',
      organization: 'Example Corp',
      account_id: 4211,
      storage_capacity: 50,
      plan: 'ENTERPRISE',
      expires_at: new Date(exp * 1000).toISOString(),
    });
  });

  it('refuses a licence signed by another key', () => {
    const other = licenseSigner();
    expect(reason(() => verifyLicense(other.mint(licenseClaims({}, NOW)), key, NOW))).toMatch(/signature/);
  });

  it('refuses a licence whose claims were changed after signing', () => {
    const [header, , signature] = signer.mint(licenseClaims({}, NOW)).split('.');
    const forged = Buffer.from(JSON.stringify(licenseClaims({ cap: 9999 }, NOW))).toString('base64url');
    expect(reason(() => verifyLicense(`${header}.${forged}.${signature}`, key, NOW))).toMatch(/signature/);
  });

  it('refuses an expired licence, saying when it expired', () => {
    const jwt = signer.mint(licenseClaims({ exp: Math.floor(NOW / 1000) - 1 }, NOW));
    expect(reason(() => verifyLicense(jwt, key, NOW))).toMatch(/expired on 2026-10-31/);
  });

  it.each([
    ['sub', { sub: undefined }, /email/],
    ['org', { org: 42 }, /organization/],
    ['aid', { aid: -1 }, /account id/],
    ['aid', { aid: '17' }, /account id/],
    ['cap', { cap: 1.5 }, /capacity/],
    ['plan', { plan: '' }, /plan/],
    ['exp', { exp: 'tomorrow' }, /expiry/],
  ])('refuses a missing or ill-typed %s claim', (_claim, overrides, message) => {
    expect(reason(() => verifyLicense(signer.mint(licenseClaims(overrides, NOW)), key, NOW))).toMatch(
      message,
    );
  });

  it('refuses what is not an ES384 JWT', () => {
    expect(reason(() => verifyLicense('not-a-jwt', key, NOW))).toMatch(/JSON Web Token/);
    expect(reason(() => verifyLicense('a.b.c', key, NOW))).toMatch(/header/);
    const hs = signer.mint(licenseClaims({}, NOW), { alg: 'HS256' });
    expect(reason(() => verifyLicense(hs, key, NOW))).toMatch(/ES384/);
    const none = signer.mint(licenseClaims({}, NOW), { alg: 'none' });
    expect(reason(() => verifyLicense(`${none.split('.').slice(0, 2).join('.')}.`, key, NOW))).toMatch(
      /ES384/,
    );
  });

  it('takes SUBNET’s embedded key, and refuses a key that is not P-384', () => {
    expect(licenseVerifyKey(SUBNET_PUBLIC_KEY).asymmetricKeyDetails?.namedCurve).toBe('secp384r1');
    expect(
      reason(() =>
        verifyLicense(signer.mint(licenseClaims({}, NOW)), licenseVerifyKey(SUBNET_PUBLIC_KEY), NOW),
      ),
    ).toMatch(/signature/);
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    expect(() => licenseVerifyKey(p256.toString())).toThrow(/P-384/);
  });
});
