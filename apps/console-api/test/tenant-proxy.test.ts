// Operator mode's hop, `/api/proxy/{ns}/{tenant}/…`, end to end: a real kube-apiserver holds the
// Tenants and their configuration secrets; each tenant's console is a real console in front of a
// real store on loopback (over TLS through a test CA where the tenant asks for certificates);
// the operator console's proxy is driven over real HTTP and WebSocket connections.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { assumeRole } from '@stowage/madmin';
import type { Cluster } from '@stowage/test-support/kube/cluster';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { createSessionStore } from '../src/app.js';
import { type ConsoleConfig, DEFAULT_CONFIG } from '../src/config.js';
import { HOP_ADMIN_POLICY, HOP_CREDENTIAL_SECONDS, HOP_READ_POLICY } from '../src/services/tenants/hop.js';
import { caSignedPair, type TestCa, testCa } from '../src/services/tenants/test-support/certificates.js';
import { hopTenantObjects } from '../src/services/tenants/test-support/hop-tenant.js';
import { type Harness, type LoggedIn, loginOperatorAs, ROOT, startHarness, storeS3 } from './harness.js';
import { multipartForm } from './multipart.js';
import { CONSOLE_NAMESPACE, type OperatorStack, startOperatorStack } from './operator-stack.js';

const WEB_ROOT = new URL('../../console-web/dist/', import.meta.url).pathname;
const MIB = 1024 * 1024;

let stack: OperatorStack;
let cluster: Cluster;
/** The tenants' console and store (one pair serves every tenant: each maps its Services to it). */
let tenantSide: Harness;
/** The operator console, whose proxy is under test. */
let h: Harness;
let operatorBase: string;
let admin: LoggedIn;
let viewer: LoggedIn;
let stranger: LoggedIn;
/** A session holding a token the cluster never issued (as one whose token was revoked). */
let junk: LoggedIn;
const sessions = createSessionStore(DEFAULT_CONFIG as ConsoleConfig);
const servers: (net.Server | tls.Server)[] = [];

/** A Tenant with its root keys (the tenant store's) in config.env. */
async function createTenant(namespace: string, name: string, spec: Record<string, unknown> = {}) {
  await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: namespace } }); // 409: there
  const { secret, tenant } = hopTenantObjects(namespace, name, ROOT, spec);
  await stack.kube('POST', `/api/v1/namespaces/${namespace}/secrets`, secret);
  await stack.kube('POST', `/apis/minio.min.io/v2/namespaces/${namespace}/tenants`, tenant);
}

/** A TLS front (test CA's certificate) for a plain loopback port: the tenant's Service over https. */
async function tlsFront(port: number, pair: { cert: string; key: string }): Promise<string> {
  return hostOf(`https://${(await tlsServer(port, pair)).host}`);
}

