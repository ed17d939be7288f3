import type { Log } from '../http/server.js';
import { ApiError } from '../s3/errors.js';
import type { CredentialStore, ExternalUser, Identity } from './credentials.js';
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
   * cannot be reached, or refuses the store's own login).
   */
  check(users: readonly ExternalUser[]): Promise<Map<string, DirectoryVerdict>>;
}

export class ExternalUserChecks {
  /** When each user was last checked (or a check of it failed). */
  private readonly checkedAt = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly credentials: CredentialStore,
    private readonly directories: readonly ExternalDirectory[],
    private readonly settings: { checkCacheMs: number; now: () => number },
    private readonly log: Log,
  ) {}

  private now(): number {
    return this.settings.now();
  }

  /** One pass over every external user behind live credentials. */
  async revalidate(): Promise<void> {
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
    if (!current) throw new ApiError('InvalidAccessKeyId');
    return current;
  }

  private async checkUsers(directory: ExternalDirectory, users: readonly ExternalUser[]): Promise<void> {
    let verdicts: Map<string, DirectoryVerdict>;
    try {
      verdicts = await directory.check(users);
    } catch (err) {
      for (const user of users) this.checkedAt.set(user.parent, this.now());
      this.log(
        `identity: check of ${users.length} ${directory.name} user(s) failed (${(err as Error).message}); their credentials stay until the next check`,
      );
      return;
    }
    for (const user of users) {
      const verdict = verdicts.get(user.parent);
      if (!verdict) continue;
      this.checkedAt.set(user.parent, this.now());
      try {
        await this.apply(directory, user.parent, verdict);
      } catch (err) {
        this.log(
          `identity: updating the credentials of ${directory.name} user ${user.parent} failed: ${String(err)}`,
        );
      }
    }
  }

  private async apply(
    directory: ExternalDirectory,
    parent: string,
    verdict: DirectoryVerdict,
  ): Promise<void> {
    if (verdict.state === 'unknown') {
      this.log(
        `identity: ${directory.name} user ${parent}: the directory could not say whether it is still there (${verdict.reason}); its credentials stay until the next check`,
      );
      return;
    }
    if (verdict.state === 'gone') {
      const removed = await this.credentials.revokeExternal(parent, directory.idp);
      this.checkedAt.delete(parent);
      this.log(
        `identity: ${directory.name} user ${parent}: ${verdict.reason}; removed ${removed} credential(s)`,
      );
      return;
    }
    if (verdict.groups === undefined) return;
    const changed = await this.credentials.regroup(parent, verdict.groups);
    if (changed > 0)
      this.log(
        `identity: ${directory.name} user ${parent}: groups changed; updated ${changed} credential(s)`,
      );
  }
}

/** The LDAP directory of identity_ldap, as checks see it. */
export const ldapDirectory = (cfg: LdapConfig): ExternalDirectory => ({
  idp: 'ldap',
  name: 'LDAP',
  check: (users) =>
    ldapCheckUsers(
      cfg,
      users.map((u) =>
        u.username === undefined ? { dn: u.parent } : { dn: u.parent, username: u.username },
      ),
    ),
});
