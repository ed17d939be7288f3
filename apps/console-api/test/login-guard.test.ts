import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, ROOT, setCookieNamed, startHarness } from './harness.js';

// What an anonymous caller can do to the login: guess passwords (slowed down), and read what a
// failure says about the machines behind the console (nothing).

const WRONG = { secretKey: 'not-the-password' };

describe('password guessing is slowed down', () => {
  let h: Harness;
  beforeAll(async () => {
    // Waits long enough that no test outlives one, so nothing here depends on timing.
    h = await startHarness({
      rootAccessKey: ROOT.accessKey,
      loginThrottle: { perUser: 3, perAddress: 6, firstWaitMs: 10 * 60_000 },
    });
  });
  afterAll(async () => h?.close());

  const login = (accessKey: string, secretKey: string, remoteAddress: string) =>
    h.app.inject({ method: 'POST', url: '/api/v1/login', payload: { accessKey, secretKey }, remoteAddress });

  test('after a few wrong passwords for a name, even the right one waits: 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(ROOT.accessKey, WRONG.secretKey, `198.51.100.${i}`)).statusCode).toBe(401);
    const res = await login(ROOT.accessKey, ROOT.secretKey, '198.51.100.50');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'too many failed logins',
      detailedMessage: expect.stringMatching(/^wait \d+ s before logging in again$/),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    expect(setCookieNamed(res, 'token')).toBe('');
    // every failure is logged with its address and name, never the password typed
    const failures = h.logs.filter((l) => l.includes('console login failed'));
    expect(failures.length).toBe(3);
    expect(failures[0]).toContain('198.51.100.0');
    expect(failures[0]).toContain(ROOT.accessKey);
    expect(h.logs.join('\n')).not.toContain(WRONG.secretKey);
  });

  test('root is never locked out from loopback, whatever the guesses from elsewhere', async () => {
    for (let i = 0; i < 5; i++) await login(ROOT.accessKey, WRONG.secretKey, '127.0.0.1');
    const res = await login(ROOT.accessKey, ROOT.secretKey, '127.0.0.1');
    expect(res.statusCode).toBe(204);
  });

  test('one address guessing at many names is held back, other addresses are not', async () => {
    for (let i = 0; i < 6; i++) await login(`guess${i}`, WRONG.secretKey, '203.0.113.66');
    expect((await login('someone', WRONG.secretKey, '203.0.113.66')).statusCode).toBe(429);
    expect((await login('someone', WRONG.secretKey, '203.0.113.67')).statusCode).toBe(401);
  });

  test('X-Forwarded-For from an untrusted peer does not give a guesser fresh addresses', async () => {
    for (let i = 0; i < 6; i++)
      await h.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { accessKey: `name${i}`, ...WRONG },
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { accessKey: 'other', ...WRONG },
      remoteAddress: '192.0.2.44',
      headers: { 'x-forwarded-for': '10.0.0.200' },
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('the storage server holds logins back too', () => {
  // The console's own limits are set out of the way, to see the store's.
  const consoleLimits = { loginThrottle: { perUser: 1000, perAddress: 1000 } };
  const storeLimits = {
    identity: { throttle: { failuresPerName: 3, failuresPerAddress: 4, backoffMs: 10 * 60_000 } },
  };

  test("its SlowDown for a name is the console's 429, with the server's Retry-After", async () => {
    const h = await startHarness(consoleLimits, storeLimits);
    try {
      const login = (secretKey: string) =>
        h.app.inject({ method: 'POST', url: '/api/v1/login', payload: { accessKey: 'carol', secretKey } });
      await new MadminClient({ endpoint: h.storeUrl, credentials: ROOT }).users.add('carol', 'carol-secret');
      for (let i = 0; i < 3; i++) expect((await login(WRONG.secretKey)).statusCode).toBe(401);
      const held = await login('carol-secret');
      expect(held.statusCode).toBe(429);
      expect(held.json().message).toBe('too many failed logins');
      expect(Number(held.headers['retry-after'])).toBe(600);
    } finally {
      await h.close();
    }
  });

  test("a store that trusts the console counts each browser's failures, not all against the console", async () => {
    // As `stowage start` wires them: the store believes the console by a token, not an address.
    const relay = 'relay-token-of-this-run';
    const h = await startHarness(
      { ...consoleLimits, storageRelayToken: relay },
      { ...storeLimits, relayToken: relay },
    );
    try {
      await new MadminClient({ endpoint: h.storeUrl, credentials: ROOT }).users.add('dave', 'dave-secret');
      // One browser guesses at four names: the store holds that browser back, nobody else.
      for (let i = 0; i < 4; i++)
        await h.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { accessKey: `guess${i}`, ...WRONG },
          remoteAddress: '203.0.113.80',
        });
      const from = (remoteAddress: string) =>
        h.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { accessKey: 'dave', secretKey: 'dave-secret' },
          remoteAddress,
        });
      expect((await from('198.51.100.81')).statusCode).toBe(204);
      expect((await from('203.0.113.80')).statusCode).toBe(429);
    } finally {
      await h.close();
    }
  });
});

describe('failures before login name no address', () => {
  test('a storage server that cannot be reached: 503 without its address; the log has it', async () => {
    const down = await startHarness({ serverUrl: 'http://127.0.0.1:9' });
    try {
      const res = await down.app.inject({ method: 'POST', url: '/api/v1/login', payload: ROOT });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('the storage server cannot be reached');
      expect(res.body).not.toMatch(/127\.0\.0\.1|:9\b|ECONNREFUSED/);
      expect(down.logs.join('\n')).toMatch(/ECONNREFUSED|fetch failed/);
    } finally {
      await down.close();
    }
  });

  test("a directory the server cannot reach: the server's message (with its address) stays in the log", async () => {
    const h = await startHarness({ ldap: true });
    try {
      await new MadminClient({ endpoint: h.storeUrl, credentials: ROOT }).config.setKV(
        'identity_ldap server_addr=127.0.0.1:9 server_insecure=on lookup_bind_dn="cn=admin,dc=x" lookup_bind_password=secret user_dn_search_base_dn="dc=x" user_dn_search_filter=(uid=%s)',
      );
      await h.restartStore();
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { accessKey: 'ada', secretKey: 'ada-password' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(Object.keys(res.json()).sort()).toEqual(['detailedMessage', 'message']);
      expect(res.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|LDAP/);
      expect(h.logs.join('\n')).toMatch(/ECONNREFUSED/);
    } finally {
      await h.close();
    }
  });

  test('an identity provider that cannot be reached: 503 without its address', async () => {
    const h = await startHarness({
      openId: {
        configUrl: 'http://127.0.0.1:9/realms/x',
        clientId: 'console',
        callbackUrl: 'http://127.0.0.1:9090/oauth_callback',
        scopes: ['openid'],
      },
    });
    try {
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/login' });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toMatch(/127\.0\.0\.1|realms|fetch failed/);
    } finally {
      await h.close();
    }
  });
});
