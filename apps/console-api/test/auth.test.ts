import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, loginAs, ROOT, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('GET /api/v1/login', () => {
  test('offers the form strategy', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/login' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loginStrategy: 'form' });
  });
});

describe('POST /api/v1/login', () => {
  test('root credentials: 204 and an HttpOnly, SameSite session cookie', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/login', payload: ROOT });
    expect(res.statusCode).toBe(204);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^token=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
  });

  test('the cookie is Secure when the console is served over TLS', async () => {
    const tls = await startHarness({ secureCookies: true });
    try {
      const res = await tls.app.inject({ method: 'POST', url: '/api/v1/login', payload: ROOT });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await tls.close();
    }
  });

  test('a wrong secret is 401 invalid Login with the server message as detail', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { ...ROOT, secretKey: 'wrong-secret-key' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('invalid Login');
    expect(res.json().detailedMessage).toMatch(/signature/i);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('an unknown access key is 401', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { accessKey: 'nobody', secretKey: 'whatever1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('invalid Login');
  });

  test.each([
    ['missing field', { accessKey: 'a' }],
    ['empty key', { accessKey: '', secretKey: 'x' }],
    ['extra field', { ...ROOT, admin: true }],
    ['wrong type', { accessKey: 1, secretKey: 2 }],
  ])('bad input (%s) is 400 {message, detailedMessage}', async (_name, payload) => {
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/login', payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['detailedMessage', 'message']);
  });

  test('malformed JSON and a form-encoded body (a cross-site form post) are rejected', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"accessKey":',
    });
    expect(bad.statusCode).toBe(400);
    const form = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'accessKey=a&secretKey=b',
    });
    expect(form.statusCode).toBe(415);
  });

  test('a storage server that cannot be reached is 503, not a crash', async () => {
    const down = await startHarness({ serverUrl: 'http://127.0.0.1:9' });
    try {
      const res = await down.app.inject({ method: 'POST', url: '/api/v1/login', payload: ROOT });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('the storage server cannot be reached');
    } finally {
      await down.close();
    }
  });
});

describe('GET /api/v1/session', () => {
  test('root sees every console page, its key, and a CSRF token', async () => {
    const { cookie } = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', operator: false, features: [], accessKey: ROOT.accessKey });
    expect(body.pages).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/buckets',
        '/users',
        '/groups',
        '/policies',
        '/settings',
        '/account',
      ]),
    );
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(typeof body.distributedMode).toBe('boolean');
  });

  test('no cookie or an unknown one is 401', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(401);
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: 'token=forged' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid session', detailedMessage: '' });
  });
});

describe('POST /api/v1/logout', () => {
  test('revokes the session at once and clears the cookie', async () => {
    const { cookie, csrf } = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/token=;.*Expires=Thu, 01 Jan 1970/);
    const after = await h.app.inject({ method: 'GET', url: '/api/v1/buckets', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  test('without the CSRF token (or with another session’s) it is refused and the session lives', async () => {
    const a = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const b = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const none = await h.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { cookie: a.cookie } });
    expect(none.statusCode).toBe(403);
    const other = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie: a.cookie, 'x-csrf-token': b.csrf },
    });
    expect(other.statusCode).toBe(403);
    const still = await h.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: a.cookie },
    });
    expect(still.statusCode).toBe(200);
  });

  test('without a session it is 401', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/v1/logout' })).statusCode).toBe(401);
  });
});

test('secrets never reach the logs', async () => {
  const { csrf } = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  await h.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { ...ROOT, secretKey: 'wrong-secret-key' },
  });
  const text = h.logs.join('\n');
  expect(text.length).toBeGreaterThan(0);
  expect(text).not.toContain(ROOT.secretKey);
  expect(text).not.toContain('wrong-secret-key');
  expect(text).not.toContain(csrf);
  expect(text).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
});
