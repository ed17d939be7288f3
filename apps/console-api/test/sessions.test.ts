import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  callAs,
  type Harness,
  type LoggedIn,
  loginAs,
  ROOT,
  setCookieNamed,
  startHarness,
} from './harness.js';

// Session hygiene and the cookie's flags: what a stolen, stale or planted session can still do.

const pagesOf = async (h: Harness, who: LoggedIn) => {
  const res = await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: who.cookie } });
  return res.statusCode === 200 ? (res.json().pages as string[]) : res.statusCode;
};

describe('session hygiene', () => {
  let h: Harness;
  let admin: MadminClient;
  beforeAll(async () => {
    h = await startHarness();
    admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.users.add('ada', 'ada-password-1');
    await admin.policies.set(['readonly'], 'ada', false);
  });
  afterAll(async () => h?.close());

  test('logging in again ends the session of the cookie the browser came with', async () => {
    const first = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: ROOT,
      headers: { cookie: first.cookie },
    });
    expect(again.statusCode).toBe(204);
    expect(await pagesOf(h, first)).toBe(401);
    const second = { cookie: setCookieNamed(again, 'token').split(';')[0] ?? '', csrf: '', setCookie: '' };
    expect(await pagesOf(h, second)).toContain('/buckets');
  });

  test("an administrator's new password for a user ends every session of that user", async () => {
    const one = await loginAs(h.app, 'ada', 'ada-password-1');
    const two = await loginAs(h.app, 'ada', 'ada-password-1');
    const root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const res = await callAs(h.app, root, 'POST', '/account/change-user-password', {
      selectedUser: 'ada',
      newSecretKey: 'ada-password-2',
    });
    expect(res.statusCode).toBe(204);
    expect(await pagesOf(h, one)).toBe(401);
    expect(await pagesOf(h, two)).toBe(401);
    expect(await pagesOf(h, root)).toContain('/users');
    await admin.users.add('ada', 'ada-password-1');
  });

  test('changing your own password ends your other sessions and keeps this one', async () => {
    const here = await loginAs(h.app, 'ada', 'ada-password-1');
    const elsewhere = await loginAs(h.app, 'ada', 'ada-password-1');
    const res = await callAs(h.app, here, 'POST', '/account/change-password', {
      current_secret_key: 'ada-password-1',
      new_secret_key: 'ada-password-3',
    });
    expect(res.statusCode).toBe(204);
    const renewed = { ...here, cookie: setCookieNamed(res, 'token').split(';')[0] ?? '' };
    expect(await pagesOf(h, renewed)).toContain('/account');
    expect(await pagesOf(h, here)).toBe(401);
    expect(await pagesOf(h, elsewhere)).toBe(401);
    await admin.users.add('ada', 'ada-password-1');
  });

  test('a policy change made in the console reaches open sessions at their next request', async () => {
    const ada = await loginAs(h.app, 'ada', 'ada-password-1');
    expect(await pagesOf(h, ada)).not.toContain('/users');
    const root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const set = await callAs(h.app, root, 'PUT', '/set-policy', {
      name: ['consoleAdmin'],
      entityName: 'ada',
      entityType: 'user',
    });
    expect(set.statusCode).toBe(204);
    expect(await pagesOf(h, ada)).toContain('/users');
    await admin.policies.set(['readonly'], 'ada', false);
  });
});

describe('rights changed on the server itself', () => {
  let h: Harness;
  let admin: MadminClient;
  beforeAll(async () => {
    // Read again at every request here; the interval itself is held by SessionStore's tests.
    h = await startHarness({ sessionRefreshSeconds: 0 });
    admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.users.add('bob', 'bob-password-1');
    await admin.policies.set(['readonly'], 'bob', false);
  });
  afterAll(async () => h?.close());

  test('a policy mapped with the admin API shows in open sessions without a new login', async () => {
    const bob = await loginAs(h.app, 'bob', 'bob-password-1');
    expect(await pagesOf(h, bob)).not.toContain('/users');
    await admin.policies.set(['consoleAdmin'], 'bob', false);
    expect(await pagesOf(h, bob)).toContain('/users');
    await admin.policies.set(['readonly'], 'bob', false);
    expect(await pagesOf(h, bob)).not.toContain('/users');
  });

  test('a user disabled on the server loses its console session', async () => {
    const bob = await loginAs(h.app, 'bob', 'bob-password-1');
    await admin.users.setStatus('bob', 'disabled');
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/buckets',
      headers: { cookie: bob.cookie },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detailedMessage).toContain('log in again');
    await admin.users.setStatus('bob', 'enabled');
    // the session is gone for good, not only while the user was disabled
    expect(await pagesOf(h, bob)).toBe(401);
  });
});

describe('cookies over TLS and behind proxies', () => {
  const login = (h: Harness, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    h.app.inject({ method: 'POST', url: '/api/v1/login', payload: ROOT, headers, remoteAddress });

  test('--secure-cookies: Secure, __Host- at the root path, and HSTS', async () => {
    const h = await startHarness({ secureCookies: true });
    try {
      const res = await login(h);
      const cookie = setCookieNamed(res, '__Host-token');
      expect(cookie).toMatch(/^__Host-token=[\w-]{43};/);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('Path=/;');
      expect(cookie).not.toContain('Domain');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      const session = await h.app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { cookie: cookie.split(';')[0] ?? '' },
      });
      expect(session.statusCode).toBe(200);
      // a cookie of the unprefixed name (planted over HTTP, say) is not a session here
      const planted = (cookie.split(';')[0] ?? '').replace('__Host-token', 'token');
      expect(
        (await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: planted } }))
          .statusCode,
      ).toBe(401);
    } finally {
      await h.close();
    }
  });

  test('under a base path the cookie keeps its name (the prefix needs Path=/) but is Secure', async () => {
    const h = await startHarness({ secureCookies: true, basePath: '/console' });
    try {
      const res = await h.app.inject({ method: 'POST', url: '/console/api/v1/login', payload: ROOT });
      const cookie = setCookieNamed(res, 'token');
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('Path=/console/');
    } finally {
      await h.close();
    }
  });

  test('plain HTTP: no Secure, no HSTS, and X-Forwarded-Proto is ignored from an untrusted peer', async () => {
    const h = await startHarness();
    try {
      const res = await login(h, { 'x-forwarded-proto': 'https' });
      expect(setCookieNamed(res, 'token')).not.toContain('Secure');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await h.close();
    }
  });

  test('a trusted proxy that says https makes cookies Secure; others are not believed', async () => {
    const h = await startHarness({ trustProxy: ['10.1.2.3'] });
    try {
      const viaProxy = await login(h, { 'x-forwarded-proto': 'https' }, '10.1.2.3');
      const cookie = setCookieNamed(viaProxy, '__Host-token');
      expect(cookie).toContain('Secure');
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
      const session = await h.app.inject({
        method: 'GET',
        url: '/api/v1/session',
        remoteAddress: '10.1.2.3',
        headers: { cookie: cookie.split(';')[0] ?? '', 'x-forwarded-proto': 'https' },
      });
      expect(session.statusCode).toBe(200);
      const direct = await login(h, { 'x-forwarded-proto': 'https' }, '10.9.9.9');
      expect(setCookieNamed(direct, 'token')).not.toContain('Secure');
    } finally {
      await h.close();
    }
  });
});
