import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRoleWithLdapIdentity, MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';
import { code } from '../support/outcome.js';
import { ADMIN_DN, ADMIN_PASSWORD, BASE, type LdapServer, startSlapd } from '../support/slapd.js';
import { ROOT, startTestStore, type TestStore } from '../support/store.js';

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
    ],
    [{ cn: 'writers', members: ['bob'] }],
  );
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  const restart = await admin.config.setKV(
    `identity_ldap server_addr=${ldap.address} server_insecure=on lookup_bind_dn="${ADMIN_DN}" lookup_bind_password=${ADMIN_PASSWORD} user_dn_search_base_dn="ou=people,${BASE}" user_dn_search_filter=(uid=%s) group_search_base_dn="ou=groups,${BASE}" group_search_filter=(&(objectclass=groupOfNames)(member=%d))`,
  );
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
});
