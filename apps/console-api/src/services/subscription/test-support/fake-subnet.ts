import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A SUBNET stand-in on loopback (reference/operator.md §3.3): its own P-384 key pair mints
// ES384 licences, and it answers login, license-key and renew-license as SUBNET does.

export interface LicenseClaims {
  sub?: unknown;
  org?: unknown;
  aid?: unknown;
  cap?: unknown;
  plan?: unknown;
  exp?: unknown;
  [claim: string]: unknown;
}

/** A key pair whose private half signs licences the way SUBNET does. */
export function licenseSigner() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
  return {
    publicKey,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    mint: (claims: LicenseClaims, header: Record<string, unknown> = { alg: 'ES384', typ: 'JWT' }) =>
      mintWith(privateKey, claims, header),
  };
}

function mintWith(key: KeyObject, claims: LicenseClaims, header: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part(header)}.${part(claims)}`;
  const signature = sign('sha384', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' });
  return `${signed}.${signature.toString('base64url')}`;
}

/** Claims of a valid licence, a year from `now` (seconds). */
export function licenseClaims(overrides: LicenseClaims = {}, now = Date.now()): LicenseClaims {
  return {
    sub: 'ops@example.com',
    org: 'Example Corp',
    aid: 4211,
    cap: 50,
    plan: 'ENTERPRISE',
    exp: Math.floor(now / 1000) + 365 * 24 * 3600,
    ...overrides,
  };
}

export interface FakeSubnet {
  url: string;
  publicKeyPem: string;
  mint(claims?: LicenseClaims): string;
  /** Every request as `METHOD path` with its JSON body and Authorization header. */
  requests: { call: string; body: Record<string, unknown>; authorization?: string }[];
  /** The account the login accepts. */
  account: { email: string; password: string };
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

export async function startFakeSubnet(): Promise<FakeSubnet> {
  const signer = licenseSigner();
  const account = { email: 'ops@example.com', password: 'correct horse battery' };
  const accessToken = 'subnet-access-token-1';
  const requests: FakeSubnet['requests'] = [];
  let renewals = 0;
  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    const call = `${req.method} ${req.url}`;
    requests.push({
      call,
      body,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    });
    if (call === 'POST /api/auth/login') {
      if (body.username !== account.email || body.password !== account.password) {
        return reply(res, 401, { error: 'invalid username or password' });
      }
      return reply(res, 200, { token_info: { access_token: accessToken, expires_in: 3600 } });
    }
    if (
      req.headers.authorization !== `Bearer ${accessToken}` &&
      call !== 'POST /api/auth/subscription/renew-license'
    ) {
      return reply(res, 401, { error: 'not logged in' });
    }
    if (call === 'POST /api/auth/subscription/license-key') {
      return reply(res, 200, { license: signer.mint(licenseClaims({ sub: account.email })), metadata: {} });
    }
    if (call === 'POST /api/auth/subscription/renew-license') {
      if (typeof body.license !== 'string' || body.license.split('.').length !== 3) {
        return reply(res, 400, { error: 'invalid license' });
      }
      renewals += 1;
      // A renewed licence lasts longer: two years, and says which renewal it is.
      const renewed = licenseClaims({ sub: account.email, plan: 'STANDARD', cap: 100 + renewals });
      return reply(res, 200, {
        license: signer.mint({ ...renewed, exp: (renewed.exp as number) + 365 * 24 * 3600 }),
      });
    }
    reply(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publicKeyPem: signer.publicKeyPem,
    mint: (claims = licenseClaims()) => signer.mint(claims),
    requests,
    account,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
