import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRoleWithWebIdentity, MadminClient } from '@stowage/madmin';
import { type OpenIdProvider, startOpenIdProvider } from '@stowage/test-support/peers/openid-provider';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// OpenID users of a Keycloak realm (identity_openid vendor=keycloak) are looked up again as
// MinIO looks them up: the store logs in to the real provider (oidc-provider, client
// credentials grant) and asks Keycloak's admin user lookup (a stand-in for that one call).
// A generic provider offers no lookup: its users' credentials are left alone.

let idp: OpenIdProvider;
let t: TestStore;
let now = Date.parse('2030-01-01T00:00:00Z');
const CHECK_CACHE_MS = 60_000;

beforeAll(async () => {
  idp = await startOpenIdProvider(
    {
      olga: 'readonly',
      pete: 'readonly',
      gina: 'readonly',
      quinn: 'readonly',
      rex: 'readonly',
      sue: 'readonly',
      vera: 'readonly',
      wes: 'readonly',
    },
    { keycloakRealm: 'stowage' },
  );
  t = await startTestStore({ identity: { now: () => now, checkCacheMs: CHECK_CACHE_MS } });
  await new MadminClient({ endpoint: t.store.url, credentials: ROOT }).config.setKV(
    `${idp.identityKV} vendor=keycloak keycloak_admin_url=${idp.keycloakAdminUrl} keycloak_realm=stowage`,
  );
  await t.restart();
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'sso' }));
  await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sso', Key: 'doc', Body: 'hello' }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

type Keys = { accessKey: string; secretKey: string; sessionToken?: string };

async function loginWithKey(user: string, store = t): Promise<{ sts: Keys; key: Keys }> {
  const sts = await assumeRoleWithWebIdentity({ endpoint: store.store.url, token: await idp.idToken(user) });
  const made = await new MadminClient({ endpoint: store.store.url, credentials: sts }).serviceAccounts.add(
    {},
  );
  return { sts, key: { accessKey: made.accessKey, secretKey: made.secretKey } };
}

const read = (c: Keys, store = t) =>
  store
    .client({
      accessKeyId: c.accessKey,
      secretAccessKey: c.secretKey,
      ...(c.sessionToken ? { sessionToken: c.sessionToken } : {}),
    })
    .send(new s3sdk.GetObjectCommand({ Bucket: 'sso', Key: 'doc' }))
    .then(
      () => 'ok',
      (e: { name?: string }) => e.name ?? String(e),
    );

describe('OpenID users of a Keycloak realm', () => {
  it('a user disabled in the realm loses its STS credentials and service accounts at revalidation', async () => {
    const olga = await loginWithKey('olga');
    const gina = await loginWithKey('gina');
    expect([await read(olga.sts), await read(olga.key)]).toEqual(['ok', 'ok']);
    idp.disableUser('olga');
    await t.store.revalidateIdentities();
    expect([await read(olga.sts), await read(olga.key)]).toEqual([
      'InvalidAccessKeyId',
      'InvalidAccessKeyId',
    ]);
    expect([await read(gina.sts), await read(gina.key)]).toEqual(['ok', 'ok']);
    expect(
      t.logs.some((l) =>
        /^identity: Keycloak user openid:olga:.*: its account is disabled; removed 2/.test(l),
      ),
    ).toBe(true);
  });

  it('a user Keycloak answers for with an error keeps its credentials; the others are still judged', async () => {
    const quinn = await loginWithKey('quinn');
    const rex = await loginWithKey('rex');
    const sue = await loginWithKey('sue');
    idp.failUser('quinn', 500);
    idp.failUser('rex', 403);
    idp.disableUser('sue');
    await t.store.revalidateIdentities();
    expect([await read(sue.sts), await read(sue.key)]).toEqual(['InvalidAccessKeyId', 'InvalidAccessKeyId']);
    expect([await read(quinn.sts), await read(quinn.key), await read(rex.sts), await read(rex.key)]).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    for (const [user, status] of [
      ['quinn', 500],
      ['rex', 403],
    ])
      expect(
        t.logs.some((l) =>
          new RegExp(
            `^identity: Keycloak user openid:${user}:.*: the directory could not say whether it is still there \\(the Keycloak user lookup answered ${status}\\)`,
          ).test(l),
        ),
      ).toBe(true);
  });

  it('a service account of a user removed from the realm is refused when used, once its check is due', async () => {
    const pete = await loginWithKey('pete');
    expect(await read(pete.key)).toBe('ok');
    idp.removeUser('pete');
    expect(await read(pete.key)).toBe('ok');
    now += CHECK_CACHE_MS;
    expect(await read(pete.key)).toBe('InvalidAccessKeyId');
    expect(await read(pete.sts)).toBe('InvalidAccessKeyId');
  });

  it('follows no redirect from the token endpoint or the admin API: the secret and token go nowhere else', async () => {
    const vera = await loginWithKey('vera');
    idp.removeUser('vera');
    for (const which of ['login', 'lookup'] as const) {
      idp.redirect(which);
      await t.store.revalidateIdentities();
      idp.redirect(undefined);
      expect(idp.followed).toEqual([]);
      // Keycloak could not be asked: nothing changes.
      expect([await read(vera.sts), await read(vera.key)]).toEqual(['ok', 'ok']);
    }
    for (const call of ['client login', 'user lookup'])
      expect(
        t.logs.some((l) =>
          new RegExp(
            `^identity: check of \\d+ Keycloak user\\(s\\) failed \\(the Keycloak ${call} was redirected \\(307\\)`,
          ).test(l),
        ),
      ).toBe(true);
  });
});

/** Waits until `ready` holds (the test's own timeout bounds it). */
async function until(ready: () => boolean): Promise<void> {
  await vi.waitFor(
    () => {
      if (!ready()) throw new Error('not ready yet');
    },
    { timeout: 60_000, interval: 10 },
  );
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('periodic revalidation against a slow Keycloak', () => {
  it('runs one pass at a time, and closing ends the pass under way before it writes anything', async () => {
    const s = await startTestStore({ identity: { revalidateIntervalMs: 20 } });
    try {
      await new MadminClient({ endpoint: s.store.url, credentials: ROOT }).config.setKV(
        `${idp.identityKV} vendor=keycloak keycloak_admin_url=${idp.keycloakAdminUrl} keycloak_realm=stowage`,
      );
      await s.restart();
      await s.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'sso' }));
      await s.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sso', Key: 'doc', Body: 'hello' }));
      const wes = await loginWithKey('wes', s);
      idp.holdLookups(true);
      idp.removeUser('wes');
      await until(() => idp.held > 0);
      // Many periods go by while Keycloak does not answer: still one lookup, not one per period.
      await pause(300);
      expect(idp.held).toBe(1);
      await s.store.close();
      // Keycloak's late answer (wes is gone) must find no pass left to act on it.
      idp.releaseHeld();
      idp.holdLookups(false);
      await pause(300);
      idp.restoreUser('wes');
      await s.restart();
      expect([await read(wes.sts, s), await read(wes.key, s)]).toEqual(['ok', 'ok']);
    } finally {
      idp.holdLookups(false);
      await s.close();
    }
  });
});
