import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ObjectMetaRecord } from '../../format/object-meta.js';
import { fsyncDir, writeFileAtomic } from '../fs/atomic.js';
import { META_FILE, objectDir, tmpDir } from '../fs/layout.js';
import type { ShardOut } from './encode.js';
import type { DriveAnswer } from './quorum.js';
import { doAll, successes } from './quorum.js';

/** Drive i's copy of a record: its shard index, and its shard stream when inline. */
export function recordFor(base: ObjectMetaRecord, i: number, out: ShardOut): ObjectMetaRecord {
  const record: ObjectMetaRecord = { ...base, erasure: { ...base.erasure, index: i } };
  delete record.inline;
  if (out && 'inline' in out) record.inline = out.inline.toString('base64');
  return record;
}

const metaPath = (drive: string, bucket: string, key: string) =>
  join(objectDir(drive, bucket, key), META_FILE);

/**
 * Commits a new version on the drives in `targets` (default all): on each, the shard file
 * is renamed into the object folder, then the record is replaced atomically (that rename
 * is the drive's commit point). Returns which drives committed.
 */
export async function commitShards(
  drives: readonly string[],
  bucket: string,
  key: string,
  base: ObjectMetaRecord,
  shards: ShardOut[],
  targets: (i: number) => boolean = () => true,
): Promise<boolean[]> {
  return doAll(drives, async (d, i) => {
    const out = shards[i];
    if (!targets(i) || !out) throw new Error('not written');
    const dir = objectDir(d, bucket, key);
    await mkdir(dir, { recursive: true });
    if ('file' in out) {
      await rename(out.file, join(dir, base.dataId));
      await fsyncDir(dir);
    }
    await writeFileAtomic(metaPath(d, bucket, key), `${JSON.stringify(recordFor(base, i, out))}\n`, {
      tmpDir: tmpDir(d),
    });
  });
}

/** Undoes a commit that missed write quorum: previous records back, new shard files gone. */
export async function rollback(
  drives: readonly string[],
  bucket: string,
  key: string,
  dataId: string,
  committed: boolean[],
  previous: DriveAnswer<ObjectMetaRecord>[],
): Promise<void> {
  await doAll(drives, async (d, i) => {
    const prev = previous[i];
    if (committed[i]) {
      if (typeof prev === 'object')
        await writeFileAtomic(metaPath(d, bucket, key), `${JSON.stringify(prev.value)}\n`, {
          tmpDir: tmpDir(d),
        });
      else await rm(metaPath(d, bucket, key), { force: true });
    }
    await rm(join(objectDir(d, bucket, key), dataId), { force: true });
  });
}

/** Removes the shard files of versions no longer referenced (after a commit or delete). */
export async function dropShardFiles(
  drives: readonly string[],
  bucket: string,
  key: string,
  previous: DriveAnswer<ObjectMetaRecord>[],
  keep?: string,
  rmEmpty = false,
): Promise<void> {
  await doAll(drives, async (d, i) => {
    const prev = previous[i];
    const dir = objectDir(d, bucket, key);
    if (typeof prev === 'object' && prev.value.dataId !== keep && prev.value.inline === undefined)
      await rm(join(dir, prev.value.dataId), { force: true });
    if (rmEmpty) await rmdir(dir);
  });
}

/** Removes an object's record from every drive (each rm is that drive's commit). */
export async function removeRecords(drives: readonly string[], bucket: string, key: string): Promise<number> {
  return successes(await doAll(drives, (d) => rm(metaPath(d, bucket, key), { force: true })));
}
