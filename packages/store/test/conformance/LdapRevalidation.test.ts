import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRoleWithLdapIdentity, MadminClient } from '@stowage/madmin';
import { type LdapServer, personDn, startSlapd } from '@stowage/test-support/peers/slapd';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';

// Credentials of directory users last only while the directory vouches for them: a real
// slapd where people are removed, disabled (Active Directory's userAccountControl) and
// taken out of groups; the store's revalidation (run here on demand, as its timer runs it)
// and its check when a service account is used (cached a minute on the store's clock,
// injected here).

const { GetObjectCommand, PutObjectCommand } = s3sdk;

let ldap: LdapServer;
let t: TestStore;
let admin: MadminClient;
let now = Date.parse('2030-01-01T00:00:00Z');
const CHECK_CACHE_MS = 60_000;

beforeAll(async () => {
  ldap = await startSlapd(
    ['ada', 'bob', 'carl', 'dan', 'eli', 'keeper', 'rita', 'sam'].map((uid) => ({
      uid,
      password: `${uid}-ldap-pass`,
    })),
    [{ cn: 'writers', members: ['bob', 'keeper'] }],
  );
  t = await startTestStore({ identity: { now: () => now, checkCacheMs: CHECK_CACHE_MS } });
  await new MadminClient({ endpoint: t.store.url, credentials: ROOT }).config.setKV(ldap.identityKV);
  await t.restart();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'directory' }));
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'writers-only' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'directory', Key: 'hello', Body: 'hi' }));
  await admin.policies.add('writers-bucket', {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::writers-only/*'] }],
  });
  await admin.policies.set(['writers-bucket'], `cn=writers,ou=groups,dc=stowage,dc=test`, true);
  for (const uid of ['ada', 'bob', 'carl', 'dan', 'eli', 'rita', 'sam'])
    await admin.policies.set(['readonly'], personDn(uid), false);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await ldap?.close();
});

type Keys = { accessKey: string; secretKey: string; sessionToken?: string };

/** An LDAP login's STS credentials and a service account the user makes with them. */
async function loginWithKey(uid: string): Promise<{ sts: Keys; key: Keys }> {
  const sts = await assumeRoleWithLdapIdentity({
    endpoint: t.store.url,
    username: uid,
    password: `${uid}-ldap-pass`,
  });
  const made = await new MadminClient({ endpoint: t.store.url, credentials: sts }).serviceAccounts.add({});
  return { sts, key: { accessKey: made.accessKey, secretKey: made.secretKey } };
}

const s3As = (c: Keys) =>
  t.client({
    accessKeyId: c.accessKey,
    secretAccessKey: c.secretKey,
    ...(c.sessionToken ? { sessionToken: c.sessionToken } : {}),
  });
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { name?: string }) => e.name ?? String(e),
  );
const read = (c: Keys) => outcome(s3As(c).send(new GetObjectCommand({ Bucket: 'directory', Key: 'hello' })));
const write = (c: Keys) =>
  outcome(s3As(c).send(new PutObjectCommand({ Bucket: 'writers-only', Key: 'w', Body: 'x' })));

describe('revalidation of directory users', () => {
  it('a user removed from the directory loses its STS credentials and service accounts', async () => {
    const ada = await loginWithKey('ada');
    expect([await read(ada.sts), await read(ada.key)]).toEqual(['ok', 'ok']);
    await ldap.deletePerson('ada');
    await t.store.revalidateIdentities();
    expect([await read(ada.sts), await read(ada.key)]).toEqual(['InvalidAccessKeyId', 'InvalidAccessKeyId']);
    expect(await admin.serviceAccounts.list(personDn('ada'))).toEqual([]);
    expect(
      await code(
        assumeRoleWithLdapIdentity({ endpoint: t.store.url, username: 'ada', password: 'ada-ldap-pass' }),
      ),
    ).toBe('403 AccessDenied');
    expect(t.logs).toContain(
      `identity: LDAP user ${personDn('ada')}: it is no longer in the directory; removed 2 credential(s)`,
    );
  });

  it('a user whose account is disabled (AD userAccountControl) loses them too, and cannot log in', async () => {
    const carl = await loginWithKey('carl');
    await ldap.disablePerson('carl');
    await t.store.revalidateIdentities();
    expect([await read(carl.sts), await read(carl.key)]).toEqual([
      'InvalidAccessKeyId',
      'InvalidAccessKeyId',
    ]);
    expect(
      await code(
        assumeRoleWithLdapIdentity({ endpoint: t.store.url, username: 'carl', password: 'carl-ldap-pass' }),
      ),
    ).toBe('403 AccessDenied');
  });

  it('a user taken out of a group loses the policies mapped to that group', async () => {
    const bob = await loginWithKey('bob');
    expect([await write(bob.sts), await write(bob.key)]).toEqual(['ok', 'ok']);
    await ldap.removeMember('writers', 'bob');
    await t.store.revalidateIdentities();
    expect([await write(bob.sts), await write(bob.key)]).toEqual(['AccessDenied', 'AccessDenied']);
    // Still a directory user with its own policy: what remains mapped to its DN applies.
    expect([await read(bob.sts), await read(bob.key)]).toEqual(['ok', 'ok']);
  });

  it('a user the directory cannot answer for keeps its credentials; the others are still judged', async () => {
    const rita = await loginWithKey('rita');
    const sam = await loginWithKey('sam');
    // rita's entry moved to another server (a referral); sam is removed.
    await ldap.referPerson('rita');
    await ldap.deletePerson('sam');
    await t.store.revalidateIdentities();
    expect([await read(sam.sts), await read(sam.key)]).toEqual(['InvalidAccessKeyId', 'InvalidAccessKeyId']);
    expect([await read(rita.sts), await read(rita.key)]).toEqual(['ok', 'ok']);
    expect(
      t.logs.some((l) =>
        l.startsWith(
          `identity: LDAP user ${personDn('rita')}: the directory could not say whether it is still there (LDAP result 10`,
        ),
      ),
    ).toBe(true);
  });
});

describe('the check when a service account of a directory user is used', () => {
  it('asks the directory at most once per check period, then refuses a removed user', async () => {
    const dan = await loginWithKey('dan');
    expect(await read(dan.key)).toBe('ok');
    await ldap.deletePerson('dan');
    // Checked a moment ago: a burst of requests does not ask the directory again.
    expect(await read(dan.key)).toBe('ok');
    now += CHECK_CACHE_MS;
    expect(await read(dan.key)).toBe('InvalidAccessKeyId');
    // The user is gone: its STS credentials went with the account.
    expect(await read(dan.sts)).toBe('InvalidAccessKeyId');
  });

  it('keeps credentials working while the directory cannot be asked (fail open), and says so', async () => {
    const eli = await loginWithKey('eli');
    expect(await read(eli.key)).toBe('ok');
    await ldap.close();
    now += CHECK_CACHE_MS;
    expect(await read(eli.key)).toBe('ok');
    await t.store.revalidateIdentities();
    expect([await read(eli.sts), await read(eli.key)]).toEqual(['ok', 'ok']);
    expect(
      t.logs.some((l) =>
        /^identity: check of \d+ LDAP user\(s\) failed \(.+\); their credentials stay/.test(l),
      ),
    ).toBe(true);
  });
});
