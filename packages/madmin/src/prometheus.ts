import { createHmac } from 'node:crypto';
import type { Credentials } from './sigv4.js';

// The bearer token a Prometheus server sends to /minio/v2/metrics/* (what `mc admin
// prometheus generate` writes into a scrape config): an HS512 JWT signed with the secret
// key of the access key it names.

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export function prometheusToken(
  credentials: Pick<Credentials, 'accessKey' | 'secretKey'>,
  expiresInSeconds = 100 * 365 * 24 * 3600,
): string {
  const head = b64url(JSON.stringify({ alg: 'HS512', typ: 'JWT' }));
  const body = b64url(
    JSON.stringify({
      exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
      sub: credentials.accessKey,
      iss: 'prometheus',
    }),
  );
  const sig = createHmac('sha512', credentials.secretKey).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}
