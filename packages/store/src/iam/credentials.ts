import type { SystemStore } from '../engine/system-store.js';
import { decodeTempCredential, type TempCredentialRecord } from '../format/credentials.js';
import { signJwt } from './jwt.js';
import { newAccessKey, newSecretKey } from './random.js';
import type { RootCredentials } from './root.js';
import { isExpired, purgeExpiredServiceAccounts } from './service-accounts.js';
import { IamStore } from './store.js';

/**
 * Who signed a request: root, an IAM user, a service account, or temporary credentials;
 * service accounts and temporary credentials act for a parent user.
 */
export interface Identity {
  accessKey: string;
  secretKey: string;
  kind: 'root' | 'user' | 'serviceAccount' | 'temporary';
  /** The user the credential acts for (its own access key for root and users). */
  parent: string;
  sessionToken?: string;
  expiration?: Date;
  /** A temporary credential's session policy, or a service account's embedded policy. */
  sessionPolicy?: string;
  /** External users (LDAP, OpenID): group DNs and policy names found at login. */
  groups?: string[];
  policies?: string[];
  idp?: 'ldap' | 'openid';
  /** OpenID users: the token's subject, which names the account. */
  subject?: string;
  /** LDAP users: the name they logged in with. */
  username?: string;
}

/** An external user behind live credentials, as its directory or provider knows it. */
export interface ExternalUser {
  parent: string;
  /** LDAP: the login name, when kept. */
  username?: string;
  /** OpenID: the token's subject. */
  subject?: string;
}

const STS_FOLDER = 'iam/sts';
// Expired credentials are kept a while so that their users hear ExpiredToken, not InvalidAccessKeyId.
const PURGE_AFTER_MS = 24 * 3600 * 1000;

export interface AssumeRoleInput {
  parent: string;
  durationSeconds: number;
  sessionPolicy?: string;
  now?: Date;
  /** For users of an external identity provider. */
  idp?: 'ldap' | 'openid';
  groups?: string[];
  policies?: string[];
  /** OpenID: the token's subject. */
  subject?: string;
  /** LDAP: the name the user logged in with. */
  username?: string;
}

const sameGroups = (a: readonly string[] = [], b: readonly string[] = []): boolean =>
  a.length === b.length && a.every((g) => b.includes(g));

/**
 * Credentials the store accepts. Temporary ones are persisted in the system namespace so
 * that console sessions survive a restart, and are purged once expired.
 */
export class CredentialStore {
  private readonly temporary = new Map<string, TempCredentialRecord>();
  private checker?: (identity: Identity) => Promise<Identity>;

  private constructor(
    private readonly system: SystemStore,
    private readonly root: RootCredentials,
    readonly iam: IamStore,
  ) {}

  static async open(system: SystemStore, root: RootCredentials): Promise<CredentialStore> {
    const store = new CredentialStore(system, root, await IamStore.open(system));
    for (const name of await system.list(STS_FOLDER)) {
      const raw = await system.read(`${STS_FOLDER}/${name}`);
      if (raw === undefined) continue;
      const record = decodeTempCredential(raw);
      store.temporary.set(record.accessKey, record);
    }
    await store.sweep();
    return store;
  }

  /** Forgets expired temporary credentials and removes expired service accounts. */
  async sweep(now = new Date()): Promise<void> {
    await this.purgeExpired(now);
    await purgeExpiredServiceAccounts(this.iam, now.getTime());
  }

  /**
   * The identity to serve a request with, once its external user (if any) is vouched for
   * again: see ExternalUserChecks. InvalidAccessKeyId when that user is gone.
   */
  vouch(identity: Identity): Promise<Identity> {
    return this.checker ? this.checker(identity) : Promise.resolve(identity);
  }

  /** Who vouches for external users when their credentials are used. */
  useChecker(checker: (identity: Identity) => Promise<Identity>): void {
    this.checker = checker;
  }

  get rootAccessKey(): string {
    return this.root.accessKey;
  }

  /** The record of a temporary credential, expired or not; undefined when there is none. */
  temporaryRecord(accessKey: string): TempCredentialRecord | undefined {
    return this.temporary.get(accessKey);
  }

