import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MadminClient } from '@stowage/madmin';
import type { InjectOptions } from 'fastify';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, createSessionStore } from '../src/app.js';
import { createStorageGateway } from '../src/clients/storage.js';
import { ConsoleDatabase } from '../src/db/database.js';
import { CONSOLE_SCHEMAS } from '../src/db/schemas.js';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Managed share links against a real store: every link recorded, listed (own or all), revoked
// on the server, limited in downloads and time; drop links upload under their prefix within their
// size only; the database keeps links across a restart and never a secret in clear.

let h: Harness;
let dir: string;
let root: LoggedIn;
let alice: LoggedIn;
let s3: Client;
/** The console's clock runs this far ahead of the real one (expiry tests move it). */
let skewMs = 0;
const call = (method: InjectOptions['method'], url: string, payload?: unknown, who = root) =>
  callAs(h.app, who, method, url, payload);
const q = encodeURIComponent;
/** Every body the API answered, to check no secret ever leaves. */
const answers: string[] = [];
const recorded = async (method: InjectOptions['method'], url: string, payload?: unknown, who = root) => {
  const res = await call(method, url, payload, who);
  answers.push(res.body);
  return res;
};
const open = (path: string) => h.app.inject({ method: 'GET', url: path });

const share = async (key: string, extra = '', who = root) => {
  const res = await recorded('POST', `/buckets/docs/objects/share?prefix=${q(key)}${extra}`, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as string;
};
const list = async (who = root) => {
  const res = await recorded('GET', '/share-links', undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { links: Record<string, unknown>[]; total: number; all_users: boolean };
};
const linkIdOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-share-links-'));
  h = await startHarness(
    { databasePath: join(dir, 'console.sqlite') },
    {},
    { clock: () => Date.now() + skewMs },
  );
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
  await s3.makeBucket('docs');
  await s3.putObject('docs', 'a.txt', 'alpha', 5);
  await s3.putObject('docs', 'b.txt', 'bravo', 5);
  const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
  await admin.users.add('alice', 'alice-secret-1');
  await admin.policies.set(['readwrite'], 'alice', false);
  alice = await loginAs(h.app, 'alice', 'alice-secret-1');
});
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('recorded links', () => {
  test('a link made in the object browser is recorded with its creator and account', async () => {
    const url = new URL(await share('a.txt', '&expires=3600s'));
    const { links } = await list();
    const link = links.find((l) => l.access_key === url.searchParams.get('X-Amz-Credential')?.split('/')[0]);
    expect(link).toMatchObject({ kind: 'download', bucket: 'docs', path: 'a.txt', creator: ROOT.accessKey });
    expect(link?.download_count).toBe(0);
    expect(Date.parse(String(link?.expires)) - Date.parse(String(link?.created))).toBeGreaterThanOrEqual(
      3_599_000,
    );
    expect((await fetch(url)).status).toBe(200);
  });

  test("a user lists their own links; an admin lists everyone's; a user cannot revoke another's", async () => {
    const mine = await share('b.txt', '&expires=7200s', alice);
    const aliceList = await list(alice);
    expect(aliceList.all_users).toBe(false);
    expect(aliceList.links.every((l) => l.creator === 'alice')).toBe(true);
    expect(aliceList.links).toHaveLength(1);
    const rootList = await list();
    expect(rootList.all_users).toBe(true);
    expect(new Set(rootList.links.map((l) => l.creator))).toEqual(new Set([ROOT.accessKey, 'alice']));
    const rootsLink = rootList.links.find((l) => l.creator === ROOT.accessKey)!;
    const denied = await call('DELETE', `/share-links/${rootsLink.id}`, undefined, alice);
    expect(denied.statusCode).toBe(404);
    expect((await fetch(mine)).status).toBe(200);
    const paged = await recorded('GET', '/share-links?limit=1&offset=1');
    expect(paged.json().links).toHaveLength(1);
    expect(paged.json().total).toBe(rootList.total);
  });

  test('revoking deletes the account: the direct link answers 403 at the store', async () => {
    const url = await share('a.txt', '&expires=1800s', alice);
    expect((await fetch(url)).status).toBe(200);
    const accessKey = new URL(url).searchParams.get('X-Amz-Credential')?.split('/')[0];
    const link = (await list(alice)).links.find((l) => l.access_key === accessKey)!;
    expect((await call('DELETE', `/share-links/${link.id}`, undefined, alice)).statusCode).toBe(204);
    expect((await fetch(url)).status).toBe(403);
    const after = (await list(alice)).links.find((l) => l.id === link.id)!;
    expect(after.revoked).toBeDefined();
    // Revoking again is no failure; the admin may revoke anyone's.
    expect((await call('DELETE', `/share-links/${link.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', '/share-links/no-such-link')).statusCode).toBe(404);
  });
});

describe('download limits', () => {
  test('a link limited to 2 downloads redirects twice, then is refused with a clear error', async () => {
    const url = await share('a.txt', '&download_limit=2');
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/share\/[A-Za-z0-9_-]+$/);
    const path = new URL(url).pathname;
    for (let i = 0; i < 2; i++) {
      const res = await open(path);
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('60');
      const got = await fetch(location);
      expect(await got.text()).toBe('alpha');
    }
    const third = await open(path);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({
      message: 'This link has reached its download limit.',
      detailedMessage: 'share link exhausted',
    });
    const link = (await list()).links.find((l) => l.id === linkIdOf(url))!;
    expect(link).toMatchObject({ download_limit: 2, download_count: 2, url });
  });

  test('a revoked limited link answers 403, and so does a redirect it gave before', async () => {
    const url = await share('b.txt', '&download_limit=5&expires=600s');
    const path = new URL(url).pathname;
    const before = String((await open(path)).headers.location);
    expect((await call('DELETE', `/share-links/${linkIdOf(url)}`)).statusCode).toBe(204);
    const after = await open(path);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe('This link was revoked.');
    expect((await fetch(before)).status).toBe(403);
  });

  test('an expired link is refused', async () => {
    const url = await share('a.txt', '&download_limit=3&expires=60s');
    const path = new URL(url).pathname;
    expect((await open(path)).statusCode).toBe(302);
    skewMs = 61_000;
    try {
      const res = await open(path);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This link has expired.');
    } finally {
      skewMs = 0;
    }
    expect((await open('/api/v1/share/unknown-id')).statusCode).toBe(404);
  });

  test('bad limits are refused', async () => {
    const res = await call('POST', `/buckets/docs/objects/share?prefix=a.txt&download_limit=0`);
    expect(res.statusCode).toBe(400);
  });
});

describe('drop links', () => {
  const createDrop = async (body: Record<string, unknown>, who = root) =>
    recorded('POST', '/share-links/drop', body, who);
  const post = async (form: { url: string; fields: Record<string, string> }, bytes: Buffer, key?: string) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(form.fields)) data.append(k, k === 'key' && key ? key : v);
    data.append('file', new Blob([bytes]), 'upload.bin');
    return fetch(form.url, { method: 'POST', body: data });
  };

  test('uploads within the limit land under the prefix only; over it, the store refuses', async () => {
    const created = await createDrop({
      bucket: 'docs',
      prefix: 'inbox/',
      expires_seconds: 3600,
      size_limit: 1000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({ kind: 'drop', bucket: 'docs', path: 'inbox/', size_limit: 1000 });
    expect(link.url).toMatch(new RegExp(`/drop/${link.id}$`));
    const info = await open(`/api/v1/drop/${link.id}`);
    expect(info.json()).toMatchObject({ bucket: 'docs', prefix: 'inbox/', size_limit: 1000 });

    const presign = async (name: string) => {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/v1/drop/${link.id}/uploads`,
        payload: { name },
      });
      answers.push(res.body);
      return res;
    };
    const form = (await presign('report.txt')).json();
    expect(form.fields.key).toBe('inbox/report.txt');
    const ok = await post(form, Buffer.alloc(900, 'x'));
    expect(ok.status).toBe(204);
    expect((await s3.statObject('docs', 'inbox/report.txt')).size).toBe(900);

    const tooBig = await post((await presign('big.bin')).json(), Buffer.alloc(1001, 'y'));
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('EntityTooLarge');
    await expect(s3.statObject('docs', 'inbox/big.bin')).rejects.toThrow();

    // A form re-aimed outside the prefix is refused by the policy and by the account's rights.
    const outside = await post((await presign('x.txt')).json(), Buffer.from('z'), 'elsewhere/x.txt');
    expect(outside.status).toBe(403);
    await expect(s3.statObject('docs', 'elsewhere/x.txt')).rejects.toThrow();
    expect((await presign('../up')).statusCode).toBe(400);
    expect((await presign('..')).statusCode).toBe(400);

    // Revoked: the page and its forms are refused, and a form signed before is refused by the store.
    const early = (await presign('late.txt')).json();
    expect((await call('DELETE', `/share-links/${link.id}`)).statusCode).toBe(204);
    expect((await presign('late.txt')).statusCode).toBe(403);
    expect((await open(`/api/v1/drop/${link.id}`)).statusCode).toBe(403);
    expect((await post(early, Buffer.from('late'))).status).toBe(403);
  });

  test('bad drop requests are refused', async () => {
    const base = { bucket: 'docs', prefix: 'inbox/', expires_seconds: 3600, size_limit: 10 };
    expect((await createDrop({ ...base, prefix: 'no-slash' })).statusCode).toBe(400);
    expect((await createDrop({ ...base, expires_seconds: 8 * 24 * 3600 })).statusCode).toBe(400);
    expect((await createDrop({ ...base, size_limit: 0 })).statusCode).toBe(400);
    expect((await createDrop({ ...base, bucket: 'missing-bucket' })).statusCode).toBe(404);
    const forged = await h.app.inject({
      method: 'POST',
      url: '/api/v1/share-links/drop',
      headers: { cookie: root.cookie },
      payload: base,
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('the database', () => {
  test('keeps links across a restart, and never a secret in clear', async () => {
    const before = await list();
    await h.app.close();
    const again = await buildApp({
      config: h.config,
      gateway: createStorageGateway(h.config.serverUrl, h.config.region),
      sessions: createSessionStore(h.config),
    });
    h.app = again;
    root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const after = await list();
    expect(after.links.map((l) => [l.id, l.revoked ?? null, l.download_count])).toEqual(
      before.links.map((l) => [l.id, l.revoked ?? null, l.download_count]),
    );
    const live = after.links.find((l) => l.download_limit === 2);
    expect(live).toBeDefined();

    const file = h.config.databasePath!;
    const db = ConsoleDatabase.open(file, CONSOLE_SCHEMAS);
    const rows = db.sql.all<{ id: string; sealed_secret: string }>(
      'SELECT id, sealed_secret FROM share_links',
    );
    const secrets = rows.map((row) => db.secrets.open(row.sealed_secret, row.id));
    db.close();
    expect(secrets.length).toBeGreaterThan(5);
    const raw = [await readFile(file), await readFile(`${file}-wal`).catch(() => Buffer.alloc(0))]
      .map((b) => b.toString('latin1'))
      .join('');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(8);
      expect(raw).not.toContain(secret);
      for (const body of answers) expect(body).not.toContain(secret);
      for (const line of h.logs) expect(line).not.toContain(secret);
    }
  });
});

describe('external addresses', () => {
  test('links name the public server and console addresses when they are set', async () => {
    const storePort = new URL(h.storeUrl).port;
    // The console talks to the store by another name than the one browsers are given.
    const publicServerUrl = `http://localhost:${storePort}`;
    expect(new URL(h.storeUrl).hostname).not.toBe('localhost');
    const config = {
      ...h.config,
      databasePath: ':memory:',
      publicServerUrl,
      publicConsoleUrl: 'https://files.example.com',
    };
    const app = await buildApp({
      config,
      gateway: createStorageGateway(config.serverUrl, config.region),
      sessions: createSessionStore(config),
    });
    try {
      const who = await loginAs(app, ROOT.accessKey, ROOT.secretKey);
      const direct = await callAs(app, who, 'POST', `/buckets/docs/objects/share?prefix=a.txt&expires=600s`);
      expect(new URL(direct.json()).origin).toBe(publicServerUrl);
      expect(await (await fetch(direct.json())).text()).toBe('alpha');
      const limited = await callAs(
        app,
        who,
        'POST',
        `/buckets/docs/objects/share?prefix=a.txt&download_limit=1`,
      );
      expect(limited.json()).toMatch(/^https:\/\/files\.example\.com\/api\/v1\/share\//);
      const drop = await callAs(app, who, 'POST', '/share-links/drop', {
        bucket: 'docs',
        prefix: '',
        expires_seconds: 600,
        size_limit: 10,
      });
      expect(drop.json().url).toMatch(/^https:\/\/files\.example\.com\/drop\//);
      const form = await app.inject({
        method: 'POST',
        url: `/api/v1/drop/${drop.json().id}/uploads`,
        payload: { name: 'root.txt' },
      });
      expect(new URL(form.json().url).origin).toBe(publicServerUrl);
      // The drop page may post to that address, and nowhere else but the console.
      expect(form.headers['content-security-policy']).toContain(`connect-src 'self' ${publicServerUrl};`);
    } finally {
      await app.close();
    }
  });
});
