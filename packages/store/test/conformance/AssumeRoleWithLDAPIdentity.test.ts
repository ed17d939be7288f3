import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRoleWithLdapIdentity, MadminClient } from '@stowage/madmin';
import { BASE, type LdapServer, startSlapd } from '@stowage/test-support/peers/slapd';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';
import { code } from '../support/outcome.js';

// LDAP logins against a real OpenLDAP (Debian's slapd): identity_ldap set through the
// admin API (it needs a restart, as in MinIO), policies mapped to user and group DNs.

let ldap: LdapServer;
let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  ldap = await startSlapd(
    [
      { uid: 'ada', password: 'ada-ldap-pass' },
      { uid: 'bob', password: 'bob-ldap-pass' },
      { uid: 'eve', password: 'eve-ldap-pass' },
      { uid: 'cyd', password: 'cyd-ldap-pass' },
    ],
    [
      { cn: 'writers', members: ['bob'] },
      { cn: 'auditors', members: ['cyd'] },
    ],
  );
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  const restart = await admin.config.setKV(ldap.identityKV);
  expect(restart).toEqual({ restart: true });
  await t.store.close();
  t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'directory' }));
  await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'directory', Key: 'hello', Body: 'hi' }));
  await admin.policies.set(['readonly'], `uid=ada,ou=people,${BASE}`, false);
  await admin.policies.set(['readwrite'], `cn=writers,ou=groups,${BASE}`, true);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await ldap?.close();
});

const login = (username: string, password: string) =>
  assumeRoleWithLdapIdentity({ endpoint: t.store.url, username, password });

const s3As = (c: { accessKey: string; secretKey: string; sessionToken: string }) =>
  t.client({ accessKeyId: c.accessKey, secretAccessKey: c.secretKey, sessionToken: c.sessionToken });

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { name?: string }) => e.name ?? String(e),
  );

describe('AssumeRoleWithLDAPIdentity', () => {
  it('gives a directory user the policies mapped to its DN', async () => {
    const creds = await login('ada', 'ada-ldap-pass');
    const s3 = s3As(creds);
    expect(await outcome(s3.send(new s3sdk.GetObjectCommand({ Bucket: 'directory', Key: 'hello' })))).toBe(
      'ok',
    );
    expect(
      await outcome(s3.send(new s3sdk.PutObjectCommand({ Bucket: 'directory', Key: 'x', Body: 'x' }))),
    ).toBe('AccessDenied');
    const info = await new MadminClient({ endpoint: t.store.url, credentials: creds }).accountInfo();
    expect(info.AccountName).toBe(`uid=ada,ou=people,${BASE}`);
  });

  it("gives a member the policies mapped to its groups' DNs", async () => {
    const s3 = s3As(await login('bob', 'bob-ldap-pass'));
    expect(
      await outcome(s3.send(new s3sdk.PutObjectCommand({ Bucket: 'directory', Key: 'by-bob', Body: 'x' }))),
    ).toBe('ok');
  });

  it('refuses a wrong password, an unknown user, an empty password and a user without policies', async () => {
    expect(await code(login('ada', 'wrong-password'))).toBe('403 AccessDenied');
    expect(await code(login('nobody', 'whatever-pass'))).toBe('403 AccessDenied');
    expect(await code(login('ada', ''))).toBe('400 MissingParameter');
    expect(await code(login('*', 'ada-ldap-pass'))).toBe('403 AccessDenied');
    expect(await code(login('eve', 'eve-ldap-pass'))).toBe('403 AccessDenied');
  });

  it('grants at most STOWAGE_STS_MAX_DURATION (12 h by default), refusing longer as MinIO refuses a duration', async () => {
    const ldapLogin = (durationSeconds: number) =>
      assumeRoleWithLdapIdentity({
        endpoint: t.store.url,
        username: 'ada',
        password: 'ada-ldap-pass',
        durationSeconds,
      });
    const twelveHours = await ldapLogin(43_200);
    expect(Math.abs(twelveHours.expiration.getTime() - (Date.now() + 43_200_000))).toBeLessThan(10_000);
    expect(await code(ldapLogin(43_201))).toBe('400 InvalidParameterValue');
    expect(await code(ldapLogin(31_536_000))).toBe('400 InvalidParameterValue');
  });
});