  /** Whether an access key is taken by root, a service account or temporary credentials. */
  isReserved(accessKey: string): boolean {
    return (
      accessKey === this.root.accessKey ||
      this.temporary.has(accessKey) ||
      this.iam.state.serviceAccounts[accessKey] !== undefined
    );
  }

  /** Whether a user (or root) exists and is enabled: what every derived credential needs. */
  private activeUser(name: string): boolean {
    return name === this.root.accessKey || this.iam.state.users[name]?.status === 'enabled';
  }

  /**
   * The identity for an access key; expired temporary ones too, so callers can say so. A
   * disabled or removed user, and everything derived from one, is unknown at once.
   */
  lookup(accessKey: string, now = new Date()): Identity | undefined {
    if (accessKey === this.root.accessKey) {
      return { accessKey, secretKey: this.root.secretKey, kind: 'root', parent: accessKey };
    }
    const user = this.iam.state.users[accessKey];
    if (user) {
      if (user.status !== 'enabled') return undefined;
      return { accessKey, secretKey: user.secretKey, kind: 'user', parent: accessKey };
    }
    const account = this.iam.state.serviceAccounts[accessKey];
    if (account) {
      // An external user's account is vouched for by what its login found, not by IAM.
      if (account.status !== 'on' || (account.idp === undefined && !this.activeUser(account.parent)))
        return undefined;
      if (account.expiration !== undefined && new Date(account.expiration) <= now) return undefined;
      const identity: Identity = {
        accessKey,
        secretKey: account.secretKey,
        kind: 'serviceAccount',
        parent: account.parent,
      };
      if (account.policy !== undefined) identity.sessionPolicy = account.policy;
      if (account.idp !== undefined) identity.idp = account.idp;
      if (account.groups !== undefined) identity.groups = account.groups;
      if (account.policies !== undefined) identity.policies = account.policies;
      if (account.subject !== undefined) identity.subject = account.subject;
      if (account.username !== undefined) identity.username = account.username;
      return identity;
    }
    const t = this.temporary.get(accessKey);
    // An external user is vouched for by its provider at login, not by IAM.
    if (!t || (t.idp === undefined && !this.activeUser(t.parent))) return undefined;
    const identity: Identity = {
      accessKey,
      secretKey: t.secretKey,
      kind: 'temporary',
      parent: t.parent,
      sessionToken: t.sessionToken,
      expiration: new Date(t.expiration),
    };
    if (t.idp !== undefined) identity.idp = t.idp;
    if (t.groups !== undefined) identity.groups = t.groups;
    if (t.policies !== undefined) identity.policies = t.policies;
    if (t.subject !== undefined) identity.subject = t.subject;
    if (t.username !== undefined) identity.username = t.username;
    if (t.sessionPolicy !== undefined) identity.sessionPolicy = t.sessionPolicy;
    return identity;
  }

  async assumeRole(input: AssumeRoleInput): Promise<TempCredentialRecord> {
    const now = input.now ?? new Date();
    await this.purgeExpired(now);
    const expiration = new Date(Math.floor(now.getTime() / 1000) * 1000 + input.durationSeconds * 1000);
    const accessKey = newAccessKey();
    const claims: Record<string, string | number> = {
      accessKey,
      exp: Math.floor(expiration.getTime() / 1000),
      parent: input.parent,
    };
    if (input.sessionPolicy !== undefined) {
      claims.sessionPolicy = Buffer.from(input.sessionPolicy).toString('base64');
    }
    const record: TempCredentialRecord = {
      v: 1,
      accessKey,
      secretKey: newSecretKey(),
      sessionToken: signJwt(claims, this.root.secretKey),
      parent: input.parent,
      expiration: expiration.toISOString(),
    };
    if (input.sessionPolicy !== undefined) record.sessionPolicy = input.sessionPolicy;
    if (input.idp !== undefined) record.idp = input.idp;
    if (input.groups !== undefined) record.groups = input.groups;
    if (input.policies !== undefined) record.policies = input.policies;
    if (input.subject !== undefined) record.subject = input.subject;
    if (input.username !== undefined) record.username = input.username;
    await this.system.write(`${STS_FOLDER}/${accessKey}.json`, record);
    this.temporary.set(accessKey, record);
    return record;
  }

