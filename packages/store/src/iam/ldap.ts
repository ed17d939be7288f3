import { Client } from 'ldapts';
import { DEFAULT_TARGET, effective, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';

// LDAP logins for AssumeRoleWithLDAPIdentity, configured by identity_ldap as MinIO is
// (madmin-protocol.md §6.5): bind as the lookup account, find the user's DN with the user
// filter (%s = the user name), bind as that DN with the password, then find its groups with
// the group filter (%d = the user's DN, %s = the user name).

export interface LdapConfig {
  url: string;
  lookupBindDn: string;
  lookupBindPassword: string;
  userSearchBaseDns: string[];
  userSearchFilter: string;
  groupSearchBaseDns: string[];
  groupSearchFilter: string;
  tlsSkipVerify: boolean;
}

export class LdapLoginError extends Error {
  constructor(
    message: string,
    /** 'denied': wrong user or password; 'unavailable': the directory could not be asked. */
    readonly kind: 'denied' | 'unavailable',
  ) {
    super(message);
    this.name = 'LdapLoginError';
  }
}

const list = (v: string) =>
  v
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The LDAP settings, when identity_ldap names a server; undefined otherwise. */
export function ldapConfigFrom(config: ServerConfig): LdapConfig | undefined {
  const sub = subsystem('identity_ldap')!;
  const v = effective(config, sub, DEFAULT_TARGET);
  if (!v.server_addr) return undefined;
  const scheme = v.server_insecure === 'on' ? 'ldap' : 'ldaps';
  const host = v.server_addr.includes(':')
    ? v.server_addr
    : `${v.server_addr}:${scheme === 'ldap' ? 389 : 636}`;
  return {
    url: `${scheme}://${host}`,
    lookupBindDn: v.lookup_bind_dn ?? '',
    lookupBindPassword: v.lookup_bind_password ?? '',
    userSearchBaseDns: list(v.user_dn_search_base_dn ?? ''),
    userSearchFilter: v.user_dn_search_filter ?? '',
    groupSearchBaseDns: list(v.group_search_base_dn ?? ''),
    groupSearchFilter: v.group_search_filter ?? '',
    tlsSkipVerify: v.tls_skip_verify === 'on',
  };
}

/** RFC 4515 escaping of a value put into a search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Checks a user's password against the directory; its DN and group DNs when right. */
export async function ldapLogin(
  cfg: LdapConfig,
  username: string,
  password: string,
): Promise<{ userDn: string; groups: string[] }> {
  // An empty password would be an unauthenticated bind, which LDAP servers accept.
  if (username === '' || password === '')
    throw new LdapLoginError('user name and password are required', 'denied');
  const connect = () =>
    new Client({
      url: cfg.url,
      timeout: 10_000,
      connectTimeout: 5_000,
      ...(cfg.url.startsWith('ldaps:') ? { tlsOptions: { rejectUnauthorized: !cfg.tlsSkipVerify } } : {}),
    });
  const client = connect();
  try {
    try {
      await client.bind(cfg.lookupBindDn, cfg.lookupBindPassword);
    } catch (err) {
      throw new LdapLoginError(`the LDAP lookup bind failed: ${(err as Error).message}`, 'unavailable');
    }
    const filter = cfg.userSearchFilter.replaceAll('%s', escapeFilterValue(username));
    const found: string[] = [];
    for (const base of cfg.userSearchBaseDns) {
      const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes: ['dn'] });
      found.push(...searchEntries.map((e) => e.dn));
    }
    if (found.length !== 1)
      throw new LdapLoginError(
        found.length === 0 ? 'no such LDAP user' : 'the user name matches several LDAP entries',
        'denied',
      );
    const userDn = found[0]!;
    try {
      const userClient = connect();
      await userClient.bind(userDn, password);
      await userClient.unbind();
    } catch {
      throw new LdapLoginError('the LDAP user name or password is wrong', 'denied');
    }
    const groups: string[] = [];
    if (cfg.groupSearchFilter !== '') {
      const groupFilter = cfg.groupSearchFilter
        .replaceAll('%d', escapeFilterValue(userDn))
        .replaceAll('%s', escapeFilterValue(username));
      for (const base of cfg.groupSearchBaseDns) {
        const { searchEntries } = await client.search(base, {
          scope: 'sub',
          filter: groupFilter,
          attributes: ['dn'],
        });
        groups.push(...searchEntries.map((e) => e.dn));
      }
    }
    return { userDn, groups };
  } catch (err) {
    if (err instanceof LdapLoginError) throw err;
    throw new LdapLoginError(`the LDAP server could not be asked: ${(err as Error).message}`, 'unavailable');
  } finally {
    await client.unbind().catch(() => {});
  }
}
