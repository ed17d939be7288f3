import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, loginAs, ROOT, startHarness } from './harness.js';

let webRoot: string;
let h: Harness;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'stowage-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), '<html><head><base href="/" /></head><body>app</body></html>');
  await writeFile(join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  await writeFile(join(webRoot, 'favicon.svg'), '<svg/>');
  h = await startHarness({ webRoot, basePath: '/console' });
});
afterAll(async () => {
  await h?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('served under a base path set at run time', () => {
  test('index.html has its <base> rewritten to the base path, for the root and client routes', async () => {
    for (const url of ['/console', '/console/', '/console/buckets', '/console/users/alice']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<base href="/console/" />');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  test('a proxy prefix (X-Forwarded-Prefix) moves <base>; anything but plain path segments is ignored', async () => {
    const get = (prefix: string) =>
      h.app.inject({ method: 'GET', url: '/console/buckets', headers: { 'x-forwarded-prefix': prefix } });
    const proxied = await get('/api/proxy/ns-a/tenant-a');
    expect(proxied.body).toContain('<base href="/api/proxy/ns-a/tenant-a/console/" />');
    expect(proxied.headers.vary).toContain('X-Forwarded-Prefix');
    for (const bad of ['"><script>x</script>', '//evil.example', '/a/../b', 'relative', '/a b', '/a/']) {
      const res = await get(bad);
      expect(res.body, bad).toContain('<base href="/console/" />');
      expect(res.body).not.toContain('script>x');
    }
  });

  test('hashed assets are served with a long cache; other files too', async () => {
    const asset = await h.app.inject({ method: 'GET', url: '/console/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await h.app.inject({ method: 'GET', url: '/console/favicon.svg' })).statusCode).toBe(200);
  });

  test('paths outside the web root never reach the filesystem', async () => {
    for (const url of [
      '/console/../package.json',
      '/console/%2e%2e/%2e%2e/etc/passwd',
      '/console/assets/../../x',
    ]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('root:');
      expect(res.body).not.toContain('"name"');
    }
  });

  test('a malformed path is a 400, not a crash', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/console/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('invalid request');
  });

  test('the API lives under the base path; unknown API paths are JSON 404s', async () => {
    const { cookie } = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey, '/console');
    const session = await h.app.inject({
      method: 'GET',
      url: '/console/api/v1/session',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(200);
    const missing = await h.app.inject({ method: 'GET', url: '/console/api/v1/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: 'not found',
      detailedMessage: 'no route for GET /console/api/v1/nope',
    });
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/login' })).statusCode).toBe(404);
  });

  test('the session cookie is scoped to the base path', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/console/api/v1/login', payload: ROOT });
    expect(String(res.headers['set-cookie'])).toContain('Path=/console/');
  });
});