  /** The users of an identity provider behind live credentials (temporary or service accounts), each once. */
  externalParents(idp: 'ldap' | 'openid', now = new Date()): ExternalUser[] {
    const found = new Map<string, ExternalUser>();
    const note = (r: { parent: string; idp?: string; username?: string; subject?: string }) => {
      if (r.idp !== idp) return;
      const known = found.get(r.parent) ?? { parent: r.parent };
      if (r.username !== undefined) known.username ??= r.username;
      if (r.subject !== undefined) known.subject ??= r.subject;
      found.set(r.parent, known);
    };
    for (const t of this.temporary.values()) if (new Date(t.expiration) > now) note(t);
    for (const account of Object.values(this.iam.state.serviceAccounts))
      if (!isExpired(account, now.getTime())) note(account);
    return [...found.values()];
  }

  /**
   * Removes everything derived from an external user its directory no longer vouches for:
   * its temporary credentials and its service accounts, as MinIO's purge deletes them.
   * How many went.
   */
  async revokeExternal(parent: string, idp: 'ldap' | 'openid'): Promise<number> {
    const removed = await this.removeTemporary((t) => t.parent === parent && t.idp === idp);
    const accounts = Object.entries(this.iam.state.serviceAccounts)
      .filter(([, a]) => a.parent === parent && a.idp === idp)
      .map(([key]) => key);
    if (accounts.length > 0)
      await this.iam.mutate(['serviceAccounts'], (d) => {
        for (const key of accounts) delete d.serviceAccounts[key];
      });
    return removed + accounts.length;
  }

  /** The access keys of every credential (temporary or service account) derived from these users. */
  derivedFrom(parents: ReadonlySet<string>): Set<string> {
    const keys = new Set<string>();
    for (const [key, t] of this.temporary) if (parents.has(t.parent)) keys.add(key);
    for (const [key, a] of Object.entries(this.iam.state.serviceAccounts))
      if (parents.has(a.parent)) keys.add(key);
    return keys;
  }

  /**
   * Keeps an LDAP user's groups as the directory lists them now in each credential derived
   * from it, among `among` (those that existed when the directory was asked: a login since
   * found newer groups): policies mapped to a group it left stop applying. How many changed.
   */
  async regroup(parent: string, groups: readonly string[], among: ReadonlySet<string>): Promise<number> {
    let changed = 0;
    for (const [key, t] of this.temporary) {
      if (!among.has(key) || t.parent !== parent || t.idp !== 'ldap' || sameGroups(t.groups, groups))
        continue;
      const record = { ...t, groups: [...groups] };
      await this.system.write(`${STS_FOLDER}/${key}.json`, record);
      this.temporary.set(key, record);
      changed++;
    }
    const accounts = Object.entries(this.iam.state.serviceAccounts)
      .filter(
        ([key, a]) =>
          among.has(key) && a.parent === parent && a.idp === 'ldap' && !sameGroups(a.groups, groups),
      )
      .map(([key]) => key);
    if (accounts.length > 0)
      await this.iam.mutate(['serviceAccounts'], (d) => {
        for (const key of accounts) {
          const account = d.serviceAccounts[key];
          if (account) account.groups = [...groups];
        }
      });
    return changed + accounts.length;
  }

  /**
   * Ends the temporary credentials an IAM user made with AssumeRole (its password changed:
   * sessions opened with the old one must not outlive it). Its service accounts stay, as in
   * MinIO. How many went.
   */
  revokeTemporaryOf(user: string): Promise<number> {
    return this.removeTemporary((t) => t.parent === user && t.idp === undefined);
  }

  private async removeTemporary(which: (t: TempCredentialRecord) => boolean): Promise<number> {
    let removed = 0;
    for (const [key, t] of this.temporary) {
      if (!which(t)) continue;
      this.temporary.delete(key);
      await this.system.remove(`${STS_FOLDER}/${key}.json`);
      removed++;
    }
    return removed;
  }

  private async purgeExpired(now: Date): Promise<void> {
    for (const [key, record] of this.temporary) {
      if (new Date(record.expiration).getTime() + PURGE_AFTER_MS > now.getTime()) continue;
      this.temporary.delete(key);
      await this.system.remove(`${STS_FOLDER}/${key}.json`);
    }
  }
}
