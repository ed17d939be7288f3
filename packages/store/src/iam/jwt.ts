import { createHmac, timingSafeEqual } from 'node:crypto';

// Session tokens are HS512 JWTs signed with the root secret, as MinIO issues them.

export type JwtClaims = Record<string, string | number>;

const b64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

export function signJwt(claims: JwtClaims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS512', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha512', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** The claims when the token is an HS512 JWT signed with `secret`, else undefined. */
export function verifyJwt(token: string, secret: string): JwtClaims | undefined {
  const [head, body, sig, ...rest] = token.split('.');
  if (head === undefined || body === undefined || sig === undefined || rest.length > 0) return undefined;
  const expected = createHmac('sha512', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    if (header.alg !== 'HS512') return undefined;
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as JwtClaims;
  } catch {
    return undefined;
  }
}

const HMAC_ALGS: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/**
 * The claims of an HS256/384/512 JWT whose key depends on its claims (Prometheus tokens
 * are signed with the secret of the access key they name); undefined unless it verifies.
 */
export function verifyKeyedJwt(
  token: string,
  secretFor: (claims: JwtClaims) => string | undefined,
): JwtClaims | undefined {
  const [head, body, sig, ...rest] = token.split('.');
  if (head === undefined || body === undefined || sig === undefined || rest.length > 0) return undefined;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    const hash = typeof header.alg === 'string' ? HMAC_ALGS[header.alg] : undefined;
    if (!hash) return undefined;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as JwtClaims;
    const secret = secretFor(claims);
    if (secret === undefined) return undefined;
    const expected = createHmac(hash, secret).update(`${head}.${body}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
