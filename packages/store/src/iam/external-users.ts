import type { Logger } from '../observe/logger.js';
import type { CredentialStore, ExternalUser, Identity } from './credentials.js';
import { IamError } from './errors.js';
import { type LdapConfig, ldapCheckUsers } from './ldap.js';

// Users of an LDAP directory (or a Keycloak realm) keep what they logged in with only while
// their directory still vouches for them. Two checks, as MinIO's IAM refresh does the first:
//
// - every `revalidateIntervalMs`, each user behind live credentials is asked about: one
//   gone (removed, out of the user filter, disabled) loses every credential derived from it
//   (temporary credentials and service accounts are deleted, as MinIO's purge deletes them);
//   one whose groups changed has them updated in each credential, so that policies mapped
//   to a group it left stop applying;
// - when a service account of such a user is used and its user was last checked more than
//   `checkCacheMs` ago, the request waits for a check of that user (one at a time per user:
//   a burst of requests shares it).
//
// A directory that cannot be asked changes nothing (fail open, as MinIO's refresh logs the
// error and tries again next time): an LDAP outage must not stop every job that runs on a
// service account, and it gives no one rights they did not have at the last check. The
// failed check is logged, and counts as a check for `checkCacheMs`, so an unreachable
// directory is not asked again on every request.
//
// Passes run one at a time, and close() waits for the one under way (and for checks made
// for requests): a pass left running would rewrite or delete credential files after a
// restarted store has loaded them. A check's group lists are applied only to credentials
// that existed when it began: one made by a login during the check has newer groups.

/**
 * What a directory says of a user now: still there and enabled, with its groups (undefined
 * when they are not known: OpenID users, or a group filter that needs a login name that was
 * not kept), gone, and why, or unknown: the directory answered for the others but not for
 * this one (an error, a referral), which changes nothing for it, as an outage would not.
 */
export type DirectoryVerdict =
  | { state: 'active'; groups?: string[] }
  | { state: 'gone'; reason: string }
  | { state: 'unknown'; reason: string };

/** A directory, or provider, that can say whether its users still exist. */
export interface ExternalDirectory {
  idp: 'ldap' | 'openid';
  /** What it calls itself in the log. */
  name: string;
  /**
   * A verdict on each user; throws only when the directory cannot be asked at all (it
   * cannot be reached, or refuses the store's own login). Once `signal` aborts (the store
   * closes), it may stop asking and return what it has.
   */
  check(users: readonly ExternalUser[], signal: AbortSignal): Promise<Map<string, DirectoryVerdict>>;
}

export class ExternalUserChecks {
  /** When each user was last checked (or a check of it failed). */
  private readonly checkedAt = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();
  /** The pass under way (or queued), settled whatever it does. */
  private pass?: Promise<void>;
  private readonly closing = new AbortController();

  constructor(
    private readonly credentials: CredentialStore,
    private readonly directories: readonly ExternalDirectory[],
    private readonly settings: { checkCacheMs: number; now: () => number },
    private readonly log: Logger,
  ) {}

  private now(): number {
    return this.settings.now();
  }

  /**
   * One pass over every external user behind live credentials. One at a time: a call while
   * a pass runs waits for it, then makes its own. Nothing once closed.
   */
  revalidate(): Promise<void> {
    const next = (this.pass ?? Promise.resolve()).then(() => this.revalidateAll());
    const settled = next.catch(() => {});
    this.pass = settled;
    void settled.then(() => {
      if (this.pass === settled) this.pass = undefined;
    });
    return next;
  }

  /** Starts no more checks, stops those under way early, and waits for them to end. */
  async close(): Promise<void> {
    this.closing.abort();
    await Promise.allSettled([this.pass, ...this.pending.values()]);
  }

