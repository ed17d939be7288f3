import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { SubscriptionLicense } from '@stowage/contract';
import { ApiError } from '../../http/errors.js';

// A SUBNET licence is a JWT signed ES384 by SUBNET (reference/operator.md §3.3). It is verified
// here, offline, against SUBNET's public key: reading a licence never calls SUBNET.

/** SUBNET's licence-signing key (P-384), as published at https://subnet.min.io/downloads/license-pubkey.pem. */
export const SUBNET_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEaK31xujr6/rZ7ZfXZh3SlwovjC+X8wGq
qkltaKyTLRENd4w3IRktYYCRgzpDLPn/nrf7snV/ERO5qcI7fkEES34IVEr+2Uff
JkO2PfyyAYEO/5dBlPh1Undu9WQl6J7B
-----END PUBLIC KEY-----
`;

/** The key licences must be signed with; anything but a P-384 EC key is refused up front. */
export function licenseVerifyKey(pem: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'secp384r1') {
    throw new Error('the SUBNET public key must be an EC P-384 key');
  }
  return key;
}

function invalid(reason: string): ApiError {
  return new ApiError('licenseInvalid', reason);
}

function decodePart(part: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  } catch {
    // reported below
  }
  throw invalid(`the licence's ${what} is not a JSON object`);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * The licence's holder, plan and capacity, once its signature, claims and expiry hold; any
 * failure is `licenseInvalid` with the reason. `now` is injectable for the expiry check.
 */
export function verifyLicense(jwt: string, key: KeyObject, now = Date.now()): SubscriptionLicense {
  const parts = jwt.trim().split('.');
  if (parts.length !== 3) throw invalid('the licence is not a JSON Web Token');
  const [header = '', payload = '', signature = ''] = parts;
  if (decodePart(header, 'header').alg !== 'ES384') throw invalid('the licence is not signed with ES384');
  const signed = verify(
    'sha384',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw invalid('the licence signature does not match the SUBNET public key');
  const claims = decodePart(payload, 'payload');
  const { sub, org, aid, cap, plan, exp } = claims;
  if (!isText(sub)) throw invalid('the licence has no email (sub)');
  if (!isText(org)) throw invalid('the licence has no organization (org)');
  if (!isCount(aid)) throw invalid('the licence has no account id (aid)');
  if (!isCount(cap)) throw invalid('the licence has no capacity (cap)');
  if (!isText(plan)) throw invalid('the licence has no plan');
  if (!isCount(exp)) throw invalid('the licence has no expiry (exp)');
  if (exp * 1000 <= now) throw invalid(`the licence expired on ${new Date(exp * 1000).toISOString()}`);
  return {
    email: sub,
    organization: org,
    account_id: aid,
    storage_capacity: cap,
    plan,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

/** A licence's view when it verifies (now), undefined otherwise: for pages that only show it. */
export function licenseReader(publicKeyPem: string): (jwt: string) => SubscriptionLicense | undefined {
  const key = licenseVerifyKey(publicKeyPem);
  return (jwt) => {
    try {
      return verifyLicense(jwt, key);
    } catch {
      return undefined;
    }
  };
}
