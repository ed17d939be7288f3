import { decodeUploadRecord, type UploadRecord } from '../../../format/upload-record.js';
import { bucketRange } from '../../fs/drive-index.js';
import type { EngineContext } from '../context.js';
import { removeData } from '../write/commit.js';
import { dataInUse } from './multipart.js';
import { removeUpload } from './upload-entries.js';
import { uploadEntry, uploadLock } from './uploads.js';

// Multipart uploads their clients abandoned hold their parts' space for ever: MinIO aborts
// those begun longer ago than the api subsystem's stale_uploads_expiry. The walk reads every
// drive, so it also takes an upload's copies left on fewer drives than read quorum (a crash
// during CreateMultipartUpload or AbortMultipartUpload), which no client can name to abort.

const BATCH = 1000;

export interface StaleUpload {
  key: string;
  uploadId: string;
}

const decoded = (bytes: Buffer | undefined): UploadRecord | undefined => {
  if (bytes === undefined) return undefined;
  try {
    return decodeUploadRecord(bytes);
  } catch {
    return undefined; // a damaged copy tells no age: it stays (heal's concern)
  }
};

/**
 * The bucket's uploads begun before `before` (ms since the epoch) on drive `drive`, a page
 * after `after` (an index key, exclusive); `next` continues the walk, undefined at the end.
 */
export function staleUploadsOn(
  ctx: EngineContext,
  drive: number,
  bucket: string,
  before: number,
  after?: Buffer,
): { stale: StaleUpload[]; next?: Buffer } {
  const ix = ctx.drives.all()[drive];
  if (!ix) return { stale: [] };
  const range = bucketRange(bucket);
  const prefix = range.start.length;
  const stale: StaleUpload[] = [];
  let last: Buffer | undefined;
  let n = 0;
  for (const { key, value } of ix.uploads.getRange({
    start: after ?? range.start,
    end: range.end,
    limit: BATCH + 1,
  })) {
    if (after?.equals(key)) continue;
    if (++n > BATCH) break;
    last = key;
    const record = decoded(value);
    if (record === undefined || record.initiated >= before) continue;
    // Entries are "<bucket>\0<key>\0<uploadId>"; object keys hold no NUL.
    const name = key.subarray(prefix).toString('utf8');
    const cut = name.lastIndexOf('\0');
    stale.push({ key: name.slice(0, cut), uploadId: name.slice(cut + 1) });
  }
  return n > BATCH && last ? { stale, next: last } : { stale };
}

/**
 * Removes one upload's copies begun before `before` from every drive online, then its data
 * folders that no object version took over (a Complete a crash cut short). A copy a drive
 * still holds (offline now) goes at a later walk. True when any copy went.
 */
export async function dropStaleUpload(
  ctx: EngineContext,
  bucket: string,
  upload: StaleUpload,
  before: number,
): Promise<boolean> {
  return ctx.locks.run(uploadLock(upload.uploadId), async () => {
    const entry = uploadEntry(bucket, upload.key, upload.uploadId);
    const dataIds = new Set<string>();
    const removals: Promise<unknown>[] = [];
    for (const ix of ctx.drives.all()) {
      const record = ix && decoded(ix.uploads.get(entry));
      if (!ix || record === undefined || record.initiated >= before) continue;
      dataIds.add(record.dataId);
      // A drive that fails keeps its copy for the next walk; the others go on.
      removals.push(removeUpload(ix, entry).written.catch(() => false));
    }
    await Promise.all(removals);
    for (const dataId of dataIds)
      if (!dataInUse(ctx, bucket, upload.key, dataId))
        await removeData(ctx.drives, bucket, upload.key, dataId);
    return removals.length > 0;
  });
}

/**
 * Aborts every upload of `buckets` begun before `before`, as a page of each drive's uploads
 * at a time; `gate` runs each removal as a write of its bucket (a bucket being deleted
 * refuses it). How many uploads went.
 */
export async function abortStaleUploads(
  ctx: EngineContext,
  buckets: string[],
  before: number,
  gate: (bucket: string, drop: () => Promise<boolean>) => Promise<boolean>,
  stopped: () => boolean,
): Promise<number> {
  let aborted = 0;
  for (const bucket of buckets) {
    const done = new Set<string>();
    for (let drive = 0; drive < ctx.drives.paths.length; drive++) {
      let after: Buffer | undefined;
      do {
        const page = staleUploadsOn(ctx, drive, bucket, before, after);
        for (const upload of page.stale) {
          if (stopped()) return aborted;
          const id = `${upload.key}\0${upload.uploadId}`;
          if (done.has(id)) continue;
          done.add(id);
          const dropped = await gate(bucket, () => dropStaleUpload(ctx, bucket, upload, before)).catch(
            () => false,
          );
          if (dropped) aborted++;
        }
        after = page.next;
      } while (after);
    }
  }
  return aborted;
}