  private async revalidateAll(): Promise<void> {
    if (this.closing.signal.aborted) return;
    const seen = new Set<string>();
    for (const directory of this.directories) {
      const users = this.credentials.externalParents(directory.idp);
      for (const user of users) seen.add(user.parent);
      if (users.length > 0) await this.checkUsers(directory, users);
    }
    // Only users that still have credentials are remembered.
    for (const parent of this.checkedAt.keys()) if (!seen.has(parent)) this.checkedAt.delete(parent);
  }

  /** The identity to serve the request with; InvalidAccessKeyId when its user is gone. */
  async vouch(identity: Identity): Promise<Identity> {
    if (identity.kind !== 'serviceAccount' || identity.idp === undefined) return identity;
    const directory = this.directories.find((d) => d.idp === identity.idp);
    if (!directory) return identity;
    const { parent } = identity;
    const last = this.checkedAt.get(parent);
    if (last === undefined || this.now() - last >= this.settings.checkCacheMs) {
      let check = this.pending.get(parent);
      if (!check) {
        const user: ExternalUser = { parent };
        if (identity.username !== undefined) user.username = identity.username;
        if (identity.subject !== undefined) user.subject = identity.subject;
        check = this.checkUsers(directory, [user]).finally(() => this.pending.delete(parent));
        this.pending.set(parent, check);
      }
      await check;
    }
    // Its groups may have changed, or the account may be gone.
    const current = this.credentials.lookup(identity.accessKey);
    if (!current) throw new IamError('UnknownAccessKey');
    return current;
  }

  private async checkUsers(directory: ExternalDirectory, users: readonly ExternalUser[]): Promise<void> {
    const { signal } = this.closing;
    if (signal.aborted) return;
    const before = this.credentials.derivedFrom(new Set(users.map((u) => u.parent)));
    let verdicts: Map<string, DirectoryVerdict>;
    try {
      verdicts = await directory.check(users, signal);
    } catch (err) {
      if (signal.aborted) return;
      for (const user of users) this.checkedAt.set(user.parent, this.now());
      this.log.warn(
        `identity: check of ${users.length} ${directory.name} user(s) failed (${(err as Error).message}); their credentials stay until the next check`,
      );
      return;
    }
    for (const user of users) {
      // A store closing writes nothing more: the next one checks again.
      if (signal.aborted) return;
      const verdict = verdicts.get(user.parent);
      if (!verdict) continue;
      this.checkedAt.set(user.parent, this.now());
      try {
        await this.apply(directory, user.parent, verdict, before);
      } catch (err) {
        this.log.error(
          `identity: updating the credentials of ${directory.name} user ${user.parent} failed: ${String(err)}`,
        );
      }
    }
  }

  /** `before`: the access keys derived from the checked users when the check began. */
  private async apply(
    directory: ExternalDirectory,
    parent: string,
    verdict: DirectoryVerdict,
    before: ReadonlySet<string>,
  ): Promise<void> {
    if (verdict.state === 'unknown') {
      this.log.warn(
        `identity: ${directory.name} user ${parent}: the directory could not say whether it is still there (${verdict.reason}); its credentials stay until the next check`,
      );
      return;
    }
    if (verdict.state === 'gone') {
      const removed = await this.credentials.revokeExternal(parent, directory.idp);
      this.checkedAt.delete(parent);
      this.log.info(
        `identity: ${directory.name} user ${parent}: ${verdict.reason}; removed ${removed} credential(s)`,
      );
      return;
    }
    if (verdict.groups === undefined) return;
    const changed = await this.credentials.regroup(parent, verdict.groups, before);
    if (changed > 0)
      this.log.info(
        `identity: ${directory.name} user ${parent}: groups changed; updated ${changed} credential(s)`,
      );
  }
}

/** The LDAP directory of identity_ldap, as checks see it. */
export const ldapDirectory = (cfg: LdapConfig): ExternalDirectory => ({
  idp: 'ldap',
  name: 'LDAP',
  check: (users, signal) =>
    ldapCheckUsers(
      cfg,
      users.map((u) =>
        u.username === undefined ? { dn: u.parent } : { dn: u.parent, username: u.username },
      ),
      signal,
    ),
});
