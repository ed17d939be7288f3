import { assumeRole, MadminClient } from '@stowage/madmin';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type OpenIdProvider,
  startOpenIdProvider,
} from '@stowage/test-support/peers/openid-provider';
import {
  ADMIN_DN,
  ADMIN_PASSWORD,
  BASE,
  type LdapServer,
  startSlapd,
} from '@stowage/test-support/peers/slapd';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OpenIdLogin } from '../src/session/openid-login.js';
import {
  callAs,
  type Harness,
  type LoggedIn,
  loginAs,
  ROOT,
  setCookieNamed,
  startHarness,
  storeS3,
} from './harness.js';

// The two logins besides the server's own users, each against a real peer: LDAP through the
// same form (Debian's slapd), and single sign-on with an OpenID provider (oidc-provider)
// through the authorization-code flow with PKCE, as a browser would walk it.

const sessionOf = async (h: Harness, who: LoggedIn) =>
  (await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: who.cookie } })).json();

describe('LDAP through the login form', () => {
  let ldap: LdapServer;
  let h: Harness;
  beforeAll(async () => {
    ldap = await startSlapd(
      [
        { uid: 'ada', password: 'ada-ldap-pass' },
        { uid: 'bob', password: 'bob-ldap-pass' },
      ],
      [{ cn: 'admins', members: ['bob'] }],
    );
    h = await startHarness({ ldap: true });
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.config.setKV(
      `identity_ldap server_addr=${ldap.address} server_insecure=on lookup_bind_dn="${ADMIN_DN}" lookup_bind_password=${ADMIN_PASSWORD} user_dn_search_base_dn="ou=people,${BASE}" user_dn_search_filter=(uid=%s) group_search_base_dn="ou=groups,${BASE}" group_search_filter=(&(objectclass=groupOfNames)(member=%d))`,
    );
    await h.restartStore();
    const root = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await root.policies.set(['readonly'], `uid=ada,ou=people,${BASE}`, false);
    await root.policies.set(['consoleAdmin'], `cn=admins,ou=groups,${BASE}`, true);
    await storeS3(h.storeUrl).makeBucket('directory');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await ldap?.close();
  });

  test('the strategy stays the form; a directory user logs in with its name and password', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/login' })).json()).toEqual({
      loginStrategy: 'form',
    });
    const ada = await loginAs(h.app, 'ada', 'ada-ldap-pass');
    const session = await sessionOf(h, ada);
    expect(session.accessKey).toBe(`uid=ada,ou=people,${BASE}`);
    // readonly (GetObject, GetBucketLocation) opens no admin page; the server refuses the rest.
    expect(session.pages).toEqual(['/account', '/share-links', '/license']);
    expect((await callAs(h.app, ada, 'POST', '/buckets', { name: 'by-ada' })).statusCode).toBe(403);
  });

  test('users, groups and password change are hidden even for a directory administrator', async () => {
    const bob = await loginAs(h.app, 'bob', 'bob-ldap-pass');
    const { pages } = await sessionOf(h, bob);
    expect(pages).toContain('/settings');
    expect(pages).toContain('/policies');
    const list = await callAs(h.app, bob, 'GET', '/buckets');
    expect(list.json().buckets.map((b: { name: string }) => b.name)).toEqual(['directory']);
    for (const hidden of ['/users', '/users/:userName', '/groups', '/account/change-password'])
      expect(pages).not.toContain(hidden);
    const change = await callAs(h.app, bob, 'POST', '/account/change-password', {
      current_secret_key: 'bob-ldap-pass',
      new_secret_key: 'another-password',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().detailedMessage).toContain('changed at its source');
  });

  test('a wrong password, an unknown user and the root keys are refused as invalid logins', async () => {
    for (const [accessKey, secretKey] of [
      ['ada', 'not-her-password'],
      ['nobody', 'whatever-pass'],
      [ROOT.accessKey, ROOT.secretKey],
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { accessKey, secretKey },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('invalid Login');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(h.logs.join('\n')).not.toContain('ada-ldap-pass');
  });

  test('guesses at one directory user count together however its name is spelled', async () => {
    const spellings = ['bob', 'Bob', ' BOB ', 'bOb', 'bob  '];
    const answers: number[] = [];
    for (const accessKey of spellings) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { accessKey, secretKey: 'not-his-password' },
        remoteAddress: `198.51.100.${answers.length}`,
      });
      answers.push(res.statusCode);
    }
    // five free failures per name: the sixth spelling waits
    const sixth = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { accessKey: 'BoB', secretKey: 'bob-ldap-pass' },
      remoteAddress: '198.51.100.77',
    });
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    expect(sixth.statusCode).toBe(429);
    // the console's own first wait (a second), not the store's minute behind it
    expect(sixth.headers['retry-after']).toBe('1');
  });
});

const BROWSER = 'b'.repeat(43);

