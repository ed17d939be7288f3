import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import { onFreePort } from './free-port.js';
import { orStop, startPeer, waitUntil } from './peer-process.js';

// A real OpenLDAP (Debian's slapd) on 127.0.0.1 with a small directory: people with
// passwords, and groups of names.

export const SLAPD = '/usr/sbin/slapd';
export const BASE = 'dc=stowage,dc=test';
export const ADMIN_DN = `cn=admin,${BASE}`;
export const ADMIN_PASSWORD = 'ldap-admin-secret';

export interface LdapServer {
  address: string;
  /** The identity_ldap settings that point the store at this directory. */
  identityKV: string;
  /** Removes a person's entry. */
  deletePerson(uid: string): Promise<void>;
  /** Marks a person's account disabled as Active Directory does (userAccountControl 514). */
  disablePerson(uid: string): Promise<void>;
  /**
   * Moves a person to another server: its entry becomes a referral there, and a search at
   * its DN is answered with a referral (result 10), neither the entry nor noSuchObject.
   */
  referPerson(uid: string): Promise<void>;
  /** Takes a person out of a group. */
  removeMember(group: string, uid: string): Promise<void>;
  close(): Promise<void>;
}

export const personDn = (uid: string): string => `uid=${uid},ou=people,${BASE}`;
const groupDn = (cn: string): string => `cn=${cn},ou=groups,${BASE}`;

// Active Directory's account flags, so that a test can disable an account as AD does.
const AD_SCHEMA = `attributetype ( 1.2.840.113556.1.4.8 NAME 'userAccountControl'
  EQUALITY integerMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )
objectclass ( 1.3.6.1.4.1.55555.1.1 NAME 'stowageAdAccount' AUXILIARY MAY userAccountControl )
`;

export async function startSlapd(
  people: { uid: string; password: string }[],
  groups: { cn: string; members: string[] }[],
): Promise<LdapServer> {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-slapd-'));
  await mkdir(join(dir, 'data'));
  const config = `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
${AD_SCHEMA}modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${join(dir, 'slapd.pid')}
database mdb
maxsize 104857600
suffix "${BASE}"
rootdn "${ADMIN_DN}"
rootpw ${ADMIN_PASSWORD}
directory ${join(dir, 'data')}
`;
  await writeFile(join(dir, 'slapd.conf'), config);
  const { peer, port, url, client } = await onFreePort(async (port) => {
    const url = `ldap://127.0.0.1:${port}`;
    const peer = startPeer(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0']);
    const client = new Client({ url, connectTimeout: 1000 });
    await orStop(
      peer,
      waitUntil(peer, () => client.bind(ADMIN_DN, ADMIN_PASSWORD)),
    );
    return { peer, port, url, client };
  });
  await client.add(BASE, { objectClass: ['dcObject', 'organization'], dc: 'stowage', o: 'Stowage' });
  await client.add(`ou=people,${BASE}`, { objectClass: 'organizationalUnit', ou: 'people' });
  await client.add(`ou=groups,${BASE}`, { objectClass: 'organizationalUnit', ou: 'groups' });
  for (const p of people)
    await client.add(personDn(p.uid), {
      objectClass: 'inetOrgPerson',
      uid: p.uid,
      cn: p.uid,
      sn: p.uid,
      userPassword: p.password,
    });
  for (const g of groups)
    await client.add(groupDn(g.cn), {
      objectClass: 'groupOfNames',
      cn: g.cn,
      member: g.members.map(personDn),
    });
  await client.unbind();
  const asAdmin = async (change: (admin: Client) => Promise<void>) => {
    const admin = new Client({ url });
    try {
      await admin.bind(ADMIN_DN, ADMIN_PASSWORD);
      await change(admin);
    } finally {
      await admin.unbind();
    }
  };
  return {
    address: `127.0.0.1:${port}`,
    identityKV: `identity_ldap server_addr=127.0.0.1:${port} server_insecure=on lookup_bind_dn="${ADMIN_DN}" lookup_bind_password=${ADMIN_PASSWORD} user_dn_search_base_dn="ou=people,${BASE}" user_dn_search_filter=(uid=%s) group_search_base_dn="ou=groups,${BASE}" group_search_filter=(&(objectclass=groupOfNames)(member=%d))`,
    deletePerson: (uid) => asAdmin((admin) => admin.del(personDn(uid))),
    disablePerson: (uid) =>
      asAdmin((admin) =>
        admin.modify(personDn(uid), [
          new Change({
            operation: 'add',
            modification: new Attribute({ type: 'objectClass', values: ['stowageAdAccount'] }),
          }),
          new Change({
            operation: 'add',
            modification: new Attribute({ type: 'userAccountControl', values: ['514'] }),
          }),
        ]),
      ),
    referPerson: (uid) =>
      asAdmin(async (admin) => {
        await admin.del(personDn(uid));
        await admin.add(personDn(uid), {
          objectClass: ['referral', 'extensibleObject'],
          uid,
          ref: `ldap://directory.elsewhere.test/${personDn(uid)}`,
        });
      }),
    removeMember: (group, uid) =>
      asAdmin((admin) =>
        admin.modify(groupDn(group), [
          new Change({
            operation: 'delete',
            modification: new Attribute({ type: 'member', values: [personDn(uid)] }),
          }),
        ]),
      ),
    async close() {
      // Once only: a test may stop the directory before the suite's end does (stop() allows it).
      await peer.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
