import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  encodeUploadRecord,
  UPLOAD_RECORD_VERSION,
  type UploadPartRecord,
  type UploadRecord,
} from '../../../format/upload-record.js';
import { EngineError, isCode } from '../../errors.js';
import { dataDir } from '../../fs/layout.js';
import { rm } from '../../fs/os.js';
import type { NewObjectMeta, PartInfo, PutPartInput, UploadInfo } from '../../object-layer.js';
import type { EngineContext } from '../context.js';
import { heldOffset, shardOffset, shardOn } from '../distribution.js';
import { BLOCK_SIZE, paramsWithParity } from '../params.js';
import { commitEach, type DriveStep, removeData } from '../write/commit.js';
import { encodeBody } from '../write/shard-writes.js';
import { driveUpload, putBack, removeUpload, type SavedEntries, writePart } from './upload-entries.js';
import { readUpload, toPartInfo, toUploadInfo, uploadEntry, uploadLock, uploadParams } from './uploads.js';

/** Upload ids sort by initiation (hex time first), as S3 lists a key's uploads. */
let lastIdTime = 0;
let sameTimeCount = 0;

/**
 * A new upload's id and its initiation time. Ids sort as the uploads were initiated (S3 lists
 * one key's uploads in that order, and listings walk ids): the millisecond, then a count of
 * the uploads begun earlier in that millisecond, then randomness.
 */
function newUploadId(): { uploadId: string; initiated: number } {
  const now = Date.now();
  sameTimeCount = now === lastIdTime ? sameTimeCount + 1 : 0;
  lastIdTime = now;
  const uploadId =
    now.toString(16).padStart(12, '0') +
    (sameTimeCount & 0xffff).toString(16).padStart(4, '0') +
    randomBytes(10).toString('hex');
  return { uploadId, initiated: now };
}

export async function newMultipartUpload(
  ctx: EngineContext,
  bucket: string,
  key: string,
  meta: NewObjectMeta,
): Promise<UploadInfo> {
  const { uploadId, initiated } = newUploadId();
  const params = paramsWithParity(ctx.params, meta.parity);
  const record: UploadRecord = {
    v: UPLOAD_RECORD_VERSION,
    initiated,
    dataId: randomUUID(),
    data: params.data,
    parity: params.parity,
    index: 0,
    blockSize: BLOCK_SIZE,
    bitrot: ctx.newBitrot,
    meta: {
      contentType: meta.contentType ?? 'application/octet-stream',
      userMeta: meta.userMeta ?? {},
      headers: meta.headers ?? {},
      internal: meta.internal ?? {},
      ...(meta.tags ? { tags: meta.tags } : {}),
      ...(meta.retention
        ? { retention: { mode: meta.retention.mode, until: meta.retention.until.getTime() } }
        : {}),
      ...(meta.legalHold === undefined ? {} : { legalHold: meta.legalHold }),
    },
    parts: [],
  };
  const entry = uploadEntry(bucket, key, uploadId);
  // Each drive's record names the shard it holds of every part, as a version of the key would.
  const total = params.data + params.parity;
  const offset = shardOffset(key, total);
  await commitEach(ctx.drives, ctx.params, (i) => ({
    apply: (ix) => ({
      value: true,
      written: ix.uploads.put(entry, encodeUploadRecord({ ...record, index: shardOn(offset, i, total) })),
    }),
    undo: (ix) => ix.uploads.remove(entry),
    what: `${bucket} ${key}/${uploadId}`,
  }));
  return toUploadInfo(bucket, key, uploadId, record);
}

export function getMultipartUpload(
  ctx: EngineContext,
  bucket: string,
  key: string,
  uploadId: string,
): UploadInfo {
  return toUploadInfo(bucket, key, uploadId, readUpload(ctx, bucket, key, uploadId).record);
}

/**
 * A step that writes one part on this drive; refuses a drive without the upload, unless it
 * is given the record to start it with (see putObjectPart).
 */
function partStep(
  entry: Buffer,
  dataId: string,
  part: UploadPartRecord,
  started: number,
  what: string,
  missing?: UploadRecord,
): DriveStep<{ saved: SavedEntries; dropped: UploadPartRecord[] }> {
  return {
    what,
    apply(ix) {
      const held = driveUpload(ix, entry);
      if (held === undefined && !missing) throw new Error('upload missing on this drive');
      const current = held ?? missing!;
      if (current.dataId !== dataId) throw new Error('another upload on this drive');
      const { dropped, saved, written } = writePart(ix, entry, current, held !== undefined, part, started);
      return { value: { saved, dropped }, written };
    },
    undo: (ix, applied) => putBack(ix, applied.saved),
  };
}

/**
 * Writes a part. `gate` runs its commit (the bucket held open against deletion while it does);
 * the body is taken before, outside it.
 */