describe('ldap:* and aws:groups in policies', () => {
  it("hold the login name, DN and groups: MinIO's per-user home directory policy works", async () => {
    const auditors = `cn=auditors,ou=groups,${BASE}`;
    await admin.policies.add('ldap-home', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:PutObject'],
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a policy variable, not a template
          Resource: ['arn:aws:s3:::directory/home/${ldap:username}/*'],
        },
        {
          Effect: 'Allow',
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::directory/*'],
          Condition: { StringEquals: { 'ldap:groups': auditors, 'ldap:user': `uid=cyd,ou=people,${BASE}` } },
        },
        {
          Effect: 'Deny',
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::directory/home/*'],
          Condition: { 'ForAnyValue:StringEquals': { 'aws:groups': auditors } },
        },
      ],
    });
    await admin.policies.set(['ldap-home'], `uid=cyd,ou=people,${BASE}`, false);
    const s3 = s3As(await login('cyd', 'cyd-ldap-pass'));
    const put = (Key: string) =>
      outcome(s3.send(new s3sdk.PutObjectCommand({ Bucket: 'directory', Key, Body: 'x' })));
    const get = (Key: string) => outcome(s3.send(new s3sdk.GetObjectCommand({ Bucket: 'directory', Key })));
    expect(await put('home/cyd/notes')).toBe('ok');
    expect(await put('home/ada/notes')).toBe('AccessDenied');
    expect(await get('hello')).toBe('ok');
    expect(await get('home/cyd/notes')).toBe('AccessDenied');
  });
});

describe('service accounts of directory users', () => {
  it('a directory user makes, lists and uses its own, with the rights its DN and groups map to', async () => {
    const bob = await login('bob', 'bob-ldap-pass');
    const self = new MadminClient({ endpoint: t.store.url, credentials: bob });
    const made = await self.serviceAccounts.add({ comment: 'backup job' });
    expect(await self.serviceAccounts.list()).toEqual([made.accessKey]);
    const info = await self.serviceAccounts.info(made.accessKey);
    expect(info.parentUser).toBe(`uid=bob,ou=people,${BASE}`);
    expect(info.impliedPolicy).toBe(true);
    // readwrite, through the writers group.
    expect(JSON.parse(info.policy).Statement.length).toBeGreaterThan(0);

    const key = t.client({ accessKeyId: made.accessKey, secretAccessKey: made.secretKey });
    expect(
      await outcome(key.send(new s3sdk.PutObjectCommand({ Bucket: 'directory', Key: 'by-key', Body: 'x' }))),
    ).toBe('ok');
    // Still long-lived after the login's credentials are gone, and no admin rights.
    expect(
      await outcome(
        new MadminClient({
          endpoint: t.store.url,
          credentials: { accessKey: made.accessKey, secretKey: made.secretKey },
        }).users.list(),
      ),
    ).not.toBe('ok');

    // Ada's (readonly) may read but not write; she cannot see or remove Bob's.
    const ada = new MadminClient({ endpoint: t.store.url, credentials: await login('ada', 'ada-ldap-pass') });
    const hers = await ada.serviceAccounts.add({});
    const read = t.client({ accessKeyId: hers.accessKey, secretAccessKey: hers.secretKey });
    expect(await outcome(read.send(new s3sdk.GetObjectCommand({ Bucket: 'directory', Key: 'hello' })))).toBe(
      'ok',
    );
    expect(
      await outcome(read.send(new s3sdk.PutObjectCommand({ Bucket: 'directory', Key: 'by-ada', Body: 'x' }))),
    ).toBe('AccessDenied');
    expect(await ada.serviceAccounts.list()).toEqual([hers.accessKey]);
    expect(await code(ada.serviceAccounts.delete(made.accessKey))).toBe('404 XMinioInvalidIAMCredentials');

    // Root lists a directory user's accounts by DN; the accounts survive a restart.
    await t.store.close();
    t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
    admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    expect(await admin.serviceAccounts.list(`uid=bob,ou=people,${BASE}`)).toEqual([made.accessKey]);
    expect(await outcome(key.send(new s3sdk.GetObjectCommand({ Bucket: 'directory', Key: 'by-key' })))).toBe(
      'ok',
    );
    await admin.serviceAccounts.delete(made.accessKey);
    expect(await outcome(key.send(new s3sdk.GetObjectCommand({ Bucket: 'directory', Key: 'by-key' })))).toBe(
      'InvalidAccessKeyId',
    );
  });
});
