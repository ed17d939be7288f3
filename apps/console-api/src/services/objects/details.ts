import type { ObjectItem } from '@stowage/contract';
import { uriEncode } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { storageCall, unlessMissing } from '../../clients/errors.js';
import { versionField } from './version.js';

type Extra = Pick<
  ObjectItem,
  | 'content_type'
  | 'user_metadata'
  | 'tags'
  | 'legal_hold_status'
  | 'retention_mode'
  | 'retention_until_date'
  | 'version_id'
  | 'replication_status'
>;

const USER_META = 'x-amz-meta-';
/** Stored with the object and shown with its metadata, as the SDK's stat reported them. */
const STORED_HEADERS = new Set([
  'cache-control',
  'content-encoding',
  'content-disposition',
  'content-language',
]);
const REPLICATION_STATES = new Set(['PENDING', 'COMPLETED', 'FAILED', 'REPLICA']);

/** Content type and user metadata (x-amz-meta-*, shown without the prefix) of one object. */
export async function userMetadata(
  s3: S3Client,
  bucket: string,
  name: string,
  versionId: string | undefined,
): Promise<Extra> {
  // A HEAD of our own: the SDK's statObject drops x-amz-replication-status.
  const query = versionId ? `versionId=${uriEncode(versionId, true)}` : '';
  const head = await storageCall(
    s3.makeRequestAsyncOmit({ method: 'HEAD', bucketName: bucket, objectName: name, query }),
  );
  const meta: Record<string, string> = {};
  let contentType: string | undefined;
  let replication: string | undefined;
  for (const [key, value] of Object.entries(head.headers)) {
    const lower = key.toLowerCase();
    if (lower === 'content-type') contentType = String(value);
    else if (lower === 'x-amz-replication-status') replication = String(value).toUpperCase();
    else if (lower.startsWith(USER_META)) meta[lower.slice(USER_META.length)] = String(value);
    else if (STORED_HEADERS.has(lower)) meta[lower] = String(value);
  }
  const extra: Extra = { user_metadata: meta };
  if (contentType) extra.content_type = contentType;
  if (replication && REPLICATION_STATES.has(replication)) {
    extra.replication_status = replication as NonNullable<Extra['replication_status']>;
  }
  // A V2 listing carries no version ids; the HEAD names the version in a versioned bucket.
  const headVersion = head.headers['x-amz-version-id'];
  if (typeof headVersion === 'string' && headVersion) extra.version_id = headVersion;
  return extra;
}

/** Answers meaning "none": never set, or a bucket without object locking. */
const NO_LOCK = ['NoSuchObjectLockConfiguration', 'ObjectLockConfigurationNotFoundError', 'InvalidRequest'];

/** Everything the object detail view shows: metadata, tags, legal hold and retention. */
export async function objectDetails(
  s3: S3Client,
  bucket: string,
  name: string,
  versionId: string | undefined,
): Promise<Extra> {
  const opts = versionField(versionId);
  const [meta, tags, hold, retention] = await Promise.all([
    userMetadata(s3, bucket, name, versionId),
    storageCall(s3.getObjectTagging(bucket, name, opts)),
    unlessMissing(s3.getObjectLegalHold(bucket, name, opts), NO_LOCK, undefined),
    unlessMissing(s3.getObjectRetention(bucket, name, opts), NO_LOCK, undefined),
  ]);
  const extra: Extra = {
    ...meta,
    tags: Object.fromEntries(tags.map((t) => [String(t.Key), String(t.Value)])),
  };
  // The SDK types this as the status, but hands back the parsed <LegalHold> element.
  const holdStatus = typeof hold === 'object' ? (hold as { Status?: string }).Status : hold;
  if (holdStatus) extra.legal_hold_status = holdStatus === 'ON' ? 'ON' : 'OFF';
  if (retention?.mode) {
    extra.retention_mode = retention.mode.toLowerCase() === 'governance' ? 'governance' : 'compliance';
    if (retention.retainUntilDate) extra.retention_until_date = String(retention.retainUntilDate);
  }
  return extra;
}
