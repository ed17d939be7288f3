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
