import type { SystemStore } from '../engine/system-store.js';
import { decodeTempCredential, type TempCredentialRecord } from '../format/credentials.js';
import { signJwt } from './jwt.js';
import { newAccessKey, newSecretKey } from './random.js';
import type { RootCredentials } from './root.js';

/** Who signed a request: the root user or temporary credentials derived from a user. */
export interface Identity {
  accessKey: string;
  secretKey: string;
  kind: 'root' | 'temporary';
  /** The user the credential acts for (root's own access key for root). */
  parent: string;
  sessionToken?: string;
  expiration?: Date;
  sessionPolicy?: string;
}

const STS_FOLDER = 'iam/sts';
// Expired credentials are kept a while so that their users hear ExpiredToken, not InvalidAccessKeyId.
const PURGE_AFTER_MS = 24 * 3600 * 1000;

export interface AssumeRoleInput {
  parent: string;
  durationSeconds: number;
  sessionPolicy?: string;
  now?: Date;
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
  ) {}

  static async open(system: SystemStore, root: RootCredentials): Promise<CredentialStore> {
    const store = new CredentialStore(system, root);
    for (const name of await system.list(STS_FOLDER)) {
      const raw = await system.read(`${STS_FOLDER}/${name}`);
      if (raw === undefined) continue;
      const record = decodeTempCredential(raw);
      store.temporary.set(record.accessKey, record);
    }
    await store.purgeExpired(new Date());
    return store;
  }

  get rootAccessKey(): string {
    return this.root.accessKey;
  }

  /** The identity for an access key; expired temporary ones too, so callers can say so. */
  lookup(accessKey: string): Identity | undefined {
    if (accessKey === this.root.accessKey) {
      return { accessKey, secretKey: this.root.secretKey, kind: 'root', parent: accessKey };
    }
    const t = this.temporary.get(accessKey);
    if (!t) return undefined;
    const identity: Identity = {
      accessKey,
      secretKey: t.secretKey,
      kind: 'temporary',
      parent: t.parent,
      sessionToken: t.sessionToken,
      expiration: new Date(t.expiration),
    };
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
