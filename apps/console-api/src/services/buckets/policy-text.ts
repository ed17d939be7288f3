import type { Client as S3Client } from 'minio';
import { storageCall, unlessMissing } from '../../clients/errors.js';

/** The bucket policy as JSON text; '' when the bucket has none. */
export function readBucketPolicy(s3: S3Client, bucket: string): Promise<string> {
  return unlessMissing(s3.getBucketPolicy(bucket), ['NoSuchBucketPolicy'], '');
}

/** Writes the policy; one without statements removes it (S3 refuses an empty statement list). */
export function writeBucketPolicy(s3: S3Client, bucket: string, policy: { Statement: unknown[] }) {
  return storageCall(s3.setBucketPolicy(bucket, policy.Statement.length ? JSON.stringify(policy) : ''));
}
