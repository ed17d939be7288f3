import { BucketConfigStore } from '../../engine/bucket-config-store.js';
import type { QuotaValue } from '../../engine/bucket-settings.js';
import type { ObjectLayer } from '../../engine/object-layer.js';
import type { SystemStore } from '../../engine/system-store.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, jsonReply, type Reply } from '../../wire/reply.js';

// GET /get-bucket-quota and PUT /set-bucket-quota (madmin-protocol.md §3.7): a hard quota
// in bytes, enforced by the S3 layer on every write. Quota 0 (or a document without one, as
// `mc quota clear` sends) clears it; like MinIO, which keeps the document it was sent, a
// cleared bucket then answers an empty quota, and only one never given a quota answers 404.

export async function getBucketQuota(
  layer: ObjectLayer,
  system: SystemStore,
  bucket: string,
): Promise<Reply> {
  await layer.getBucketInfo(bucket);
  const quota = (await new BucketConfigStore(system).get(bucket, 'quota')) as QuotaValue | undefined;
  if (!quota) throw new ApiError('XMinioAdminNoSuchQuotaConfiguration');
  return jsonReply({ quota: quota.quota, quotatype: quota.quotatype });
}

function parseQuota(body: Buffer): QuotaValue {
  let raw: unknown;
  try {
    raw = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ApiError('InvalidArgument', 'The quota document is not valid JSON');
  }
  const { quota, quotatype } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<
    string,
    unknown
  >;
  if (quotatype === 'fifo') throw new ApiError('InvalidArgument', "'fifo' quota type is deprecated");
  if (quotatype !== undefined && quotatype !== 'hard' && quotatype !== '')
    throw new ApiError('InvalidArgument', `Unknown quota type '${String(quotatype)}'`);
  if (quota === undefined) return { quota: 0, quotatype: 'hard' };
  if (typeof quota !== 'number' || !Number.isSafeInteger(quota) || quota < 0)
    throw new ApiError('InvalidArgument', 'The quota must be a non-negative whole number of bytes');
  return { quota, quotatype: 'hard' };
}

export async function setBucketQuota(
  layer: ObjectLayer,
  system: SystemStore,
  bucket: string,
  body: Buffer,
): Promise<Reply> {
  await layer.getBucketInfo(bucket);
  // Quota 0 is kept, not deleted: enforcement reads it as no quota (settings.ts).
  await new BucketConfigStore(system).put(bucket, 'quota', parseQuota(body));
  return emptyReply(200);
}
