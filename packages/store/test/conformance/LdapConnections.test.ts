import { readdirSync } from 'node:fs';
import { assumeRoleWithLdapIdentity, MadminClient } from '@stowage/madmin';
import { type LdapServer, personDn, startSlapd } from '@stowage/test-support/peers/slapd';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';

// Every LDAP login opens connections to the directory; each must be closed whatever the
// answer, or wrong passwords alone exhaust the store's file descriptors (and the
// directory's connection slots). The store runs in this process: its descriptors are ours.

let ldap: LdapServer;
let t: TestStore;
beforeAll(async () => {
  ldap = await startSlapd([{ uid: 'ada', password: 'ada-ldap-pass' }], []);
  // Throttling is not under test here: it would stop the wrong passwords reaching the directory.
  t = await startTestStore({
    identity: { throttle: { failuresPerName: 10_000, failuresPerAddress: 10_000 } },
  });
  const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await admin.config.setKV(ldap.identityKV);
  await t.restart();
  await new MadminClient({ endpoint: t.store.url, credentials: ROOT }).policies.set(
    ['readonly'],
    personDn('ada'),
    false,
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await ldap?.close();
});

const openDescriptors = () => readdirSync('/proc/self/fd').length;
const login = (username: string, password: string) =>
  code(assumeRoleWithLdapIdentity({ endpoint: t.store.url, username, password }));

describe('LDAP connections', () => {
  it('are all closed after 200 wrong passwords, unknown users and good logins', async () => {
    // Warm up: modules loaded, the client's keep-alive connection open.
    expect(await login('ada', 'wrong-password')).toBe('403 AccessDenied');
    expect(await login('ada', 'ada-ldap-pass')).toBe('resolved');
    const before = openDescriptors();
    for (let i = 0; i < 200; i++) expect(await login('ada', `wrong-password-${i}`)).toBe('403 AccessDenied');
    for (let i = 0; i < 20; i++) expect(await login(`nobody-${i}`, 'any-password')).toBe('403 AccessDenied');
    for (let i = 0; i < 20; i++) expect(await login('ada', 'ada-ldap-pass')).toBe('resolved');
    // A few descriptors may come and go meanwhile (the client's sockets): none per login.
    expect(openDescriptors()).toBeLessThanOrEqual(before + 10);
  }, 60_000);
});