describe('single sign-on (OpenID Connect, authorization code with PKCE)', () => {
  const CALLBACK = 'http://127.0.0.1:9090/oauth_callback';
  let idp: OpenIdProvider;
  let h: Harness;
  beforeAll(async () => {
    idp = await startOpenIdProvider(
      { olga: 'readonly', carl: 'consoleAdmin', nadia: '' },
      { redirectUri: CALLBACK, pkceRequired: true },
    );
    h = await startHarness({
      openId: {
        configUrl: idp.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        callbackUrl: CALLBACK,
        scopes: ['openid', 'policies'],
      },
    });
    await new MadminClient({ endpoint: h.storeUrl, credentials: ROOT }).config.setKV(
      `identity_openid config_url=${idp.issuer}/.well-known/openid-configuration client_id=${CLIENT_ID} client_secret=${CLIENT_SECRET} claim_name=policy`,
    );
    await h.restartStore();
    await storeS3(h.storeUrl).makeBucket('sso');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await idp?.close();
  });

  // The tests act as one browser, which keeps the login cookie the login page hands it.
  const browser = { cookie: '' };
  const redirect = async (as = browser) => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/login',
      ...(as.cookie ? { headers: { cookie: as.cookie } } : {}),
    });
    expect(res.json().loginStrategy).toBe('redirect');
    const set = String(res.headers['set-cookie'] ?? '');
    expect(set).toMatch(/^login=[\w-]{43};.*HttpOnly.*SameSite=Strict/);
    as.cookie = set.split(';')[0] ?? '';
    return String(res.json().redirect);
  };
  const callback = (code: string | null, state: string | null, as = browser) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/login/oauth2/auth',
      payload: { code, state },
      headers: as.cookie ? { cookie: as.cookie } : {},
    });

  test('the login page points at the provider with state, nonce and an S256 challenge', async () => {
    const url = new URL(await redirect());
    expect(url.origin).toBe(idp.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')).toBe('openid policies');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{43}$/);
    // each visit starts its own login
    expect(new URL(await redirect()).searchParams.get('state')).not.toBe(q.get('state'));
  });

  test('the callback trades the code for a session with the policies the token names', async () => {
    const back = await idp.authorize('olga', await redirect());
    expect(back.origin + back.pathname).toBe(CALLBACK);
    const res = await callback(back.searchParams.get('code'), back.searchParams.get('state'));
    expect(res.statusCode).toBe(200);
    const cookie = setCookieNamed(res, 'token');
    expect(cookie).toMatch(/HttpOnly/i);
    const olga: LoggedIn = {
      cookie: cookie.split(';')[0] ?? '',
      csrf: res.json().sessionId,
      setCookie: cookie,
    };
    const session = await sessionOf(h, olga);
    expect(session.csrfToken).toBe(res.json().sessionId);
    expect(session.accessKey).toBe('olga');
    expect(session.pages).toEqual(['/account', '/share-links', '/license']);
    expect((await callAs(h.app, olga, 'POST', '/buckets', { name: 'by-olga' })).statusCode).toBe(403);
    // The administrator's token names consoleAdmin: the users page shows (SSO is not LDAP).
    const carlBack = await idp.authorize('carl', await redirect());
    const carl = await callback(carlBack.searchParams.get('code'), carlBack.searchParams.get('state'));
    const carlCookie = setCookieNamed(carl, 'token').split(';')[0] ?? '';
    const carlSession: LoggedIn = { cookie: carlCookie, csrf: carl.json().sessionId, setCookie: '' };
    const carlPages = (await sessionOf(h, carlSession)).pages;
    expect(carlPages).toContain('/users');
    expect(carlPages).not.toContain('/account/change-password');
    const list = await callAs(h.app, carlSession, 'GET', '/buckets');
    expect(list.json().buckets.map((b: { name: string }) => b.name)).toEqual(['sso']);
  });

  test('a state is good once, and only with the code issued for it', async () => {
    const first = await idp.authorize('olga', await redirect());
    const second = await idp.authorize('olga', await redirect());
    // another login's code under this login's state: the PKCE verifier does not match
    const crossed = await callback(second.searchParams.get('code'), first.searchParams.get('state'));
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().detailedMessage).toMatch(/invalid_grant/);
    // that state is now spent, even with its own code
    const replay = await callback(first.searchParams.get('code'), first.searchParams.get('state'));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detailedMessage).toContain('log in again');
    expect((await callback('made-up-code', 'made-up-state')).statusCode).toBe(401);
  });

  test('a callback only finishes a login in the browser that started it (login CSRF)', async () => {
    // The attacker starts a login in their own browser and signs in at the provider as
    // themselves, then sends the victim the callback address (code and state).
    const attacker = { cookie: '' };
    const back = await idp.authorize('carl', await redirect(attacker));
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    // The victim's browser has no login cookie, or its own from a login page it opened.
    const none = await callback(code, state, { cookie: '' });
    expect(none.statusCode).toBe(401);
    expect(none.json().detailedMessage).toContain('another browser');
    expect(setCookieNamed(none, 'token')).toBe('');
    const victim = { cookie: '' };
    await redirect(victim);
    const other = await idp.authorize('carl', await redirect(attacker));
    const crossed = await callback(other.searchParams.get('code'), other.searchParams.get('state'), victim);
    expect(crossed.statusCode).toBe(401);
    expect(setCookieNamed(crossed, 'token')).toBe('');
    // A refused state is spent: the attacker cannot finish it afterwards either.
    expect((await callback(code, state, attacker)).statusCode).toBe(401);
    // The browser that started a login finishes it.
    const own = await idp.authorize('carl', await redirect(attacker));
    const ok = await callback(own.searchParams.get('code'), own.searchParams.get('state'), attacker);
    expect(ok.statusCode).toBe(200);
    expect(setCookieNamed(ok, 'token')).toMatch(/^token=/);
  });

  test('one address holds at most twenty pending logins; other addresses keep theirs', async () => {
    const config = { configUrl: idp.issuer, clientId: CLIENT_ID, callbackUrl: CALLBACK, scopes: ['openid'] };
    const login = new OpenIdLogin({ ...config, clientSecret: CLIENT_SECRET });
    const mine = await login.authorizeUrl(BROWSER, '198.51.100.7');
    const states: string[] = [];
    for (let i = 0; i < 30; i++)
      states.push(new URL(await login.authorizeUrl(BROWSER, '203.0.113.9')).searchParams.get('state') ?? '');
    expect(login.pendingFrom('203.0.113.9')).toBe(20);
    expect(login.pendingFrom('198.51.100.7')).toBe(1);
    expect(login.pendingCount).toBe(21);
    // the flooding address lost its own oldest logins, not the other address's
    await expect(login.idToken('code', states[0] ?? '', BROWSER)).rejects.toMatchObject({
      detailedMessage: expect.stringContaining('expired or was not started here'),
    });
    const back = await idp.authorize('olga', mine);
    await expect(
      login.idToken(back.searchParams.get('code') ?? '', back.searchParams.get('state') ?? '', BROWSER),
    ).resolves.toMatch(/^ey/);
  });

  test('a user whose token names no policy gets no session; bad input is a 400', async () => {
    const back = await idp.authorize('nadia', await redirect());
    const res = await callback(back.searchParams.get('code'), back.searchParams.get('state'));
    expect(res.statusCode).toBe(401);
    expect(setCookieNamed(res, 'token')).toBe('');
    const empty = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login/oauth2/auth',
      payload: { code: '', state: 'x' },
    });
    expect(empty.statusCode).toBe(400);
    expect(h.logs.join('\n')).not.toContain(CLIENT_SECRET);
  });

  test('a login left at the provider for over ten minutes is refused; an unreachable provider is a 503', async () => {
    let now = 0;
    const config = { configUrl: idp.issuer, clientId: CLIENT_ID, callbackUrl: CALLBACK, scopes: ['openid'] };
    const login = new OpenIdLogin({ ...config, clientSecret: CLIENT_SECRET }, fetch, () => now);
    const back = await idp.authorize('olga', await login.authorizeUrl(BROWSER, '127.0.0.1'));
    now += 10 * 60_000 + 1;
    await expect(
      login.idToken(back.searchParams.get('code') ?? '', back.searchParams.get('state') ?? '', BROWSER),
    ).rejects.toMatchObject({ code: 'invalidLogin' });
    expect(login.pendingCount).toBe(0);
    const down = new OpenIdLogin({ ...config, configUrl: 'http://127.0.0.1:9' });
    await expect(down.authorizeUrl(BROWSER, '127.0.0.1')).rejects.toMatchObject({
      code: 'backendUnreachable',
      status: 503,
    });
  });

  test('a console without single sign-on refuses the callback', async () => {
    const plain = await startHarness();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/login/oauth2/auth',
        payload: { code: 'c', state: 's' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detailedMessage).toContain('not configured');
    } finally {
      await plain.close();
    }
  });
});

describe('temporary credentials through the login form (sts)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  test('STS keys with their session token log in as they are; a forged token is an invalid login', async () => {
    const temporary = await assumeRole({ endpoint: h.storeUrl, credentials: ROOT, durationSeconds: 900 });
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: {
        accessKey: temporary.accessKey,
        secretKey: temporary.secretKey,
        sts: temporary.sessionToken,
      },
    });
    expect(login.statusCode).toBe(204);
    const cookie = setCookieNamed(login, 'token').split(';')[0] ?? '';
    const buckets = await h.app.inject({ method: 'GET', url: '/api/v1/buckets', headers: { cookie } });
    expect(buckets.statusCode).toBe(200);
    const session = await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);

    const forged = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: {
        accessKey: temporary.accessKey,
        secretKey: temporary.secretKey,
        sts: `${temporary.sessionToken}x`,
      },
    });
    expect(forged.statusCode).toBe(401);
    const empty = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { accessKey: temporary.accessKey, secretKey: temporary.secretKey, sts: '' },
    });
    expect(empty.statusCode).toBe(400);
  });
});