async function tlsServer(port: number, pair: { cert: string; key: string }) {
  const server = tls.createServer(pair, (socket) => {
    tlsSockets.add(socket);
    socket.on('close', () => tlsSockets.delete(socket));
    const inner = net.connect(port, '127.0.0.1');
    socket.pipe(inner).pipe(socket);
    socket.on('error', () => inner.destroy());
    inner.on('error', () => socket.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return { server, host: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const hostOf = (url: string) => new URL(url).host;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP request to the operator console. */
function call(
  method: string,
  path: string,
  who?: LoggedIn,
  options: { headers?: Record<string, string>; body?: string | Buffer; csrf?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(who ? { cookie: who.cookie } : {}),
    ...(who && options.csrf !== false && method !== 'GET' ? { 'x-csrf-token': who.csrf } : {}),
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(`${operatorBase}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (a: Answer) => JSON.parse(a.body.toString('utf8'));
const hop = (ns: string, tenant: string, rest = '') => `/api/proxy/${ns}/${tenant}${rest}`;
/** Every byte the browser got, as text: no secret may be in it. */
const seen: string[] = [];
const record = (a: Answer) => {
  seen.push(JSON.stringify(a.headers), a.body.toString('latin1'));
  return a;
};

let ca: TestCa;
/** The TLS tenant's console front, whose certificate a test swaps for an untrusted one. */
let tlsConsole: tls.Server;
const tlsSockets = new Set<tls.TLSSocket>();
let good: { cert: string; key: string };
let foreign: { cert: string; key: string };

beforeAll(async () => {
  ca = testCa('tenant test CA');
  const otherCa = testCa('someone else');
  tenantSide = await startHarness({ webRoot: WEB_ROOT });
  await tenantSide.app.listen({ host: '127.0.0.1', port: 0 });
  const consolePort = (tenantSide.app.server.address() as AddressInfo).port;
  const storePort = Number(new URL(tenantSide.storeUrl).port);
  const names = (ns: string, t: string) => [
    `${t}-console.${ns}.svc.cluster.local`,
    `minio.${ns}.svc.cluster.local`,
  ];
  good = caSignedPair(ca, [...names('hop-tls', 'tenant-tls'), ...names('hop-bad', 'tenant-bad')]);
  foreign = caSignedPair(otherCa, [...names('hop-tls', 'tenant-tls'), ...names('hop-bad', 'tenant-bad')]);
  const tlsConsoleFront = await tlsServer(consolePort, good);
  tlsConsole = tlsConsoleFront.server;
  const hosts = new Map<string, string>([
    ['tenant-a-console.hop-a', `127.0.0.1:${consolePort}`],
    ['minio.hop-a', hostOf(tenantSide.storeUrl)],
    ['tenant-tls-console.hop-tls', tlsConsoleFront.host],
    ['minio.hop-tls', await tlsFront(storePort, good)],
    ['tenant-bad-console.hop-bad', await tlsFront(consolePort, foreign)],
    ['minio.hop-bad', await tlsFront(storePort, foreign)],
  ]);
  stack = await startOperatorStack({ clusterDomain: 'cluster.local', hosts }, { sessions });
  ({ cluster, h, admin, viewer } = stack);
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  operatorBase = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  // Authenticated, bound to nothing: it may not read any tenant.
  stranger = await loginOperatorAs(
    h.app,
    await cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'stranger'),
  );
  const template = sessions.touch(admin.cookie.slice('token='.length));
  if (!template?.kube) throw new Error('the admin session is not an operator session');
  const { id } = sessions.create({ ...template, kube: { ...template.kube, token: cluster.junkToken } });
  junk = { cookie: `token=${id}`, csrf: '', setCookie: '' };
  await createTenant('hop-a', 'tenant-a', { requestAutoCert: false });
  // AutoCert: the proxy trusts the CA the tenant names (here, the test CA) besides the cluster's.
  await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: 'hop-tls' } });
  await stack.kube('POST', '/api/v1/namespaces/hop-tls/secrets', {
    metadata: { name: 'tenant-tls-ca' },
    type: 'Opaque',
    data: { 'public.crt': Buffer.from(ca.cert).toString('base64') },
  });
  await createTenant('hop-tls', 'tenant-tls', {
    requestAutoCert: true,
    externalCaCertSecret: [{ name: 'tenant-tls-ca', type: 'Opaque' }],
  });
  await createTenant('hop-bad', 'tenant-bad', { requestAutoCert: true });
  await storeS3(tenantSide.storeUrl).makeBucket('hop-bucket');
}, 180_000);

afterAll(async () => {
  for (const server of servers) server.close();
  await stack?.close();
  await tenantSide?.close();
});

describe('the tenant console through the proxy', () => {
  test("the frame's page loads: index.html based under the proxy, its script through the proxy", async () => {
    const bare = record(await call('GET', hop('hop-a', 'tenant-a'), admin));
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe(hop('hop-a', 'tenant-a', '/'));

    const page = record(await call('GET', hop('hop-a', 'tenant-a', '/?cp=y'), admin));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body.toString('utf8');
    expect(html).toContain('<base href="/api/proxy/hop-a/tenant-a/" />');
    // The operator's pages may frame it; nobody else may.
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");

    const head = await call('HEAD', hop('hop-a', 'tenant-a', '/'), admin);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const script = /<script[^>]+src="\.?\/?([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = record(await call('GET', hop('hop-a', 'tenant-a', `/${script}`), admin));
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  test("an API call is the tenant's answer, made with a tenant session the browser never sees", async () => {
    const session = record(await call('GET', hop('hop-a', 'tenant-a', '/api/v1/session'), admin));
    expect(session.status).toBe(200);
    const buckets = record(await call('GET', hop('hop-a', 'tenant-a', '/api/v1/buckets'), admin));
    expect(buckets.status).toBe(200);
    expect(json(buckets).buckets.map((b: { name: string }) => b.name)).toContain('hop-bucket');
    for (const answer of [session, buckets]) expect(answer.headers['set-cookie']).toBeUndefined();
  });

  test('status codes pass through: a missing bucket is the tenant console 404 with its body', async () => {
    const missing = record(
      await call('GET', hop('hop-a', 'tenant-a', '/api/v1/buckets/no-such-bucket'), admin),
    );
    expect(missing.status).toBe(404);
    expect(json(missing)).toHaveProperty('detailedMessage');
    const bad = record(
      await call('POST', hop('hop-a', 'tenant-a', '/api/v1/buckets'), admin, { body: '{"name":"A"}' }),
    );
    expect(bad.status).toBe(400);
  });

  test("a change needs a CSRF token, the tenant console's or the operator's; it reaches the tenant", async () => {
    const create = (name: string, options: Parameters<typeof call>[3] = {}) =>
      call('POST', hop('hop-a', 'tenant-a', '/api/v1/buckets'), admin, {
        body: JSON.stringify({ name }),
        ...options,
      });
    // The framed app reads the tenant session's token through the proxy and sends it back.
    const tenantCsrf = json(
      record(await call('GET', hop('hop-a', 'tenant-a', '/api/v1/session'), admin)),
    ).csrfToken;
    expect(tenantCsrf).not.toBe(admin.csrf);
    const withTenantToken = record(
      await create('made-with-tenant-token', { csrf: false, headers: { 'x-csrf-token': tenantCsrf } }),
    );
    expect(withTenantToken.status).toBeLessThan(300);
    expect(record(await create('made-with-operator-token')).status).toBeLessThan(300);

    expect((await create('forged-no-token', { csrf: false })).status).toBe(403);
    expect(
      (await create('forged-wrong-token', { csrf: false, headers: { 'x-csrf-token': 'guess' } })).status,
    ).toBe(403);
    // This console's own page must still send a token when the tenant console has them.
    expect((await create('forged-own-page', { csrf: false, headers: { origin: operatorBase } })).status).toBe(
      403,
    );
    const foreign = await create('forged-foreign', { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);

    const s3 = storeS3(tenantSide.storeUrl);
    expect(await s3.bucketExists('made-with-tenant-token')).toBe(true);
    expect(await s3.bucketExists('made-with-operator-token')).toBe(true);
    for (const name of ['forged-no-token', 'forged-wrong-token', 'forged-own-page', 'forged-foreign']) {
      expect(await s3.bucketExists(name), name).toBe(false);
    }
  });

  test('a large download streams through with bounded memory and arrives intact', async () => {
    const size = 96 * MIB;
    const body = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) body.writeUInt32LE(i, i);
    const expected = createHash('sha256').update(body).digest('hex');
    await storeS3(tenantSide.storeUrl).putObject('hop-bucket', 'big.bin', body);
    const path = hop('hop-a', 'tenant-a', '/api/v1/buckets/hop-bucket/objects/download?prefix=big.bin');
    const before = process.memoryUsage();
    let peak = 0;
    const { status, digest, bytes } = await new Promise<{ status: number; digest: string; bytes: number }>(
      (resolve, reject) => {
        http
          .get(`${operatorBase}${path}`, { headers: { cookie: admin.cookie } }, (res) => {
            const hash = createHash('sha256');
            let received = 0;
            res.on('data', (chunk: Buffer) => {
              hash.update(chunk);
              received += chunk.length;
              const now = process.memoryUsage();
              peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers);
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, digest: hash.digest('hex'), bytes: received }),
            );
            res.on('error', reject);
          })
          .on('error', reject);
      },
    );
    expect(status).toBe(200);
    expect(bytes).toBe(size);
    expect(digest).toBe(expected);
    // Nothing on the way (proxy, tenant console) holds the object: far less than its size.
    expect(peak).toBeLessThan(size / 2);
  }, 120_000);

  test('an upload streams to the tenant as it is sent (chunked, no length known in advance)', async () => {
    const size = 40 * MIB;
    const file = Buffer.alloc(size, 0x5a);
    file.write('start', 0);
    file.write('end', size - 3);
    const form = multipartForm([{ field: 'upload.bin', body: file }]);
    const path = hop('hop-a', 'tenant-a', '/api/v1/buckets/hop-bucket/objects/upload?prefix=in%2F');
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        `${operatorBase}${path}`,
        {
          method: 'POST',
          headers: {
            cookie: admin.cookie,
            'x-csrf-token': admin.csrf,
            'content-type': form.contentType,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      // Sent in pieces, each waiting for the socket to drain, as a browser streams a file.
      const pieces = Array.from({ length: Math.ceil(form.body.length / MIB) }, (_, i) =>
        form.body.subarray(i * MIB, (i + 1) * MIB),
      );
      const next = () => {
        const piece = pieces.shift();
        if (!piece) return req.end();
        if (req.write(piece)) next();
        else req.once('drain', next);
      };
      next();
    });
    expect(answer.status).toBe(200);
    expect(json(record(answer)).uploaded).toEqual([{ name: 'in/upload.bin', size }]);
    const stored = await storeS3(tenantSide.storeUrl).getObject('hop-bucket', 'in/upload.bin');
    const hash = createHash('sha256');
    for await (const chunk of stored) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(file).digest('hex'));
  }, 120_000);

  test("a WebSocket round trip: the tenant console's trace stream arrives through the proxy", async () => {
    const ws = new WebSocket(
      `${operatorBase.replace('http', 'ws')}${hop('hop-a', 'tenant-a', '/ws/trace?calls=s3&path=hop-bucket')}`,
      { headers: { cookie: admin.cookie } },
    );
    const frames: { path: string; method: string }[] = [];
    const arrived = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        frames.push(JSON.parse(String(data)));
        if (frames.some((f) => f.path === '/hop-bucket/traced')) resolve();
      }),
    );
    await once(ws, 'open');
    ws.send('keep-alive'); // the browser's own frames reach the tenant console too
    const s3 = storeS3(tenantSide.storeUrl);
    // The tenant's stream may start a moment after the upgrade: call until a frame shows.
    let done = false;
    void arrived.then(() => {
      done = true;
    });
    for (let i = 0; i < 50 && !done; i++) {
      await s3.putObject('hop-bucket', 'traced', 'x');
      await Promise.race([arrived, new Promise((r) => setTimeout(r, 200))]);
    }
    await arrived;
    const closed = once(ws, 'close');
    ws.close(1000);
    await closed;
    expect(frames.find((f) => f.path === '/hop-bucket/traced')).toBeDefined();
  }, 60_000);
});

describe('TLS to the tenant', () => {
  test('a tenant whose certificate chains to the CA it names is reached over https', async () => {
    const res = record(await call('GET', hop('hop-tls', 'tenant-tls', '/api/v1/buckets'), admin));
    expect(res.status).toBe(200);
    expect(json(res).buckets.map((b: { name: string }) => b.name)).toContain('hop-bucket');
    const page = record(await call('GET', hop('hop-tls', 'tenant-tls', '/'), admin));
    expect(page.body.toString('utf8')).toContain('<base href="/api/proxy/hop-tls/tenant-tls/" />');
  });

  test('a console that starts presenting an untrusted certificate is a 502, for pages and sockets', async () => {
    expect((await call('GET', hop('hop-tls', 'tenant-tls', '/api/v1/buckets'), admin)).status).toBe(200);
    // New connections get the new certificate; the ones open (kept alive) go, as in a restart.
    tlsConsole.setSecureContext(foreign);
    for (const socket of tlsSockets) socket.destroy();
    try {
      const res = record(await call('GET', hop('hop-tls', 'tenant-tls', '/api/v1/buckets'), admin));
      expect(res.status).toBe(502);
      expect(json(res).message).toBe("the tenant's certificate is not trusted");
      expect(json(res).detailedMessage).toContain('tenant-tls-console.hop-tls.svc.cluster.local');
      const ws = new WebSocket(
        `${operatorBase.replace('http', 'ws')}${hop('hop-tls', 'tenant-tls', '/ws/trace')}`,
        {
          headers: { cookie: admin.cookie },
        },
      );
      const [code, reason] = (await once(ws, 'close')) as [number, Buffer];
      expect(code).toBe(1011);
      expect(String(reason)).toContain('not trusted');
    } finally {
      tlsConsole.setSecureContext(good);
    }
  });

  test('a certificate from a CA neither the cluster nor the tenant names is a 502 that says so', async () => {
    const res = record(await call('GET', hop('hop-bad', 'tenant-bad', '/api/v1/buckets'), admin));
    expect(res.status).toBe(502);
    // Shown in the operator's frame, where the tenant console would have been.
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(json(res).message).toBe("the tenant's certificate is not trusted");
    expect(json(res).detailedMessage).toContain('minio.hop-bad.svc.cluster.local');
  });
});

describe("the hop credential's scope on the tenant", () => {
  const asHop = async (policy: string) => {
    const temporary = await assumeRole({
      endpoint: tenantSide.storeUrl,
      credentials: ROOT,
      durationSeconds: HOP_CREDENTIAL_SECONDS,
      policy,
    });
    const url = new URL(tenantSide.storeUrl);
    return new Client({
      endPoint: url.hostname,
      port: Number(url.port),
      useSSL: false,
      pathStyle: true,
      accessKey: temporary.accessKey,
      secretKey: temporary.secretKey,
      sessionToken: temporary.sessionToken,
    });
  };

  test('for a read-only token it lists and reads, and is refused any write', async () => {
    const s3 = await asHop(HOP_READ_POLICY);
    expect((await s3.listBuckets()).map((b) => b.name)).toContain('hop-bucket');
    await expect(s3.makeBucket('read-only-write')).rejects.toThrow(/Access Denied/i);
    await expect(s3.putObject('hop-bucket', 'nope', 'x')).rejects.toThrow(/Access Denied/i);
  });

  test('for a token that may update the tenant it administers the tenant', async () => {
    const s3 = await asHop(HOP_ADMIN_POLICY);
    await s3.makeBucket('admin-hop-write');
    await s3.putObject('admin-hop-write', 'yes', 'x');
    expect(await s3.bucketExists('admin-hop-write')).toBe(true);
  });
});

describe('who may hop', () => {
  test('no session, or a made-up one, is a 401; so is a session whose token the cluster rejects', async () => {
    expect((await call('GET', hop('hop-a', 'tenant-a', '/api/v1/buckets'))).status).toBe(401);
    const madeUp = { cookie: 'token=made-up', csrf: 'x', setCookie: '' };
    expect((await call('GET', hop('hop-a', 'tenant-a', '/api/v1/buckets'), madeUp)).status).toBe(401);
    expect((await call('GET', hop('hop-a', 'tenant-a', '/api/v1/buckets'), junk)).status).toBe(401);
  });

  test('a token that may not read the tenant is refused (403); a tenant that is not there is a 404', async () => {
    const refused = await call('GET', hop('hop-a', 'tenant-a', '/api/v1/buckets'), stranger);
    expect(refused.status).toBe(403);
    expect((await call('GET', hop('hop-a', 'no-tenant', '/'), admin)).status).toBe(404);
    expect((await call('GET', hop('Bad_NS', 'tenant-a', '/'), admin)).status).toBe(400);
    expect((await call('GET', '/api/proxy/hop-a/%74enant-a/api/v1/buckets', admin)).status).toBe(400);
  });

  test('a read-only token views the tenant console; its changes are refused before they reach it', async () => {
    const buckets = record(await call('GET', hop('hop-a', 'tenant-a', '/api/v1/buckets'), viewer));
    expect(buckets.status).toBe(200);
    const change = record(
      await call('POST', hop('hop-a', 'tenant-a', '/api/v1/buckets'), viewer, {
        body: JSON.stringify({ name: 'viewer-was-here' }),
      }),
    );
    expect(change.status).toBe(403);
    expect(await storeS3(tenantSide.storeUrl).bucketExists('viewer-was-here')).toBe(false);
  });

  test("the tenant's root keys and session never reach the browser", () => {
    const everything = seen.join('\n');
    expect(everything).not.toContain(ROOT.secretKey);
    expect(everything).not.toContain(Buffer.from(ROOT.secretKey).toString('base64'));
    expect(everything).not.toMatch(/set-cookie/i);
    expect(h.logs.join('\n')).not.toContain(ROOT.secretKey);
  });
});
