import { join } from 'node:path';
import { setImmediate as yieldTurn } from 'node:timers/promises';
import { decodeObjectRecord } from '../../../format/object-record.js';
import { decodeUploadRecord } from '../../../format/upload-record.js';
import { bucketRange } from '../../fs/drive-index.js';
import { bucketDir, bucketRecordPath, keyHash } from '../../fs/layout.js';
import { readdir, rm, rmdir, stat } from '../../fs/os.js';
import { isValidBucketName } from '../../names.js';
import type { EngineContext } from '../context.js';

// Data folders no record names: the shards of writes a crash cut short before their commit,
// on keys no heal ever visits (the key was new, or its record never reached this drive).
// MinIO stages such writes in a tmp folder it empties at start; the store writes shards in
// place, so it sweeps after start, in the background.
//
// Safe beside live traffic without locking keys it cannot name (a folder is named by the
// key's hash): a folder goes only if no record or upload on any drive named it when the
// sweep read them, nothing in it changed after the sweep began, and it was not being
// written then. A write commits only while in flight, so none of these can be committed
// later; a write that committed during the read was in flight when the sweep began.

// Records are read a batch at a time between turns of the event loop: a batch of 1000 held
// requests up for 20 ms or so each while a big store swept after its start.
const BATCH = 100;

/** Stands in a key's set for every folder: its record did not decode, so all of them stay. */
const EVERY = '*';

/** Every data folder a record or an upload of the bucket names, on any drive, by key hash. */
async function namedFolders(
  ctx: EngineContext,
  bucket: string,
  stopped: () => boolean,
): Promise<Map<string, Set<string>> | undefined> {
  const named = new Map<string, Set<string>>();
  const add = (name: string, dataId: string) => {
    const h = keyHash(name);
    const ids = named.get(h);
    if (ids) ids.add(dataId);
    else named.set(h, new Set([dataId]));
  };
  const prefix = Buffer.byteLength(`${bucket}\0`);
  for (const ix of ctx.drives.all()) {
    if (!ix) continue;
    for (const [table, idsOf] of [
      ['objects', (b: Buffer) => decodeObjectRecord(b).versions.flatMap((v) => (v.data ? [v.data.id] : []))],
      ['uploads', (b: Buffer) => [decodeUploadRecord(b).dataId]],
    ] as const) {
      const range = bucketRange(bucket);
      let start = range.start;
      for (;;) {
        let last: Buffer | undefined;
        let n = 0;
        for (const { key, value } of ix[table].getRange({ start, end: range.end, limit: BATCH })) {
          last = key;
          n++;
          // Uploads are keyed "<key>\0<uploadId>"; objects by the key.
          const name = key.subarray(prefix).toString('utf8').split('\0')[0]!;
          let ids: string[];
          try {
            ids = idsOf(value);
          } catch {
            ids = [EVERY]; // what it names is unknown: the key keeps all its folders
          }
          for (const id of ids) add(name, id);
        }
        if (n < BATCH || !last) break;
        start = Buffer.concat([last, Buffer.from([0])]);
        await yieldTurn();
        if (stopped()) return undefined;
      }
    }
  }
  return named;
}

/** Whether any drive holds a key folder of the bucket (where data folders live). */
async function hasKeyFolders(ctx: EngineContext, bucket: string): Promise<boolean> {
  for (const drive of ctx.drives.paths) {
    const root = bucketDir(drive, bucket);
    for (const fan of await readdir(root).catch(() => [] as string[]))
      if (/^[0-9a-f]{2}$/.test(fan) && (await readdir(join(root, fan)).catch(() => [])).length > 0)
        return true;
  }
  return false;
}

/** Whether nothing in the folder changed at or after `since` (ms). */
async function untouchedSince(dir: string, since: number): Promise<boolean> {
  const folder = await stat(dir).catch(() => undefined);
  if (!folder || folder.mtimeMs >= since) return false;
  for (const f of await readdir(dir).catch(() => [] as string[])) {
    const st = await stat(join(dir, f)).catch(() => undefined);
    if (!st || st.mtimeMs >= since) return false;
  }
  return true;
}

/** Removes unnamed data folders (and key folders left empty) of every bucket; how many went. */
export async function sweepUnnamedData(
  ctx: EngineContext,
  buckets: readonly string[],
  stopped: () => boolean = () => false,
): Promise<number> {
  // A margin under the start time: file times and Date.now() need not tick together.
  const began = Date.now() - 2000;
  // Names are read from every drive: with one offline, what only it names would look unnamed.
  if (ctx.drives.all().some((ix) => ix === undefined)) return 0;
  const writing = ctx.writes.dataIds();
  let removed = 0;
  for (const bucket of buckets) {
    // A bucket with no key folder on any drive (its objects all inline) has nothing to sweep:
    // its records, maybe millions, need not be read.
    if (!(await hasKeyFolders(ctx, bucket))) continue;
    const named = await namedFolders(ctx, bucket, stopped);
    if (!named) return removed;
    for (const [i, ix] of ctx.drives.all().entries()) {
      if (!ix) continue;
      const root = bucketDir(ctx.drives.paths[i]!, bucket);
      for (const fan of await readdir(root).catch(() => [] as string[])) {
        if (!/^[0-9a-f]{2}$/.test(fan)) continue;
        for (const h of await readdir(join(root, fan)).catch(() => [] as string[])) {
          const keyDir = join(root, fan, h);
          const keep = named.get(h);
          for (const id of await readdir(keyDir).catch(() => [] as string[])) {
            if (keep?.has(id) || keep?.has(EVERY) || writing.has(id)) continue;
            if (!(await untouchedSince(join(keyDir, id), began))) continue;
            await rm(join(keyDir, id), { recursive: true, force: true });
            removed++;
          }
          await rmdir(keyDir).catch(() => {}); // still holds others
        }
        await yieldTurn();
        if (stopped()) return removed;
      }
    }
  }
  return removed + (stopped() ? 0 : await sweepBucketFolders(ctx, buckets, began));
}

/**
 * Bucket folders of buckets that do not exist (a CreateBucket or DeleteBucket a crash cut
 * between its folders and its records). Only folders shaped as the store makes them, each
 * judged under its bucket's lock with no bucket record on any drive: never lost+found or
 * anything else that shares a drive's root.
 */
async function sweepBucketFolders(
  ctx: EngineContext,
  buckets: readonly string[],
  began: number,
): Promise<number> {
  const known = new Set(buckets);
  let removed = 0;
  for (const drive of ctx.drives.paths) {
    for (const name of await readdir(drive).catch(() => [] as string[])) {
      if (known.has(name) || !isValidBucketName(name)) continue;
      const dir = bucketDir(drive, name);
      const entries = await readdir(dir).catch(() => undefined);
      if (!entries?.every((e) => /^[0-9a-f]{2}$/.test(e))) continue;
      if (!(await untouchedSince(dir, began))) continue;
      const gone = await ctx.locks.run(`bucket/${name}`, async () => {
        const records = await Promise.all(
          // Only a record known absent counts as none: an unreadable one may be there.
          ctx.drives.paths.map((d) =>
            stat(bucketRecordPath(d, name)).then(
              () => true,
              (err: NodeJS.ErrnoException) => err.code !== 'ENOENT',
            ),
          ),
        );
        if (records.some(Boolean)) return false;
        await rm(dir, { recursive: true, force: true });
        return true;
      });
      if (gone) removed++;
    }
  }
  return removed;
}
