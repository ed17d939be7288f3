import { randomUUID } from 'node:crypto';
import type { VersionRecord } from '../../format/object-record.js';
import { EngineError } from '../errors.js';
import { assertObjectKey } from '../names.js';
import type { ObjectInfo, ReleaseDataInput, RestoreDataInput } from '../object-layer.js';
import { dataPin, type EngineContext, objectLock } from './context.js';
import { shardOffset, shardOn } from './distribution.js';
import { toObjectInfo } from './object-info.js';
import { mergedKey, pickVersion } from './objects.js';
import { BLOCK_SIZE } from './params.js';
import { dataIdentity, type MergedVersion, patchVersion } from './versions.js';
import { commitKey, removeData } from './write/commit.js';
import { driveCopy, encodeBody, versionPlace } from './write/shard-writes.js';

// A version's data leaving for a tier and coming back (MinIO's transitionObject and
// restoreTransitionedObject, their local halves): the version keeps its id, time, metadata
// and tags throughout; only its data and what says where that data is change. Each is
// checked under the key's lock against the version the caller copied, so an overwrite in
// between is never changed in place of it.

const RESTORED_FILE = 'part.1';

function sameVersion(mv: MergedVersion, expect: { etag: string; modTime: Date }): VersionRecord {
  const v = mv.version;
  if (v.deleteMarker || v.etag !== expect.etag || v.mod !== expect.modTime.getTime())
    throw new EngineError('PreconditionFailed', 'The version changed since its data was copied');
  return v;
}

export async function releaseVersionData(
  ctx: EngineContext,
  bucket: string,
  key: string,
  input: ReleaseDataInput,
): Promise<ObjectInfo> {
  assertObjectKey(key);
  return ctx.locks.run(objectLock(bucket, key), async () => {
    const merged = mergedKey(ctx, bucket, key);
    const mv = pickVersion(merged, input.versionId);
    const v = sameVersion(mv, input);
    if (!v.data) throw new EngineError('PreconditionFailed', 'The version keeps no data here');
    const next: VersionRecord = { ...v, headers: input.headers, internal: input.internal };
    delete next.data;
    const same = dataIdentity(v);
    const result = await commitKey(ctx.drives, ctx.params, bucket, key, () =>
      patchVersion(v.id, (d) => (dataIdentity(d) === same ? next : d)),
    );
    if (!result.committed.every(Boolean)) ctx.queueHeal(bucket, key);
    const layout = v.data;
    if (!layout.inline)
      await ctx.pins.drop(dataPin(bucket, key, layout.id), () =>
        removeData(ctx.drives, bucket, key, layout.id),
      );
    return toObjectInfo(bucket, key, next, merged.versions[0] === mv);
  });
}

export async function restoreVersionData(
  ctx: EngineContext,
  bucket: string,
  key: string,
  input: RestoreDataInput,
): Promise<ObjectInfo> {
  assertObjectKey(key);
  const dataId = randomUUID();
  const total = ctx.params.data + ctx.params.parity;
  const offset = shardOffset(key, total);
  let committed = false;
  const written = ctx.writes.begin(dataPin(bucket, key, dataId));
  try {
    const enc = await encodeBody(
      ctx,
      input.body,
      { ...versionPlace(ctx, { bucket, key, dataId }, RESTORED_FILE, ctx.params, offset), noInline: true },
      { size: input.size },
    );
    return await ctx.locks.run(objectLock(bucket, key), async () => {
      const merged = mergedKey(ctx, bucket, key);
      const mv = pickVersion(merged, input.versionId);
      const v = sameVersion(mv, input);
      if (v.data) throw new EngineError('PreconditionFailed', 'The version already keeps its data here');
      const next: VersionRecord = {
        ...v,
        internal: input.internal,
        data: {
          id: dataId,
          data: ctx.params.data,
          parity: ctx.params.parity,
          index: 0,
          blockSize: BLOCK_SIZE,
          bitrot: ctx.newBitrot,
          parts: [{ number: 1, size: enc.size, etag: enc.md5.toString('hex'), file: RESTORED_FILE }],
        },
      };
      const same = dataIdentity(v);
      const result = await commitKey(ctx.drives, ctx.params, bucket, key, (i) =>
        enc.shards[i]
          ? patchVersion(v.id, (d) =>
              dataIdentity(d) === same ? driveCopy(next, shardOn(offset, i, total), enc.shards[i]) : d,
            )
          : undefined,
      );
      committed = true;
      if (!result.committed.every(Boolean)) ctx.queueHeal(bucket, key);
      return toObjectInfo(bucket, key, next, merged.versions[0] === mv);
    });
  } finally {
    if (!committed) await removeData(ctx.drives, bucket, key, dataId);
    written();
  }
}
