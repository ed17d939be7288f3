import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';
import { freePort } from './outcome.js';

// A real OpenLDAP (Debian's slapd) on 127.0.0.1 with a small directory: people with
// passwords, and groups of names.

export const SLAPD = '/usr/sbin/slapd';
export const BASE = 'dc=stowage,dc=test';
export const ADMIN_DN = `cn=admin,${BASE}`;
export const ADMIN_PASSWORD = 'ldap-admin-secret';

export interface LdapServer {
  address: string;
  close(): Promise<void>;
}

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
modulepath /usr/lib/ldap
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
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: 'ignore',
  });
  const client = new Client({ url, connectTimeout: 1000 });
  for (let i = 0; ; i++) {
    try {
      await client.bind(ADMIN_DN, ADMIN_PASSWORD);
      break;
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await client.add(BASE, { objectClass: ['dcObject', 'organization'], dc: 'stowage', o: 'Stowage' });
  await client.add(`ou=people,${BASE}`, { objectClass: 'organizationalUnit', ou: 'people' });
  await client.add(`ou=groups,${BASE}`, { objectClass: 'organizationalUnit', ou: 'groups' });
  for (const p of people)
    await client.add(`uid=${p.uid},ou=people,${BASE}`, {
      objectClass: 'inetOrgPerson',
      uid: p.uid,
      cn: p.uid,
      sn: p.uid,
      userPassword: p.password,
    });
  for (const g of groups)
    await client.add(`cn=${g.cn},ou=groups,${BASE}`, {
      objectClass: 'groupOfNames',
      cn: g.cn,
      member: g.members.map((m) => `uid=${m},ou=people,${BASE}`),
    });
  await client.unbind();
  return {
    address: `127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
