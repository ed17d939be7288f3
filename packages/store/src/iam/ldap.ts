import {
  Client,
  InappropriateAuthError,
  InvalidCredentialsError,
  NoSuchObjectError,
  ResultCodeError,
  UnwillingToPerformError,
} from 'ldapts';
import { DEFAULT_TARGET, effective, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';
import type { DirectoryVerdict } from './external-users.js';

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

const connect = (cfg: LdapConfig): Client =>
  new Client({
    url: cfg.url,
    timeout: 10_000,
    connectTimeout: 5_000,
    ...(cfg.url.startsWith('ldaps:') ? { tlsOptions: { rejectUnauthorized: !cfg.tlsSkipVerify } } : {}),
  });

const unavailable = (err: unknown): LdapLoginError =>
  err instanceof LdapLoginError
    ? err
    : new LdapLoginError(`the LDAP server could not be asked: ${(err as Error).message}`, 'unavailable');

/**
 * Runs `work` on a connection bound as the lookup account. The connection is closed on
 * every path (a failed bind or search too): each one left open holds a socket on both ends.
 */
async function asLookupAccount<T>(cfg: LdapConfig, work: (client: Client) => Promise<T>): Promise<T> {
  const client = connect(cfg);
  try {
    try {
      await client.bind(cfg.lookupBindDn, cfg.lookupBindPassword);
    } catch (err) {
      throw new LdapLoginError(`the LDAP lookup bind failed: ${(err as Error).message}`, 'unavailable');
    }
    return await work(client);
  } catch (err) {
    throw unavailable(err);
  } finally {
    await client.unbind().catch(() => {});
  }
}

/** Whether a bind was refused for the credentials, not for the server's trouble. */
const refusedCredentials = (err: unknown): boolean =>
  err instanceof InvalidCredentialsError ||
  err instanceof InappropriateAuthError ||
  err instanceof UnwillingToPerformError;

/** Binds as `dn` with `password` on a connection of its own, closed whatever happens. */
async function checkPassword(cfg: LdapConfig, dn: string, password: string): Promise<void> {
  const client = connect(cfg);
  try {
    await client.bind(dn, password);
  } catch (err) {
    if (refusedCredentials(err))
      throw new LdapLoginError('the LDAP user name or password is wrong', 'denied');
    throw unavailable(err);
  } finally {
    await client.unbind().catch(() => {});
  }
}

// Active Directory keeps an account's state in userAccountControl; bit 2 is ACCOUNTDISABLE.
// A directory without the attribute never reports it, and a disabled AD account cannot bind,
// but its earlier credentials must end too.
const AD_FLAGS = 'userAccountControl';
const AD_ACCOUNT_DISABLED = 0x2;

function isDisabled(entry: Record<string, unknown>): boolean {
  const raw = entry[AD_FLAGS];
  const flags = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(flags) && (flags & AD_ACCOUNT_DISABLED) !== 0;
}

/** The group DNs the group filter finds for a user (%d its DN, %s its login name). */
async function groupsOf(
  client: Client,
  cfg: LdapConfig,
  userDn: string,
  username: string,
): Promise<string[]> {
  if (cfg.groupSearchFilter === '') return [];
  const filter = cfg.groupSearchFilter
    .replaceAll('%d', escapeFilterValue(userDn))
    .replaceAll('%s', escapeFilterValue(username));
  const groups: string[] = [];
  for (const base of cfg.groupSearchBaseDns) {
    const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes: ['dn'] });
    groups.push(...searchEntries.map((e) => e.dn));
  }
  return groups;
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
  return asLookupAccount(cfg, async (client) => {
    const filter = cfg.userSearchFilter.replaceAll('%s', escapeFilterValue(username));
    const found: Record<string, unknown>[] = [];
    for (const base of cfg.userSearchBaseDns) {
      const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes: [AD_FLAGS] });
      found.push(...searchEntries);
    }
    if (found.length !== 1)
      throw new LdapLoginError(
        found.length === 0 ? 'no such LDAP user' : 'the user name matches several LDAP entries',
        'denied',
      );
    const entry = found[0]!;
    const userDn = String(entry.dn);
    await checkPassword(cfg, userDn, password);
    if (isDisabled(entry)) throw new LdapLoginError('the LDAP account is disabled', 'denied');
    return { userDn, groups: await groupsOf(client, cfg, userDn, username) };
  });
}

/** A user that earlier logins found, to ask the directory about again. */
export interface DirectoryUser {
  dn: string;
  /** The name it logged in with (what %s stands for in the group filter), when known. */
  username?: string;
}

/**
 * Asks the directory about each user, as MinIO revalidates its LDAP users: the DN must
 * still exist and still match the user filter (with any name: an administrator who
 * excludes accounts through the filter, as AD's disabled flag often is, excludes them
 * here too), and its AD account must not be disabled. A search for one user that fails
 * otherwise (a referral, an error) leaves that user unknown; the others are still judged
 * (MinIO gives up the whole pass, so one odd entry would shield every removed user). Only
 * a directory that cannot be reached or refuses the lookup bind fails the whole check
 * (LdapLoginError 'unavailable'). Once `signal` aborts, the users left are not asked.
 */
export function ldapCheckUsers(
  cfg: LdapConfig,
  users: readonly DirectoryUser[],
  signal?: AbortSignal,
): Promise<Map<string, DirectoryVerdict>> {
  const anyName = cfg.userSearchFilter.replaceAll('%s', '*') || '(objectClass=*)';
  return asLookupAccount(cfg, async (client) => {
    const verdicts = new Map<string, DirectoryVerdict>();
    for (const user of users) {
      if (signal?.aborted) break;
      try {
        verdicts.set(user.dn, await checkUser(client, cfg, anyName, user));
      } catch (err) {
        verdicts.set(user.dn, { state: 'unknown', reason: ldapErrorText(err) });
      }
    }
    return verdicts;
  });
}

/** An LDAP error as the log says it: its result code (10 is a referral) and its message. */
function ldapErrorText(err: unknown): string {
  if (!(err instanceof ResultCodeError)) return (err as Error).message;
  const message = err.message.replace(/\s*Code: 0x[0-9a-f]+$/i, '').trim();
  return `LDAP result ${err.code}${message ? `: ${message}` : ''}`;
}

/** One user's verdict; throws when the directory answers for it with an error. */
async function checkUser(
  client: Client,
  cfg: LdapConfig,
  anyName: string,
  user: DirectoryUser,
): Promise<DirectoryVerdict> {
  let entries: Record<string, unknown>[];
  try {
    ({ searchEntries: entries } = await client.search(user.dn, {
      scope: 'base',
      filter: anyName,
      attributes: [AD_FLAGS],
    }));
  } catch (err) {
    if (!(err instanceof NoSuchObjectError)) throw err;
    return { state: 'gone', reason: 'it is no longer in the directory' };
  }
  if (entries.length === 0) return { state: 'gone', reason: 'it no longer matches the user filter' };
  if (isDisabled(entries[0]!)) return { state: 'gone', reason: 'its account is disabled' };
  if (cfg.groupSearchFilter.includes('%s') && user.username === undefined) return { state: 'active' };
  return { state: 'active', groups: await groupsOf(client, cfg, user.dn, user.username ?? '') };
}
