import type { MetadataPatch, RetentionInfo } from '../../engine/object-layer.js';
import { header } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import type { Reply } from '../../wire/reply.js';
import type { S3Call, S3Deps } from '../call.js';
import { replicaWrite } from '../request/replica.js';
import { encodeTagQuery, parseTagQuery } from '../request/tagging.js';
import type { S3Operation } from '../router.js';
import { copyResult } from './copy.js';
import { versionIdHeader } from './objects.js';

// A metadata-only re-send (MinIO's replicateMetadata): the source's replication copies a
// version it already sent onto itself, with the version's tags and object lock as they are
// now. The replica keeps its id, time and data; only those values change. A version's
// content type and user metadata never change (S3 makes a new version for that).

type CopyOp = Extract<S3Operation, { op: 'CopyObject' }>;

/** The object lock the source sent, exactly (no bucket default: the source decided it). */
function sentLock(call: S3Call): Pick<MetadataPatch, 'retention' | 'legalHold'> {
  const mode = header(call.ctx.headers, 'x-amz-object-lock-mode');
  const until = header(call.ctx.headers, 'x-amz-object-lock-retain-until-date');
  const hold = header(call.ctx.headers, 'x-amz-object-lock-legal-hold');
  let retention: RetentionInfo | null = null;
  if (mode !== undefined || until !== undefined) {
    const date = new Date(until ?? '');
    if ((mode !== 'GOVERNANCE' && mode !== 'COMPLIANCE') || Number.isNaN(date.getTime()))
      throw new ApiError('InvalidArgument', 'Invalid object lock retention sent by replication');
    retention = { mode, until: date };
  }
  if (hold !== undefined && hold !== 'ON' && hold !== 'OFF')
    throw new ApiError('InvalidArgument', 'Invalid object lock legal hold sent by replication');
  return { retention, ...(hold === undefined ? {} : { legalHold: hold === 'ON' }) };
}

/** A replica CopyObject onto the same version: its tags and lock updated in place. */
export async function replicaMetadataCopy(
  deps: S3Deps,
  call: S3Call,
  op: CopyOp,
): Promise<Reply | undefined> {
  const replica = await replicaWrite(call, { action: 's3:ReplicateObject', bucket: op.bucket, key: op.key });
  if (!replica) return undefined;
  const { source } = op;
  if (source.bucket !== op.bucket || source.key !== op.key || source.versionId !== replica.versionId)
    throw new ApiError('InvalidArgument', 'A replication metadata update must copy a version onto itself');
  const tagging = header(call.ctx.headers, 'x-amz-tagging') ?? '';
  const patch: MetadataPatch = { tags: encodeTagQuery(parseTagQuery(tagging)), ...sentLock(call) };
  const info = await deps.layer.updateObjectMeta(op.bucket, op.key, replica.versionId, () => patch);
  return copyResult(info, {
    ...versionIdHeader(info.versionId),
    'x-amz-copy-source-version-id': info.versionId,
  });
}
