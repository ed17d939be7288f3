import type { SystemStore } from '../engine/system-store.js';
import { decodeTempCredential, type TempCredentialRecord } from '../format/credentials.js';
import { signJwt } from './jwt.js';
import { newAccessKey, newSecretKey } from './random.js';
import type { RootCredentials } from './root.js';
import { purgeExpiredServiceAccounts } from './service-accounts.js';
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
}

/**
 * Credentials the store accepts. Temporary ones are persisted in the system namespace so
 * that console sessions survive a restart, and are purged once expired.
 */
export class CredentialStore {
  private readonly temporary = new Map<string, TempCredentialRecord>();

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
    await this.system.write(`${STS_FOLDER}/${accessKey}.json`, record);
    this.temporary.set(accessKey, record);
    return record;
  }

  private async purgeExpired(now: Date): Promise<void> {
    for (const [key, record] of this.temporary) {
      if (new Date(record.expiration).getTime() + PURGE_AFTER_MS > now.getTime()) continue;
      this.temporary.delete(key);
      await this.system.remove(`${STS_FOLDER}/${key}.json`);
    }
  }
}
