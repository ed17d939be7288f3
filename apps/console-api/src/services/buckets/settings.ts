import type { BucketQuota, BucketRetention, SetQuotaRequest } from '@stowage/contract';
import type { BucketQuota as AdminQuota, Credentials } from '@stowage/madmin';
import type { LockUnit, Mode } from 'minio';
import { storageCall, unlessMissing } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';

/** The admin quota body for a console quota form; a disabled quota clears it (quota 0). */
export function quotaBody(quota: { enabled: boolean; quota_type?: string; amount?: number }): AdminQuota {
  if (!quota.enabled) return { quota: 0, quotatype: 'hard' };
  if (!quota.amount) throw new ApiError('badRequest', 'body/quota amount must be at least 1 byte');
  return { quota: quota.amount, quotatype: (quota.quota_type ?? 'hard') as AdminQuota['quotatype'] };
}

/** The S3 object-lock default rule for a console retention form. */
export function lockRule(retention: BucketRetention) {
  return {
    mode: retention.mode.toUpperCase() as Mode,
    unit: (retention.unit === 'years' ? 'Years' : 'Days') as LockUnit,
    validity: retention.validity,
  };
}

export async function getVersioning(gateway: StorageGateway, session: Credentials, bucket: string) {
  const config = await storageCall(gateway.s3(session).getBucketVersioning(bucket));
  const status = typeof config?.Status === 'string' ? config.Status : '';
  return { is_versioned: status === 'Enabled', status };
}

export async function setVersioning(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  enabled: boolean,
): Promise<void> {
  await storageCall(
    gateway.s3(session).setBucketVersioning(bucket, { Status: enabled ? 'Enabled' : 'Suspended' }),
  );
}

export async function getQuota(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
): Promise<BucketQuota> {
  // The quota call does not say whether the bucket exists; ask S3 first for a clear 404.
  await requireBucket(gateway, session, bucket);
  return readQuota(gateway, session, bucket);
}

async function readQuota(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
): Promise<BucketQuota> {
  const quota = await unlessMissing(
    gateway.admin(session).getBucketQuota(bucket),
    ['XMinioAdminNoSuchQuotaConfiguration'],
    undefined,
  );
  return quota && quota.quota > 0 ? { quota: quota.quota, type: quota.quotatype } : { quota: 0 };
}

export async function setQuota(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  req: SetQuotaRequest,
): Promise<BucketQuota> {
  await requireBucket(gateway, session, bucket);
  await storageCall(gateway.admin(session).setBucketQuota(bucket, quotaBody(req)));
  return readQuota(gateway, session, bucket);
}

export async function requireBucket(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
): Promise<void> {
  if (!(await storageCall(gateway.s3(session).bucketExists(bucket)))) {
    throw new ApiError('notFound', `bucket ${bucket} does not exist`, 'The specified bucket does not exist');
  }
}

interface LockConfig {
  objectLockEnabled?: string;
  mode?: string;
  unit?: string;
  validity?: number;
}

/** The bucket's object-lock configuration; undefined when locking was never enabled. */
async function lockConfig(gateway: StorageGateway, session: Credentials, bucket: string) {
  // The SDK's overloads hide the promise this returns.
  const config = gateway.s3(session).getObjectLockConfig(bucket) as unknown as Promise<LockConfig>;
  return unlessMissing(config, ['ObjectLockConfigurationNotFoundError'], undefined);
}

export async function getObjectLocking(gateway: StorageGateway, session: Credentials, bucket: string) {
  const config = await lockConfig(gateway, session, bucket);
  return { object_locking_enabled: config?.objectLockEnabled === 'Enabled' };
}

export async function getRetention(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
): Promise<BucketRetention> {
  const config = await lockConfig(gateway, session, bucket);
  if (!config?.mode || !config.validity) {
    throw new ApiError('notFound', 'the bucket has no default retention', 'retention is not enabled');
  }
  return {
    mode: config.mode.toLowerCase() === 'governance' ? 'governance' : 'compliance',
    unit: config.unit?.toLowerCase() === 'years' ? 'years' : 'days',
    validity: config.validity,
  };
}

export async function setRetention(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  retention: BucketRetention,
): Promise<void> {
  // The SDK's overloads hide the promise this returns.
  await storageCall(
    gateway.s3(session).setObjectLockConfig(bucket, lockRule(retention)) as unknown as Promise<void>,
  );
}

export async function getEncryption(gateway: StorageGateway, session: Credentials, bucket: string) {
  type Rule = { ApplyServerSideEncryptionByDefault?: { SSEAlgorithm?: string; KMSMasterKeyID?: string } };
  // The SDK hands back the parsed XML: one rule is an object, several an array.
  const parsed = (await storageCall(gateway.s3(session).getBucketEncryption(bucket))) as {
    ServerSideEncryptionConfiguration?: { Rule?: Rule | Rule[] };
  };
  const rules = parsed?.ServerSideEncryptionConfiguration?.Rule;
  const rule = (Array.isArray(rules) ? rules[0] : rules)?.ApplyServerSideEncryptionByDefault;
  if (!rule?.SSEAlgorithm) {
    // The web app reads exactly this message as "encryption disabled" (spec 001 §8).
    const message = 'The server side encryption configuration was not found';
    throw new ApiError('notFound', message, message);
  }
  return { algorithm: rule.SSEAlgorithm, kmsMasterKeyID: rule.KMSMasterKeyID ?? '' };
}

export async function enableEncryption(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  req: { encType: 'sse-s3' | 'sse-kms'; kmsKeyID?: string | undefined },
): Promise<void> {
  if (req.encType === 'sse-kms' && !req.kmsKeyID?.trim()) {
    throw new ApiError('badRequest', 'body/kmsKeyID is required for sse-kms', 'a KMS key is required');
  }
  const byDefault =
    req.encType === 'sse-kms'
      ? { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: req.kmsKeyID?.trim() }
      : { SSEAlgorithm: 'AES256' };
  await storageCall(
    gateway
      .s3(session)
      .setBucketEncryption(bucket, { Rule: [{ ApplyServerSideEncryptionByDefault: byDefault }] }),
  );
}

export async function disableEncryption(gateway: StorageGateway, session: Credentials, bucket: string) {
  await storageCall(gateway.s3(session).removeBucketEncryption(bucket));
}
