import { EngineError } from './errors.js';

export const MAX_KEY_BYTES = 1024;

// Bucket names that would shadow the store's own routes (/minio/admin, /minio/health).
const RESERVED_BUCKETS = new Set(['minio']);

/** S3's bucket naming rules (the strict, DNS-compatible set AWS applies to new buckets). */
export function isValidBucketName(name: string): boolean {
  if (name.length < 3 || name.length > 63) return false;
  if (!/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(name)) return false;
  if (name.includes('..') || name.includes('.-') || name.includes('-.')) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return false;
  if (name.startsWith('xn--') || name.startsWith('sthree-')) return false;
  if (name.endsWith('-s3alias') || name.endsWith('--ol-s3')) return false;
  return !RESERVED_BUCKETS.has(name);
}

export function assertBucketName(name: string): void {
  if (!isValidBucketName(name))
    throw new EngineError('InvalidBucketName', `Bucket name '${name}' is not valid`);
}

/**
 * A name a new bucket may take: besides the rules every bucket name follows, the prefix and
 * suffixes AWS reserved later (example buckets, directory and table buckets, Multi-Region
 * Access Points). Only new names: a bucket that already has one stays reachable.
 */
export function assertNewBucketName(name: string): void {
  assertBucketName(name);
  if (name.startsWith('amzn-s3-demo-') || /(--x-s3|--table-s3|\.mrap)$/.test(name))
    throw new EngineError('InvalidBucketName', `Bucket name '${name}' is reserved`);
}

/**
 * Object keys are stored under a hash, never joined onto a path, but '.'/'..' segments
 * and NUL are still refused (as MinIO does) so that keys stay portable to any layout.
 */
export function assertObjectKey(key: string): void {
  if (key.length === 0) throw new EngineError('XMinioInvalidObjectName', 'Object name cannot be empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw new EngineError('KeyTooLongError');
  if (key.includes('\0')) throw new EngineError('XMinioInvalidObjectName');
  for (const segment of key.split('/')) {
    if (segment === '.' || segment === '..') throw new EngineError('XMinioInvalidObjectName');
  }
}
