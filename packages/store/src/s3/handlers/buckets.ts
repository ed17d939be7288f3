import { bucketSettings, configStore } from '../../engine/bucket-settings.js';
import { readAll } from '../../http/body.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply, xmlReply } from '../../wire/reply.js';
import { parseRequestXml, textOf } from '../../wire/xml-parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { sameRegion } from '../auth/common.js';
import type { S3Call, S3Deps } from '../call.js';
import type { ListBucketsParams, S3Operation } from '../router.js';

// MinIO answers with one fixed owner; clients only check that the element is there.
export const OWNER_ID = '02d6176db174dc93cb1b899f7c6078f08654445fe8cf1b6ce98d8855f66bdbf4';
export const owner = () => el('Owner', el('ID', OWNER_ID), el('DisplayName', 'minio'));

const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * Every bucket for whoever may s3:ListAllMyBuckets; otherwise the buckets the caller may
 * list or locate (as MinIO does, so that a user with a bucket-scoped policy sees its
 * buckets); anonymous callers never.
 */
export async function listBuckets(deps: S3Deps, call: S3Call, op: ListBucketsParams): Promise<Reply> {
  if (!call.auth) throw new ApiError('AccessDenied');
  // Every bucket lives in the store's one region (S3 names each bucket's, 2024).
  const region = deps.region || 'us-east-1';
  const after = op.continuationToken === undefined ? undefined : tokenBucket(op.continuationToken);
  let buckets = (await deps.layer.listBuckets()).filter(
    (b) =>
      (op.prefix === undefined || b.name.startsWith(op.prefix)) &&
      (after === undefined || b.name > after) &&
      (op.bucketRegion === undefined || sameRegion(op.bucketRegion, region)),
  );
  if (!(await call.may({ action: 's3:ListAllMyBuckets' }))) {
    const visible = await Promise.all(
      buckets.map(
        async (b) =>
          (await call.may({ action: 's3:ListBucket', bucket: b.name })) ||
          (await call.may({ action: 's3:GetBucketLocation', bucket: b.name })),
      ),
    );
    buckets = buckets.filter((_, i) => visible[i]);
  }
  const more = op.maxBuckets !== undefined && buckets.length > op.maxBuckets;
  if (more) buckets = buckets.slice(0, op.maxBuckets);
  return xmlReply(
    elAttrs(
      'ListAllMyBucketsResult',
      { xmlns: S3_NAMESPACE },
      owner(),
      el(
        'Buckets',
        buckets.map((b) =>
          el(
            'Bucket',
            el('Name', b.name),
            el('CreationDate', b.created.toISOString()),
            el('BucketRegion', region),
          ),
        ),
      ),
      more ? el('ContinuationToken', bucketToken(buckets.at(-1)!.name)) : null,
      op.prefix === undefined ? null : el('Prefix', op.prefix),
    ),
  );
}

// The token is the last bucket listed, obfuscated as S3's are (not a bucket name itself).
const bucketToken = (name: string) => Buffer.from(`bucket:${name}`).toString('base64url');

function tokenBucket(token: string): string {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (!text.startsWith('bucket:') || bucketToken(text.slice(7)) !== token)
    throw new ApiError('InvalidArgument', 'The continuation token provided is incorrect');
  return text.slice(7);
}

/** The region a CreateBucketConfiguration asks for ('' when none). */
async function requestedLocation(call: S3Call): Promise<string> {
  const body = await readAll(call.body(), MAX_CONFIG_BYTES, new ApiError('MalformedXML'));
  if (body.length === 0) return '';
  const config = parseRequestXml(body, 'CreateBucketConfiguration');
  return textOf(config, 'LocationConstraint') ?? '';
}

export async function createBucket(
  deps: S3Deps,
  call: S3Call,
  { bucket, objectLock }: Extract<S3Operation, { op: 'CreateBucket' }>,
): Promise<Reply> {
  const location = await requestedLocation(call);
  const wanted = deps.signingRegion;
  if (location !== '' && wanted && !sameRegion(location, wanted)) {
    throw new ApiError(
      'InvalidLocationConstraint',
      `The specified location-constraint '${location}' is not valid; this server is in '${wanted}'`,
      { bucket },
    );
  }
  const configs = configStore(deps);
  // The documents are written before the bucket exists: a crash or failure between the two
  // leaves no bucket (a retry creates it whole), never a bucket without the lock asked for.
  await deps.layer.makeBucket(bucket, async () => {
    // A bucket name can be reused: documents of an earlier bucket must not come back.
    await configs.deleteAll(bucket);
    if (objectLock) {
      // Object lock implies versioning, as in S3.
      await configs.put(bucket, 'object-lock', { enabled: true });
      await configs.put(bucket, 'versioning', { status: 'Enabled' });
    }
  });
  return emptyReply(200, { Location: `/${bucket}` });
}

export async function headBucket(deps: S3Deps, bucket: string): Promise<Reply> {
  await deps.layer.getBucketInfo(bucket);
  // Only a configured region is named, as MinIO names it.
  return emptyReply(200, deps.region ? { 'X-Amz-Bucket-Region': deps.region } : {});
}

export async function deleteBucket(deps: S3Deps, op: { bucket: string; force: boolean }): Promise<Reply> {
  // Forcing past object lock would delete what it protects (MinIO answers the same).
  if (op.force && (await bucketSettings(deps, op.bucket)).objectLock) throw new ApiError('MethodNotAllowed');
  // The documents go under the bucket's lock: a CreateBucket of the same name racing this
  // one would otherwise have its new object-lock settings deleted as the old bucket's.
  await deps.layer.deleteBucket(op.bucket, {
    force: op.force,
    // A failure leaves documents that the next CreateBucket of the name clears anyway.
    afterRemove: () =>
      configStore(deps)
        .deleteAll(op.bucket)
        .catch(() => {}),
  });
  return emptyReply(204);
}

export async function getBucketLocation(deps: S3Deps, bucket: string): Promise<Reply> {
  await deps.layer.getBucketInfo(bucket);
  // S3 reports its original region as an empty constraint; so does a store with none set.
  const location = deps.region === 'us-east-1' ? '' : deps.region;
  return xmlReply(elAttrs('LocationConstraint', { xmlns: S3_NAMESPACE }, location));
}
