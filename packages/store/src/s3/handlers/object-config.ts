import { bucketSettings } from '../../engine/bucket-settings.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply, xmlReply } from '../../wire/reply.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { bucketPolicy, putObjectConfigAccesses } from '../authorize.js';
import type { S3Call, S3Deps } from '../call.js';
import { legalHoldConditions, requestTagConditions, retentionConditions } from '../condition-keys.js';
import { byKey, parseTagging, taggingXml } from '../config/tagging.js';
import {
  guardRetentionChange,
  noLockConfig,
  parseLegalHoldXml,
  parseRetentionXml,
} from '../request/object-lock.js';
import { encodeTagQuery, MAX_OBJECT_TAGS, storedTags } from '../request/tagging.js';
import type { S3Operation } from '../router.js';
import { readDocument } from './document-body.js';
import { versionIdHeader } from './objects.js';

// Tags, retention and legal hold of one object version: metadata changed in place, the
// version's data untouched.

type ConfigOp = Extract<S3Operation, { op: 'GetObjectConfig' | 'PutObjectConfig' | 'DeleteObjectConfig' }>;

const MAX_BODY = 64 * 1024;
const versionOf = (op: ConfigOp) => op.versionId;

async function requireLock(deps: S3Deps, bucket: string): Promise<void> {
  if (!(await bucketSettings(deps, bucket)).objectLock) throw noLockConfig();
}

/** Retention and legal hold need an integrity check, as S3 and MinIO require; tags do not. */
function body(call: S3Call, op: ConfigOp): Promise<Buffer> {
  return readDocument(call, MAX_BODY, { integrityRequired: op.kind !== 'tagging' });
}

export async function getObjectConfig(deps: S3Deps, op: ConfigOp): Promise<Reply> {
  if (op.kind !== 'tagging') await requireLock(deps, op.bucket);
  const info = await deps.layer.getObjectInfo(
    op.bucket,
    op.key,
    op.versionId ? { versionId: op.versionId } : {},
  );
  const headers = versionIdHeader(info.versionId);
  if (op.kind === 'tagging') return { ...xmlReply(taggingXml(byKey(storedTags(info.tags)))), headers };
  if (op.kind === 'retention') {
    if (!info.retention) throw new ApiError('NoSuchObjectLockConfiguration');
    return {
      ...xmlReply(
        elAttrs(
          'Retention',
          { xmlns: S3_NAMESPACE },
          el('Mode', info.retention.mode),
          el('RetainUntilDate', info.retention.until.toISOString()),
        ),
      ),
      headers,
    };
  }
  if (info.legalHold === undefined) throw new ApiError('NoSuchObjectLockConfiguration');
  return {
    ...xmlReply(elAttrs('LegalHold', { xmlns: S3_NAMESPACE }, el('Status', info.legalHold ? 'ON' : 'OFF'))),
    headers,
  };
}

export async function putObjectConfig(deps: S3Deps, call: S3Call, op: ConfigOp): Promise<Reply> {
  const now = new Date();
  // Judged with what the body sets (condition keys), so read first; a caller nothing could
  // allow is refused before (an anonymous one without a bucket policy).
  if (!call.auth && !(await bucketPolicy(deps, op.bucket))) throw new ApiError('AccessDenied');
  const judged = async (keys: Record<string, string[]>) => {
    for (const access of putObjectConfigAccesses(op, keys)) await call.authorize(access);
  };
  let patch: Parameters<S3Deps['layer']['updateObjectMeta']>[3];
  if (op.kind === 'tagging') {
    const parsed = parseTagging(await body(call, op), MAX_OBJECT_TAGS);
    await judged(requestTagConditions(parsed));
    const tags = encodeTagQuery(parsed);
    patch = () => ({ tags });
  } else if (op.kind === 'retention') {
    const next = parseRetentionXml(await body(call, op), now);
    await judged(retentionConditions(next, now));
    await requireLock(deps, op.bucket);
    patch = (info) => {
      guardRetentionChange(info.retention, next, op.bypassGovernance, now);
      return { retention: next };
    };
  } else {
    const legalHold = parseLegalHoldXml(await body(call, op));
    await judged(legalHoldConditions(legalHold));
    await requireLock(deps, op.bucket);
    patch = () => ({ legalHold });
  }
  const info = await deps.layer.updateObjectMeta(op.bucket, op.key, versionOf(op), patch);
  return emptyReply(200, versionIdHeader(info.versionId));
}

export async function deleteObjectConfig(deps: S3Deps, op: ConfigOp): Promise<Reply> {
  if (op.kind !== 'tagging') throw new ApiError('MethodNotAllowed');
  const info = await deps.layer.updateObjectMeta(op.bucket, op.key, versionOf(op), () => ({ tags: '' }));
  return emptyReply(204, versionIdHeader(info.versionId));
}
