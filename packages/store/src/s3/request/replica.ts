import { isValidVersionId } from '../../engine/erasure/versions.js';
import { header, type RequestContext } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import type { S3Call } from '../call.js';

// A write another store's replication sends (MinIO's X-Minio-Source-* headers): the
// version keeps the source's id and time and is marked a replica. Only a caller IAM lets
// replicate (s3:ReplicateObject / s3:ReplicateDelete) may set them.

export interface ReplicaWrite {
  versionId: string;
  modTime: Date;
  /** Deletes: whether the source made a delete marker. */
  deleteMarker: boolean;
}

export const isReplicaRequest = (ctx: RequestContext): boolean =>
  header(ctx.headers, 'x-minio-source-replication-request') === 'true';

/** The replica a request sends, checked and authorised; undefined for an ordinary request. */
export async function replicaWrite(
  call: S3Call,
  access: { action: 's3:ReplicateObject' | 's3:ReplicateDelete'; bucket: string; key: string },
): Promise<ReplicaWrite | undefined> {
  if (!isReplicaRequest(call.ctx)) return undefined;
  await call.authorize(access);
  const versionId = header(call.ctx.headers, 'x-minio-source-version-id') ?? '';
  const mtime = new Date(header(call.ctx.headers, 'x-minio-source-mtime') ?? '');
  if (!isValidVersionId(versionId) || versionId === 'null')
    throw new ApiError('InvalidArgument', 'Invalid x-minio-source-version-id');
  if (Number.isNaN(mtime.getTime())) throw new ApiError('InvalidArgument', 'Invalid x-minio-source-mtime');
  return {
    versionId,
    modTime: mtime,
    deleteMarker: header(call.ctx.headers, 'x-minio-source-deletemarker') === 'true',
  };
}
