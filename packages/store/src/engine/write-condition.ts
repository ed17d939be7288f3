import { EngineError } from './errors.js';
import type { WriteCondition } from './object-layer.js';

/**
 * Checks a conditional write against the key's current object (undefined when there is none
 * or its latest version is a delete marker): If-None-Match: * fails when an object exists;
 * If-Match fails on another ETag, and on a key with no object (NoSuchKey, as S3 answers).
 */
/**
 * Refuses a new version that would give the key more than `max` versions (delete markers
 * count, as in MinIO's xl.meta): a suspended or unversioned write replaces the null version.
 */
export function checkVersionCount(
  versions: readonly { version: { id: string } }[],
  versioning: 'enabled' | 'suspended' | 'unversioned',
  max: number | undefined,
): void {
  if (max === undefined || versioning === 'unversioned') return;
  const adds = versioning === 'enabled' || !versions.some((v) => v.version.id === 'null');
  if (adds && versions.length + 1 > max) throw new EngineError('MaxVersionsExceeded');
}

export function checkWriteCondition(current: { etag: string } | undefined, condition?: WriteCondition): void {
  if (!condition) return;
  if (condition.ifNoneMatch && current) throw new EngineError('PreconditionFailed');
  const wanted = condition.ifMatch;
  if (wanted === undefined) return;
  if (!current) throw new EngineError('NoSuchKey');
  if (!wanted.some((etag) => etag === '*' || etag === current.etag))
    throw new EngineError('PreconditionFailed');
}
