import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StoreHandle, startStore } from '@stowage/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_CONFIG } from '../src/config.js';
import { buildDeployments, type DeploymentsConsole } from '../src/deployments/serve.js';
import { ROOT, storeS3 } from './harness.js';

// Two real stores, one console serving both: `alpha` (the root deployment, at /) and `bravo`
// (a listed one, at /d/bravo/). Every call goes over real HTTP, cookies as a browser keeps them.
let dir: string;
let stores: StoreHandle[];
let served: DeploymentsConsole;
let origin: string;

/** A browser's cookie jar, enough for these cookies: all at path /, replaced by name. */
class Browser {
  readonly cookies = new Map<string, string>();
  csrf = new Map<string, string>();

  async call(method: string, path: string, body?: unknown, base = ''): Promise<Response> {
    const headers: Record<string, string> = {};
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = this.csrf.get(base);
    if (method !== 'GET' && token) headers['x-csrf-token'] = token;
    const res = await fetch(`${origin}${base}/api/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      expect(attributes.map((a) => a.trim())).toContain('Path=/');
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async login(base: string, credentials = ROOT): Promise<void> {
    const res = await this.call('POST', '/login', credentials, base);
    expect(res.status).toBe(204);
    const session = await this.call('GET', '/session', undefined, base);
    this.csrf.set(base, ((await session.json()) as { csrfToken: string }).csrfToken);
  }

  async deployments(base = '') {
    const res = await this.call('GET', '/deployments', undefined, base);
    return ((await res.json()) as { deployments: Record<string, unknown>[] }).deployments;
  }
}

const loggedIn = async (browser: Browser, base = '') =>
  Object.fromEntries((await browser.deployments(base)).map((d) => [d.id, d.loggedIn]));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-deployments-'));
  stores = [];
  for (const name of ['a', 'b']) {
    const drives = [1, 2, 3, 4].map((i) => join(dir, name, `d${i}`));
    stores.push(await startStore({ drives, port: 0, rootCredentials: ROOT }));
  }
  const [alpha, bravo] = stores as [StoreHandle, StoreHandle];
  served = await buildDeployments({
    config: { ...DEFAULT_CONFIG, serverUrl: alpha.url, databasePath: join(dir, 'console.sqlite') },
    root: { id: 'alpha', name: 'Alpha' },
    others: [{ id: 'bravo', name: 'Bravo', serverUrl: bravo.url }],
  });
  await new Promise<void>((resolve) => served.server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const address = served.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await served?.close();
  await Promise.all((stores ?? []).map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('several deployments in one console', () => {
  it('lists the deployments with no address, region or account, and which one a page belongs to', async () => {
    const browser = new Browser();
    const list = await browser.deployments('/d/bravo');
    expect(list).toEqual([
      { id: 'alpha', name: 'Alpha', path: '/', current: false, loggedIn: false },
      { id: 'bravo', name: 'Bravo', path: '/d/bravo/', current: true, loggedIn: false },
    ]);
    expect(JSON.stringify(list)).not.toMatch(/127\.0\.0\.1|http|us-east-1/);
    expect((await browser.deployments()).find((d) => d.current)?.id).toBe('alpha');
  });

  it('logging into one deployment does not log into the other; each has its own cookie', async () => {
    const browser = new Browser();
    await browser.login('');
    expect([...browser.cookies.keys()]).toEqual(['token']);
    expect(await loggedIn(browser)).toEqual({ alpha: true, bravo: false });
    expect((await browser.call('GET', '/session', undefined, '/d/bravo')).status).toBe(401);

    await browser.login('/d/bravo');
    expect([...browser.cookies.keys()].sort()).toEqual(['token', 'token-bravo']);
    expect(await loggedIn(browser, '/d/bravo')).toEqual({ alpha: true, bravo: true });
  });

  it("refuses one deployment's session cookie at the other", async () => {
    const browser = new Browser();
    await browser.login('');
    const alphaSession = browser.cookies.get('token') as string;
    const thief = new Browser();
    thief.cookies.set('token-bravo', alphaSession);
    expect((await thief.call('GET', '/session', undefined, '/d/bravo')).status).toBe(401);
    expect((await thief.call('GET', '/buckets', undefined, '/d/bravo')).status).toBe(401);
    expect(await loggedIn(thief)).toEqual({ alpha: false, bravo: false });
  });

  it('logging out of one deployment leaves the other logged in', async () => {
    const browser = new Browser();
    await browser.login('');
    await browser.login('/d/bravo');
    expect((await browser.call('POST', '/logout', undefined, '')).status).toBe(204);
    expect(await loggedIn(browser, '/d/bravo')).toEqual({ alpha: false, bravo: true });
    expect((await browser.call('GET', '/session', undefined, '')).status).toBe(401);
    expect((await browser.call('GET', '/buckets', undefined, '/d/bravo')).status).toBe(200);

    await browser.login('');
    expect((await browser.call('POST', '/logout', undefined, '/d/bravo')).status).toBe(204);
    expect(await loggedIn(browser)).toEqual({ alpha: true, bravo: false });
  });

  it("reaches each deployment's own store: a bucket made in one is not in the other", async () => {
    const browser = new Browser();
    await browser.login('');
    await browser.login('/d/bravo');
    expect((await browser.call('POST', '/buckets', { name: 'only-in-bravo' }, '/d/bravo')).status).toBe(201);
    const names = async (base: string) => {
      const res = await browser.call('GET', '/buckets', undefined, base);
      return ((await res.json()) as { buckets: { name: string }[] }).buckets.map((b) => b.name);
    };
    expect(await names('/d/bravo')).toContain('only-in-bravo');
    expect(await names('')).not.toContain('only-in-bravo');
    const [alpha, bravo] = stores as [StoreHandle, StoreHandle];
    expect(await storeS3(bravo.url).bucketExists('only-in-bravo')).toBe(true);
    expect(await storeS3(alpha.url).bucketExists('only-in-bravo')).toBe(false);
  });

  it('opens a live stream on the deployment whose path it is called under, with its session', async () => {
    const browser = new Browser();
    await browser.login('/d/bravo');
    const headers = { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin };
    const connect = (base: string) => {
      const ws = new WebSocket(`${origin.replace('http', 'ws')}${base}/ws/trace`, { headers });
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
      );
      return { ws, closed };
    };
    // Bravo's trace shows a call made to bravo's store.
    const bravo = connect('/d/bravo');
    const frame = new Promise<string>((resolve) => bravo.ws.once('message', (data) => resolve(String(data))));
    await new Promise((resolve) => bravo.ws.once('open', resolve));
    const [, bravoStore] = stores as [StoreHandle, StoreHandle];
    await storeS3(bravoStore.url).bucketExists('traced-on-bravo');
    expect(await frame).toContain('traced-on-bravo');
    bravo.ws.close();
    // The same browser has no session at the root deployment: refused there.
    const root = connect('');
    expect((await root.closed).code).toBe(1008);
  });

  it("under the console's base path: each deployment below it, cookies at it", async () => {
    const [alpha, bravo] = stores as [StoreHandle, StoreHandle];
    const underPath = await buildDeployments({
      config: { ...DEFAULT_CONFIG, serverUrl: alpha.url, basePath: '/console' },
      root: { id: 'alpha', name: 'Alpha' },
      others: [{ id: 'bravo', name: 'Bravo', serverUrl: bravo.url }],
    });
    try {
      await new Promise<void>((resolve) => underPath.server.listen({ host: '127.0.0.1', port: 0 }, resolve));
      const address = underPath.server.address();
      const at = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const list = await fetch(`${at}/console/d/bravo/api/v1/deployments`);
      expect(
        ((await list.json()) as { deployments: { path: string; current: boolean }[] }).deployments,
      ).toEqual([
        expect.objectContaining({ path: '/console/', current: false }),
        expect.objectContaining({ path: '/console/d/bravo/', current: true }),
      ]);
      const login = await fetch(`${at}/console/d/bravo/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ROOT),
      });
      expect(login.status).toBe(204);
      expect(login.headers.getSetCookie()[0]).toMatch(/^token-bravo=[^;]+;.*Path=\/console\//);
      // Outside the console's path nothing answers for a deployment.
      expect((await fetch(`${at}/d/bravo/api/v1/deployments`)).status).toBe(404);
    } finally {
      await underPath.close();
    }
  });
});
