import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundPolicy } from '../../net/outbound.js';
import { GcsBackend, grantAssertion, serviceAccount } from './gcs-backend.js';

// No GCS emulator installs here from a registry (fake-gcs-server is not on npm or Debian),
// so the GCS tier client is checked against a small HTTP peer that plays Google's token
// endpoint (verifying the JWT grant with the service account's public key) and the XML
// API's object calls, as documented: the request shapes are real, the peer is not GCS.

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
let server: Server;
let base: string;
const objects = new Map<string, Buffer>();
const grants: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url === '/token') {
        const assertion = new URLSearchParams(body.toString()).get('assertion') ?? '';
        const [h, p, s] = assertion.split('.');
        const ok = createVerify('RSA-SHA256')
          .update(`${h}.${p}`)
          .verify(publicKey, Buffer.from(s!, 'base64url'));
        if (!ok) return res.writeHead(401).end();
        grants.push(JSON.parse(Buffer.from(p!, 'base64url').toString()));
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ access_token: 'tok-1', expires_in: 3600, token_type: 'Bearer' }));
      }
      if (req.headers.authorization !== 'Bearer tok-1') return res.writeHead(401).end();
      const key = decodeURIComponent(req.url ?? '');
      const stored = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, body);
        return res.writeHead(200).end();
      }
      if (!stored) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      const bytes = m ? stored.subarray(Number(m[1]), Number(m[2]) + 1) : stored;
      res.writeHead(m ? 206 : 200, { 'content-length': String(bytes.length) });
      res.end(req.method === 'HEAD' ? undefined : bytes);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const creds = () =>
  Buffer.from(
    JSON.stringify({
      client_email: 'tier@proj.iam.gserviceaccount.com',
      private_key: pem,
      token_uri: `${base}/token`,
    }),
  ).toString('base64');

describe('GCS tier client', () => {
  it('reads a service account from base64 or plain JSON, and refuses one without a key', () => {
    expect(serviceAccount(creds()).client_email).toBe('tier@proj.iam.gserviceaccount.com');
    expect(serviceAccount(Buffer.from(creds(), 'base64').toString()).token_uri).toBe(`${base}/token`);
    expect(() => serviceAccount(Buffer.from('{"client_email":"x"}').toString('base64'))).toThrow(
      /private_key/,
    );
  });

  it('signs an RS256 JWT grant for the storage read-write scope', () => {
    const jwt = grantAssertion(serviceAccount(creds()), new Date(1_700_000_000_000));
    const [h, p] = jwt.split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(p!, 'base64url').toString())).toEqual({
      iss: 'tier@proj.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/devstorage.read_write',
      aud: `${base}/token`,
      iat: 1_700_000_000,
      exp: 1_700_003_600,
    });
  });

  it('puts, stats, reads ranges of and removes objects under the prefix with a bearer token', async () => {
    const gcs = new GcsBackend(
      'G',
      { Endpoint: base, Bucket: 'cold', Prefix: 'pre/', Creds: creds() },
      OutboundPolicy.OPEN,
    );
    await gcs.put('a/b', Readable.from([Buffer.from('hello gcs')]), 9);
    expect([...objects.keys()]).toEqual(['/cold/pre/a/b']);
    expect(await gcs.stat('a/b')).toBe(9);
    const chunks: Buffer[] = [];
    for await (const c of await gcs.get('a/b', { start: 6, end: 8 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('gcs');
    await gcs.remove('a/b');
    expect(await gcs.stat('a/b')).toBeUndefined();
    await expect(gcs.get('a/b')).rejects.toThrow(/tier G: GET: NoSuchKey/);
    // One token served every call.
    expect(grants).toHaveLength(1);
  });
});
