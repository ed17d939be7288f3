import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { migrateMetaRecord } from '../../format/object-record.js';
import { isNotFound, readJsonFile } from './atomic.js';
import { DriveIndex } from './drive-index.js';
import { bucketDir, bucketsDir, META_FILE } from './layout.js';

async function dirs(path: string): Promise<string[]> {
  try {
    return (await readdir(path, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (err) {
    if (isNotFound(err)) return [];
    throw err;
  }
}

/** Moves `<objectDir>/<dataId>` (a format-1 shard file) to `<objectDir>/<dataId>/part.1`. */
async function moveShard(objectDir: string, dataId: string): Promise<void> {
  const file = join(objectDir, dataId);
  const st = await stat(file).catch(() => undefined);
  if (!st?.isFile()) return; // inline, or moved by an earlier, interrupted run
  const aside = `${file}.migrating`;
  await rename(file, aside);
  await mkdir(file);
  await rename(aside, join(file, 'part.1'));
}

/**
 * Moves a format-1 drive's object records (one meta.json per key) into the drive's index,
 * and each shard file into its version's data folder. Safe to run again after a crash:
 * a key's meta.json goes only once its record is committed.
 */
export async function migrateToIndex(drive: string): Promise<number> {
  const index = await DriveIndex.open(drive);
  let moved = 0;
  try {
    const buckets = (await readdir(bucketsDir(drive)).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
    for (const bucket of buckets) {
      const root = bucketDir(drive, bucket);
      for (const shard of await dirs(root)) {
        for (const hash of await dirs(join(root, shard))) {
          const objectDir = join(root, shard, hash);
          let migrated: ReturnType<typeof migrateMetaRecord>;
          try {
            const raw = await readJsonFile(join(objectDir, META_FILE));
            if (raw === undefined) continue;
            migrated = migrateMetaRecord(raw);
          } catch {
            continue; // A damaged record stays behind; heal rebuilds the key from the other drives.
          }
          const { key, record } = migrated;
          const dataId = record.versions[0]!.data!.id;
          await moveShard(objectDir, dataId);
          await index.writeRecord(bucket, key, index.recordOrNothing(bucket, key), record);
          await rm(join(objectDir, META_FILE), { force: true });
          moved++;
        }
      }
    }
  } finally {
    await index.close();
  }
  return moved;
}
