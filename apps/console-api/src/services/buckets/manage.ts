import type { BucketDetails, MakeBucketRequest } from '@stowage/contract';
import type { Credentials } from '@stowage/madmin';
import { storageCall } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';
import { bucketAccessLevel, parseBucketPolicy } from './anonymous-policy.js';
import { listBuckets } from './list.js';
import { readBucketPolicy } from './policy-text.js';
import { lockRule, quotaBody } from './settings.js';

/**
 * Creates the bucket and applies its settings in one call. A setting the server refuses rolls
 * the bucket back, so a failed form never leaves a half-configured bucket behind.
 */
export async function makeBucket(gateway: StorageGateway, session: Credentials, req: MakeBucketRequest) {
  const s3 = gateway.s3(session);
  const locking = Boolean(req.locking || req.retention);
  if (req.retention && req.versioning === false) {
    throw new ApiError('badRequest', 'retention needs versioning', 'retention needs versioning');
  }
  await storageCall(s3.makeBucket(req.name, '', { ObjectLocking: locking }));
  try {
    // Object locking turns versioning on by itself.
    if (req.versioning && !locking) await s3.setBucketVersioning(req.name, { Status: 'Enabled' });
    if (req.quota?.enabled) await gateway.admin(session).setBucketQuota(req.name, quotaBody(req.quota));
    if (req.retention) await s3.setObjectLockConfig(req.name, lockRule(req.retention));
  } catch (err) {
    await s3.removeBucket(req.name).catch(() => undefined);
    return storageCall(Promise.reject(err));
  }
}

export async function getBucket(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
): Promise<BucketDetails> {
  const [all, policyText] = await Promise.all([
    listBuckets(gateway, session),
    readBucketPolicy(gateway.s3(session), bucket),
  ]);
  const info = all.buckets.find((b) => b.name === bucket);
  if (!info)
    throw new ApiError('notFound', `bucket ${bucket} does not exist`, 'The specified bucket does not exist');
  return {
    ...info,
    access: bucketAccessLevel(parseBucketPolicy(policyText), bucket),
    definition: policyText,
  };
}

export async function deleteBucket(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  confirmedName: string,
): Promise<void> {
  if (confirmedName !== bucket) {
    throw new ApiError('badRequest', 'body/name must be the bucket being deleted', 'the names do not match');
  }
  await storageCall(gateway.s3(session).removeBucket(bucket));
}
