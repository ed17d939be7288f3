import { createHash } from 'node:crypto';
import {
  amzDate,
  assumeRole,
  assumeRoleWithLdapIdentity,
  canonicalHeaders,
  canonicalQuery,
  canonicalRequest,
  MadminClient,
  type Scope,
  scopeString,
  signature,
  stringToSign,
} from '@stowage/madmin';
import { type LdapServer, personDn, startSlapd } from '@stowage/test-support/peers/slapd';
import {
  ROOT,
  rawRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';

// Password guessing at STS, against a real store and a real slapd: wrong LDAP passwords and
// AssumeRole signatures that do not match hold the name (then the address) back with
// SlowDown, whatever comes next, until the hold ends on the store's clock (injected here).
// Root from this machine is never held back.

let ldap: LdapServer;
let t: TestStore;
let now = Date.parse('2030-01-01T00:00:00Z');
beforeAll(async () => {
  ldap = await startSlapd(
    [
      { uid: 'ada', password: 'ada-ldap-pass' },
      { uid: 'bob', password: 'bob-ldap-pass' },
    ],
    [],
  );
  t = await startTestStore({
    identity: {
      now: () => now,
      throttle: { failuresPerName: 3, failuresPerAddress: 8, backoffMs: 60_000, windowMs: 15 * 60_000 },
    },
  });
  const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await admin.config.setKV(ldap.identityKV);
  await t.restart();
  const restarted = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await restarted.policies.set(['readonly'], personDn('ada'), false);
  await restarted.policies.set(['readonly'], personDn('bob'), false);
  for (const user of ['carol', 'dave', 'ops/eve', 'ops/fay']) {
    await restarted.users.add(user, `${user}-secret-key`);
    await restarted.policies.set(['readonly'], user, false);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await ldap?.close();
});
// Each test starts with every hold over and forgotten.
beforeEach(() => {
  now += 24 * 3600_000;
});

const ldapLogin = (username: string, password: string) =>
  code(assumeRoleWithLdapIdentity({ endpoint: t.store.url, username, password }));
const stsLogin = (accessKey: string, secretKey: string) =>
  code(assumeRole({ endpoint: t.store.url, credentials: { accessKey, secretKey } }));

/**
 * AssumeRole whose Authorization header names a decoy key before the real one: "Credential=
 * <decoy>/" sits inside SignedHeaders as a header name, which a query parameter of that name
 * stands for, so the signature still verifies for `keys`.
 */
async function decoyAssumeRole(decoy: string, keys: { accessKey: string; secretKey: string }) {
  const body = 'Action=AssumeRole&Version=2011-06-15';
  const date = amzDate(new Date());
  const scope: Scope = { date: date.slice(0, 8), region: 'us-east-1', service: 'sts' };
  const decoyName = `Credential=${decoy}/`;
  const headers = {
    host: `127.0.0.1:${t.store.port}`,
    'x-amz-date': date,
    'content-type': 'application/x-www-form-urlencoded',
  };
  const signed = [decoyName, 'host', 'x-amz-date'];
  const creq = canonicalRequest({
    method: 'POST',
    canonicalUri: '/',
    canonicalQuery: canonicalQuery([[decoyName, 'v']]),
    canonicalHeaders: canonicalHeaders({ ...headers, [decoyName]: '' }, signed),
    signedHeaders: signed,
    payloadHash: createHash('sha256').update(body).digest('hex'),
  });
  const sig = signature(keys.secretKey, scope, stringToSign(date, scope, creq));
  const res = await rawRequest(
    t.store.port,
    'POST',
    `/?${encodeURIComponent(decoyName)}=v`,
    {
      ...headers,
      authorization: `AWS4-HMAC-SHA256 SignedHeaders=${signed.join(';')}, Credential=${keys.accessKey}/${scopeString(scope)}, Signature=${sig}`,
    },
    body,
  );
  return res.status === 200 ? 'resolved' : `${res.status} ${xmlCode(res.body)}`;
}

describe('STS login throttling', () => {
  it('holds an LDAP user name back after wrong passwords, the right one too, until the backoff ends', async () => {
    for (let i = 0; i < 3; i++) expect(await ldapLogin('ada', `wrong-${i}`)).toBe('403 AccessDenied');
    expect(await ldapLogin('ada', 'ada-ldap-pass')).toBe('503 SlowDown');
    // The name as the directory compares it: case and spaces do not make a new one.
    expect(await ldapLogin(' ADA ', 'ada-ldap-pass')).toBe('503 SlowDown');
    // Another user from the same address is not held back.
    expect(await ldapLogin('bob', 'bob-ldap-pass')).toBe('resolved');
    now += 59_000;
    expect(await ldapLogin('ada', 'ada-ldap-pass')).toBe('503 SlowDown');
    now += 2_000;
    expect(await ldapLogin('ada', 'ada-ldap-pass')).toBe('resolved');
  });

  it('answers a held login with SlowDown in the STS envelope and a Retry-After', async () => {
    for (let i = 0; i < 3; i++) await ldapLogin('ada', `wrong-${i}`);
    const res = await fetch(`${t.store.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        Action: 'AssumeRoleWithLDAPIdentity',
        Version: '2011-06-15',
        LDAPUsername: 'ada',
        LDAPPassword: 'ada-ldap-pass',
      }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    const body = await res.text();
    expect(body).toContain('<Error><Type>Receiver</Type><Code>SlowDown</Code>');
  });

  it('logs each failure with the address and user name, never the password', async () => {
    await ldapLogin('bob', 'a-guessed-password');
    await stsLogin('carol', 'a-guessed-secret');
    const failures = t.logs.filter((l) => l.startsWith('sts: login failed'));
    expect(failures).toContain(
      'sts: login failed: AssumeRoleWithLDAPIdentity for "bob" from 127.0.0.1: the LDAP user name or password is wrong',
    );
    expect(
      failures.some((l) => /^sts: login failed: AssumeRole for "carol" from 127\.0\.0\.1: /.test(l)),
    ).toBe(true);
    expect(t.logs.join('\n')).not.toMatch(/a-guessed-password|a-guessed-secret|Signature=/);
  });

  it('holds an access key back after AssumeRole signatures that do not match', async () => {
    for (let i = 0; i < 3; i++)
      expect(await stsLogin('carol', `wrong-secret-${i}`)).toBe('403 SignatureDoesNotMatch');
    expect(await stsLogin('carol', 'carol-secret-key')).toBe('503 SlowDown');
    expect(await stsLogin('dave', 'dave-secret-key')).toBe('resolved');
    now += 61_000;
    expect(await stsLogin('carol', 'carol-secret-key')).toBe('resolved');
  });

  it('counts a signature under the access key it is checked against, whatever else the header names', async () => {
    // The header is valid: the right secret logs in.
    expect(await decoyAssumeRole('decoy', { accessKey: 'carol', secretKey: 'carol-secret-key' })).toBe(
      'resolved',
    );
    for (let i = 0; i < 3; i++)
      expect(await decoyAssumeRole(`decoy${i}`, { accessKey: 'carol', secretKey: `wrong-${i}` })).toBe(
        '403 SignatureDoesNotMatch',
      );
    expect(await decoyAssumeRole('decoy9', { accessKey: 'carol', secretKey: 'carol-secret-key' })).toBe(
      '503 SlowDown',
    );
    expect(await stsLogin('carol', 'carol-secret-key')).toBe('503 SlowDown');
  });

  it('counts access keys that do not exist against the address only, never as a name', async () => {
    for (let i = 0; i < 4; i++) expect(await stsLogin('zed', `guess-${i}`)).toBe('403 InvalidAccessKeyId');
    await new MadminClient({ endpoint: t.store.url, credentials: ROOT }).users.add('zed', 'zed-secret-key');
    await new MadminClient({ endpoint: t.store.url, credentials: ROOT }).policies.set(
      ['readonly'],
      'zed',
      false,
    );
    expect(await stsLogin('zed', 'zed-secret-key')).toBe('resolved');
  });

  it('counts an access key with a slash in it as a whole', async () => {
    for (let i = 0; i < 3; i++)
      expect(await stsLogin('ops/eve', `wrong-secret-${i}`)).toBe('403 SignatureDoesNotMatch');
    expect(await stsLogin('ops/eve', 'ops/eve-secret-key')).toBe('503 SlowDown');
    expect(await stsLogin('ops/fay', 'ops/fay-secret-key')).toBe('resolved');
  });

  it('holds the address back after failures under many names, but never root on loopback', async () => {
    for (let i = 0; i < 8; i++)
      expect(await stsLogin(`guess${i}`, 'some-secret')).toBe('403 InvalidAccessKeyId');
    expect(await stsLogin('dave', 'dave-secret-key')).toBe('503 SlowDown');
    expect(await ldapLogin('bob', 'bob-ldap-pass')).toBe('503 SlowDown');
    for (let i = 0; i < 30; i++)
      expect(await stsLogin(ROOT.accessKey, `wrong-${i}`)).toBe('403 SignatureDoesNotMatch');
    expect(await stsLogin(ROOT.accessKey, ROOT.secretKey)).toBe('resolved');
    now += 61_000;
    expect(await stsLogin('dave', 'dave-secret-key')).toBe('resolved');
  });
});
