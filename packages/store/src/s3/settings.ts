import type { Versioning } from '../engine/object-layer.js';
import type { S3Deps } from './call.js';
import type { ObjectLockValue } from './config/object-lock.js';
import { BucketConfigStore } from './config/store.js';
import type { VersioningStatus } from './config/versioning.js';

// What a bucket's configuration documents mean for one object request. The documents are
// cached by the system namespace, so reading them on every request costs no disk I/O.

/** A hard quota as the admin API sets it (madmin.BucketQuota). */
export interface QuotaValue {
  quota: number;
  quotatype: 'hard';
}

export interface BucketSettings {
  versioning: Versioning;
  objectLock?: ObjectLockValue;
  /** Default encryption for new objects. */
  encryption?: 'AES256';
  /** Hard quota in bytes. */
  quota?: number;
}

export const configStore = (deps: S3Deps): BucketConfigStore => new BucketConfigStore(deps.system);

export async function bucketSettings(deps: S3Deps, bucket: string): Promise<BucketSettings> {
  const configs = configStore(deps);
  const [versioning, lock, encryption, quota] = await Promise.all([
    configs.get(bucket, 'versioning') as Promise<{ status: VersioningStatus } | undefined>,
    configs.get(bucket, 'object-lock') as Promise<ObjectLockValue | undefined>,
    configs.get(bucket, 'encryption') as Promise<{ algorithm: 'AES256' } | undefined>,
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
  if (lock) settings.objectLock = lock;
  if (encryption) settings.encryption = encryption.algorithm;
  if (quota && quota.quota > 0) settings.quota = quota.quota;
  return settings;
}
