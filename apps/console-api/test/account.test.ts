import { MadminClient } from '@stowage/madmin';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness } from './harness.js';

// Service accounts and passwords through the console API, against a real store. What the
// console creates is checked with a real admin client signed by the new credentials.

let h: Harness;
let root: LoggedIn;
const call = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: unknown) =>
  callAs(h.app, who, method, url, payload);
const adminAs = (accessKey: string, secretKey: string) =>
  new MadminClient({ endpoint: h.storeUrl, credentials: { accessKey, secretKey } });

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  for (const [name, policy] of [
    ['carol', 'readwrite'],
    ['dave', undefined],
  ] as const) {
    const res = await call(root, 'POST', '/users', {
      accessKey: name,
      secretKey: `${name}-secret-1`,
      groups: [],
      ...(policy ? { policies: [policy] } : {}),
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => h?.close());

describe('own service accounts', () => {
  test('create with generated and with chosen keys, list, use and delete', async () => {
    const carol = await loginAs(h.app, 'carol', 'carol-secret-1');
    const generated = await call(carol, 'POST', '/service-accounts', {});
    expect(generated.statusCode).toBe(201);
    const keys = generated.json();
    expect(keys.accessKey).toMatch(/^[0-9A-Z]{20}$/);
    expect(keys.secretKey.length).toBe(40);

    const chosen = await call(carol, 'POST', '/service-account-credentials', {
      accessKey: 'carol-ci',
      secretKey: 'carol-ci-secret',
      policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::*'] }],
      }),
    });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json()).toEqual({ accessKey: 'carol-ci', secretKey: 'carol-ci-secret' });
    const taken = await call(carol, 'POST', '/service-account-credentials', {
      accessKey: 'carol-ci',
      secretKey: 'carol-ci-secret',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detailedMessage).toContain('carol-ci');

    const list = await call(carol, 'GET', '/service-accounts');
    expect(list.json()).toEqual([keys.accessKey, 'carol-ci'].sort());

    // The keys work, with the policy given: the account's info names carol as parent.
    const info = await adminAs(ROOT.accessKey, ROOT.secretKey).serviceAccounts.info('carol-ci');
    expect(info.parentUser).toBe('carol');
    expect(info.impliedPolicy).toBe(false);
    expect(JSON.parse(info.policy).Statement[0].Action).toEqual(['s3:GetObject']);
    await expect(adminAs(keys.accessKey, keys.secretKey).accountInfo()).resolves.toMatchObject({
      AccountName: 'carol',
    });

    expect((await call(carol, 'DELETE', `/service-accounts/${keys.accessKey}`)).statusCode).toBe(204);
    expect((await call(carol, 'DELETE', `/service-accounts/${keys.accessKey}`)).statusCode).toBe(404);
    expect((await call(carol, 'GET', '/service-accounts')).json()).toEqual(['carol-ci']);
  });

  test('a policy that is not a JSON object, or keys out of bounds, are refused', async () => {
    const bad = await call(root, 'POST', '/service-accounts', { policy: '{"Version": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('the policy is not valid JSON');
    const array = await call(root, 'POST', '/service-accounts', { policy: '[]' });
    expect(array.statusCode).toBe(400);
    const short = await call(root, 'POST', '/service-account-credentials', {
      accessKey: 'ab',
      secretKey: 'long-enough-1',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().detailedMessage).toMatch(/^body\/accessKey/);
    const shortSecret = await call(root, 'POST', '/service-account-credentials', {
      accessKey: 'abc',
      secretKey: 'seven77',
    });
    expect(shortSecret.statusCode).toBe(400);
    expect((await call(root, 'GET', '/service-accounts')).json()).toEqual([]);
  });
});

describe("another user's service accounts", () => {
  test('need the user to have a policy, then list under the user', async () => {
    const refused = await call(root, 'POST', '/user/dave/service-accounts', {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('has no policy');

    expect(
      (await call(root, 'PUT', '/set-policy', { name: ['readonly'], entityName: 'dave', entityType: 'user' }))
        .statusCode,
    ).toBe(204);
    const created = await call(root, 'POST', '/user/dave/service-accounts', {});
    expect(created.statusCode).toBe(201);
    const chosen = await call(root, 'POST', '/user/dave/service-account-credentials', {
      accessKey: 'dave-key',
      secretKey: 'dave-key-secret',
    });
    expect(chosen.statusCode).toBe(201);
    const list = await call(root, 'GET', '/user/dave/service-accounts');
    expect(list.json()).toEqual([created.json().accessKey, 'dave-key'].sort());

    expect((await call(root, 'GET', '/user/nobody/service-accounts')).statusCode).toBe(404);
    expect((await call(root, 'POST', '/user/nobody/service-accounts', {})).statusCode).toBe(404);
  });

  test('a user without admin rights cannot see or create them', async () => {
    const carol = await loginAs(h.app, 'carol', 'carol-secret-1');
    expect((await call(carol, 'GET', '/user/dave/service-accounts')).statusCode).toBe(403);
    expect((await call(carol, 'POST', '/user/dave/service-accounts', {})).statusCode).toBe(403);
  });
});

describe('passwords', () => {
  test('changing one own password proves the current one and replaces the session', async () => {
    await call(root, 'POST', '/users', {
      accessKey: 'eve',
      secretKey: 'eve-secret-1',
      groups: [],
      policies: ['readonly'],
    });
    const eve = await loginAs(h.app, 'eve', 'eve-secret-1');
    const wrong = await call(eve, 'POST', '/account/change-password', {
      current_secret_key: 'not-my-password',
      new_secret_key: 'eve-secret-2',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('the current password is not correct');
    const tooShort = await call(eve, 'POST', '/account/change-password', {
      current_secret_key: 'eve-secret-1',
      new_secret_key: 'short',
    });
    expect(tooShort.statusCode).toBe(400);

    const changed = await call(eve, 'POST', '/account/change-password', {
      current_secret_key: 'eve-secret-1',
      new_secret_key: 'eve-secret-2',
    });
    expect(changed.statusCode).toBe(204);
    const cookie = String(changed.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^token=.+/);
    expect(cookie).not.toBe(eve.cookie);
    // The old session is gone; the new one works.
    expect((await call(eve, 'GET', '/session')).statusCode).toBe(401);
    const fresh = await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().accessKey).toBe('eve');
    await expect(loginAs(h.app, 'eve', 'eve-secret-1')).rejects.toThrow(/401/);
    await expect(loginAs(h.app, 'eve', 'eve-secret-2')).resolves.toBeTruthy();
  });

  test('the root account cannot change its password here; the server says why', async () => {
    const res = await call(root, 'POST', '/account/change-password', {
      current_secret_key: ROOT.secretKey,
      new_secret_key: 'another-root-secret',
    });
    expect(res.statusCode).toBe(403);
    expect((await call(root, 'GET', '/session')).statusCode).toBe(200);
    await expect(loginAs(h.app, ROOT.accessKey, ROOT.secretKey)).resolves.toBeTruthy();
  });

  test("an administrator sets another user's password, keeping its status", async () => {
    await call(root, 'POST', '/users', {
      accessKey: 'frank',
      secretKey: 'frank-secret-1',
      groups: [],
      policies: ['readonly'],
    });
    await call(root, 'PUT', '/user?name=frank', { status: 'disabled', groups: [] });
    const res = await call(root, 'POST', '/account/change-user-password', {
      selectedUser: 'frank',
      newSecretKey: 'frank-secret-2',
    });
    expect(res.statusCode).toBe(204);
    expect((await call(root, 'GET', '/user?name=frank')).json().status).toBe('disabled');
    await call(root, 'PUT', '/user?name=frank', { status: 'enabled', groups: [] });
    await expect(loginAs(h.app, 'frank', 'frank-secret-2')).resolves.toBeTruthy();

    const missing = await call(root, 'POST', '/account/change-user-password', {
      selectedUser: 'nobody',
      newSecretKey: 'whatever-123',
    });
    expect(missing.statusCode).toBe(404);
    const carol = await loginAs(h.app, 'carol', 'carol-secret-1');
    const denied = await call(carol, 'POST', '/account/change-user-password', {
      selectedUser: 'frank',
      newSecretKey: 'hijacked-123',
    });
    expect(denied.statusCode).toBe(403);
  });
});