export async function putObjectPart(
  ctx: EngineContext,
  input: PutPartInput,
  gate: <T>(commit: () => Promise<T>) => Promise<T> = (commit) => commit(),
): Promise<PartInfo> {
  const { bucket, key, uploadId, partNumber } = input;
  const started = Date.now();
  const { record, holders: copies } = readUpload(ctx, bucket, key, uploadId);
  const folder = (i: number) => dataDir(ctx.drives.paths[i]!, bucket, key, record.dataId);
  const file = `part.${partNumber}.${randomBytes(6).toString('hex')}`;
  // The upload's own layout, fixed when it began (a restart may change the set's), and the
  // shards its drives hold (uploads begun before shards turned hold drive i's shard i).
  const params = uploadParams(ctx, record);
  const total = params.data + params.parity;
  const offset = heldOffset(copies, total);
  // Parts are always files, written straight into the upload's folder under a fresh name:
  // completion points the object at them, whatever their size.
  let committed = false;
  try {
    const encoded = await encodeBody(
      ctx,
      input.body,
      { dir: folder, file, noInline: true, bitrot: record.bitrot, params, offset },
      {
        size: input.size,
        ...(input.size === undefined && input.maxSize !== undefined ? { maxSize: input.maxSize } : {}),
        ...(input.expectedMd5 ? { md5: input.expectedMd5 } : {}),
      },
    );
    const facts = input.finish?.() ?? {};
    const part: UploadPartRecord = {
      number: partNumber,
      file,
      size: encoded.size,
      etag: facts.etag ?? encoded.md5.toString('hex'),
      mod: Date.now(),
      internal: { ...input.internal, ...facts.internal },
      ...(facts.actualSize === undefined ? {} : { actualSize: facts.actualSize }),
    };
    const entry = uploadEntry(bucket, key, uploadId);
    const { results } = await gate(() =>
      ctx.locks.run(uploadLock(uploadId), () => {
        // An upload a crash left on fewer drives than write quorum (yet listed, on read
        // quorum) takes its parts on the others too, or none could ever commit. One aborted
        // or completed meanwhile (gone from the drives) is not made again.
        const holders = ctx.drives.all().filter((ix) => ix?.uploads.get(entry) !== undefined).length;
        const missing = (i: number) =>
          holders >= ctx.params.readQuorum
            ? { ...record, index: shardOn(offset, i, total), parts: [] }
            : undefined;
        return commitEach(ctx.drives, params, (i) =>
          encoded.shards[i]
            ? partStep(entry, record.dataId, part, started, `${bucket} ${key}/${uploadId}`, missing(i))
            : undefined,
        );
      }),
    );
    committed = true;
    // The parts this one replaced, on each drive that had them.
    await Promise.all(
      results.map((r, i) =>
        Promise.all((r?.dropped ?? []).map((old) => rm(join(folder(i), old.file), { force: true }))),
      ),
    );
    return toPartInfo(part);
  } catch (err) {
    if (committed) throw err;
    await Promise.all(ctx.drives.paths.map((_, i) => rm(join(folder(i), file), { force: true })));
    // An abort while this part was written removed the folder this write then made again;
    // after a Complete the folder is the object's, and stays.
    const aborted = await ctx.locks.run(uploadLock(uploadId), async () => {
      if (uploadExists(ctx, bucket, key, uploadId)) return false;
      if (!dataInUse(ctx, bucket, key, record.dataId))
        await removeData(ctx.drives, bucket, key, record.dataId);
      return true;
    });
    throw aborted ? new EngineError('NoSuchUpload') : err;
  }
}

/** Whether any drive's copy of any version of the key keeps its data in `dataId`. */
export function dataInUse(ctx: EngineContext, bucket: string, key: string, dataId: string): boolean {
  return ctx.drives
    .read(bucket, key)
    .answers.some((a) => typeof a === 'object' && a.value.versions.some((v) => v.data?.id === dataId));
}

function uploadExists(ctx: EngineContext, bucket: string, key: string, uploadId: string): boolean {
  try {
    readUpload(ctx, bucket, key, uploadId);
    return true;
  } catch (err) {
    if (isCode(err, 'NoSuchUpload')) return false;
    return true; // unreadable drives: keep what may be the upload's
  }
}

export async function abortMultipartUpload(
  ctx: EngineContext,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  await ctx.locks.run(uploadLock(uploadId), async () => {
    const { record } = readUpload(ctx, bucket, key, uploadId);
    const entry = uploadEntry(bucket, key, uploadId);
    await commitEach(ctx.drives, ctx.params, () => ({
      apply: (ix) => {
        const { saved, written } = removeUpload(ix, entry);
        return { value: saved, written };
      },
      undo: putBack,
      what: `${bucket} ${key}/${uploadId}`,
    }));
    // A Complete cut short by a crash may have committed the object on some drives and left
    // the upload on the others: the object owns the data folder then, and keeps it.
    if (!dataInUse(ctx, bucket, key, record.dataId)) await removeData(ctx.drives, bucket, key, record.dataId);
  });
}
