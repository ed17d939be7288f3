import type { SseKms } from '../crypto/index.js';
import { BucketConfigStore } from './bucket-config-store.js';
import { excludedFromVersioning, type ObjectLockValue, type VersioningValue } from './bucket-documents.js';
import type { Versioning } from './object-layer.js';
import type { SystemStore } from './system-store.js';

// What a bucket's configuration documents mean for one object request. The documents are
// cached by the system namespace, so reading them on every request costs no disk I/O.

/** A hard quota as the admin API sets it (madmin.BucketQuota). */
export interface QuotaValue {
  quota: number;
  quotatype: 'hard';
}

export interface BucketSettings {
  /** The bucket's state; versioningOf gives a key's (MinIO's excluded prefixes). */
  versioning: Versioning;
  versioningExclusions?: Omit<VersioningValue, 'status'>;
  objectLock?: ObjectLockValue;
  /** Default encryption for new objects: SSE-S3, or SSE-KMS with the key named. */
  encryption?: 'AES256' | SseKms;
  /** Hard quota in bytes. */
  quota?: number;
}

/** Where the documents are read from: the system namespace. */
export interface SettingsDeps {
  system: SystemStore;
}

export const configStore = (deps: SettingsDeps): BucketConfigStore => new BucketConfigStore(deps.system);

/**
 * Settings derived per bucket, kept while the system namespace has seen no write since
 * (its generation): every object request asks for them, and four document reads and their
 * promises were a measurable share of a 4 KiB PUT. Shared between requests, so frozen.
 * Names of buckets that do not exist get here too: past MAX_DERIVED entries it starts over.
 */
const MAX_DERIVED = 10_000;
type Derived = Map<string, { generation: number; settings: Promise<BucketSettings> }>;
const derived = new WeakMap<SystemStore, Derived>();

export function bucketSettings(deps: SettingsDeps, bucket: string): Promise<BucketSettings> {
  let byBucket = derived.get(deps.system);
  if (!byBucket) {
    byBucket = new Map();
    derived.set(deps.system, byBucket);
  }
  const generation = deps.system.generation;
  const known = byBucket.get(bucket);
  if (known?.generation === generation) return known.settings;
  if (byBucket.size >= MAX_DERIVED) byBucket.clear();
  const entry = { generation, settings: readSettings(deps, bucket) };
  byBucket.set(bucket, entry);
  entry.settings.catch(() => {
    if (byBucket.get(bucket) === entry) byBucket.delete(bucket);
  });
  return entry.settings;
}

async function readSettings(deps: SettingsDeps, bucket: string): Promise<BucketSettings> {
  const configs = configStore(deps);
  const [versioning, lock, encryption, quota] = await Promise.all([
    configs.get(bucket, 'versioning') as Promise<VersioningValue | undefined>,
    configs.get(bucket, 'object-lock') as Promise<ObjectLockValue | undefined>,
    configs.get(bucket, 'encryption') as Promise<
      { algorithm: 'AES256' | 'aws:kms'; kmsKeyId?: string } | undefined
    >,
    configs.get(bucket, 'quota') as Promise<QuotaValue | undefined>,
  ]);
  const settings: BucketSettings = {
    versioning:
      versioning?.status === 'Enabled'
        ? 'enabled'
        : versioning?.status === 'Suspended'
          ? 'suspended'
          : 'unversioned',
  };
  if (versioning?.status === 'Enabled' && (versioning.excludedPrefixes || versioning.excludeFolders)) {
    const { status: _, ...exclusions } = versioning;
    settings.versioningExclusions = exclusions;
  }
  if (lock) settings.objectLock = lock;
  if (encryption)
    settings.encryption =
      encryption.algorithm === 'AES256' ? 'AES256' : { kind: 'KMS', keyId: encryption.kmsKeyId ?? '' };
  if (quota && quota.quota > 0) settings.quota = quota.quota;
  return Object.freeze(settings);
}

/** How a write to `key` is versioned: an enabled bucket leaves its excluded keys unversioned. */
export function versioningOf(settings: BucketSettings, key: string): Versioning {
  const x = settings.versioningExclusions;
  // Never under object lock: an unversioned write there would replace a locked version.
  if (!x || settings.objectLock || settings.versioning !== 'enabled') return settings.versioning;
  return excludedFromVersioning(x, key) ? 'suspended' : 'enabled';
}
