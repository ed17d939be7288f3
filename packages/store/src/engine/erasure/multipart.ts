import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { RecordCodec, type VersionRecord } from '../../format/object-record.js';
import {
  decodeUploadRecord,
  encodeUploadRecord,
  UPLOAD_RECORD_VERSION,
  type UploadPartRecord,
  type UploadRecord,
} from '../../format/upload-record.js';
import { EngineError } from '../errors.js';
import { dataDir } from '../fs/layout.js';
import { readdir, rm, stat } from '../fs/os.js';
import {
  type CompleteInput,
  MIN_PART_SIZE,
  type NewObjectMeta,
  type ObjectInfo,
  type PartInfo,
  type PutPartInput,
  type UploadInfo,
} from '../object-layer.js';
import { checkWriteCondition } from '../write-condition.js';
import { type CommitResult, commitEach, type DriveStep, keyStep, removeData } from './commit.js';
import { type EngineContext, objectLock } from './context.js';
import { toObjectInfo } from './object-info.js';
import { currentObject, dropRemoved, mergedKey } from './objects.js';
import { BLOCK_SIZE } from './params.js';
import { driveCopy, encodeBody } from './shard-writes.js';
import { partCandidates, readUpload, toPartInfo, toUploadInfo, uploadEntry } from './uploads.js';
import { addVersion, type Merged, type MergedVersion, NULL_VERSION, nextModTime } from './versions.js';

const uploadLock = (uploadId: string) => `upload/${uploadId}`;

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
  const record: UploadRecord = {
    v: UPLOAD_RECORD_VERSION,
    initiated,
    dataId: randomUUID(),
    data: ctx.params.data,
    parity: ctx.params.parity,
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
  await commitEach(ctx.drives, ctx.params, (i) => ({
    apply: (ix) => ({
      value: true,
      written: ix.uploads.put(entry, encodeUploadRecord({ ...record, index: i })),
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

/** A step that rewrites this drive's upload record; refuses a drive without the upload. */
function uploadStep(
  entry: Buffer,
  dataId: string,
  change: (r: UploadRecord) => UploadRecord,
  what: string,
  /** The upload as this drive starts it when it has no record of it (see putObjectPart). */
  missing?: UploadRecord,
): DriveStep<{ previous: Buffer | undefined; replaced: UploadRecord }> {
  return {
    what,
    apply(ix) {
      const previous = ix.uploads.get(entry);
      if (previous === undefined && !missing) throw new Error('upload missing on this drive');
      const current = previous === undefined ? missing! : decodeUploadRecord(previous);
      if (current.dataId !== dataId) throw new Error('another upload on this drive');
      return {
        value: { previous, replaced: current },
        written: ix.uploads.put(entry, encodeUploadRecord(change(current))),
      };
    },
    undo: (ix, applied) =>
      applied.previous === undefined ? ix.uploads.remove(entry) : ix.uploads.put(entry, applied.previous),
  };
}

export async function putObjectPart(ctx: EngineContext, input: PutPartInput): Promise<PartInfo> {
  const { bucket, key, uploadId, partNumber } = input;
  const { record } = readUpload(ctx, bucket, key, uploadId);
  const folder = (i: number) => dataDir(ctx.drives.paths[i]!, bucket, key, record.dataId);
  const file = `part.${partNumber}.${randomBytes(6).toString('hex')}`;
  // Parts are always files, written straight into the upload's folder under a fresh name:
  // completion points the object at them, whatever their size.
  let committed = false;
  try {
    const encoded = await encodeBody(
      ctx,
      input.body,
      { dir: folder, file, noInline: true, bitrot: record.bitrot },
      { size: input.size, ...(input.expectedMd5 ? { md5: input.expectedMd5 } : {}) },
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
    const { results } = await ctx.locks.run(uploadLock(uploadId), () => {
      // An upload a crash left on fewer drives than write quorum (yet listed, on read
      // quorum) takes its parts on the others too, or none could ever commit. One aborted
      // or completed meanwhile (gone from the drives) is not made again.
      const holders = ctx.drives.all().filter((ix) => ix?.uploads.get(entry) !== undefined).length;
      const missing = (i: number) =>
        holders >= ctx.params.readQuorum ? { ...record, index: i, parts: [] } : undefined;
      return commitEach(ctx.drives, ctx.params, (i) =>
        encoded.shards[i]
          ? uploadStep(
              entry,
              record.dataId,
              (r) => ({
                ...r,
                parts: [...r.parts.filter((p) => p.number !== partNumber), part].sort(
                  (a, b) => a.number - b.number,
                ),
              }),
              `${bucket} ${key}/${uploadId}`,
              missing(i),
            )
          : undefined,
      );
    });
    committed = true;
    // The part this one replaced, on each drive that had it.
    await Promise.all(
      results.map(async (r, i) => {
        const old = r?.replaced.parts.find((p) => p.number === partNumber);
        if (old) await rm(join(folder(i), old.file), { force: true });
      }),
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
function dataInUse(ctx: EngineContext, bucket: string, key: string, dataId: string): boolean {
  return ctx.drives
    .read(bucket, key)
    .answers.some((a) => typeof a === 'object' && a.value.versions.some((v) => v.data?.id === dataId));
}

function uploadExists(ctx: EngineContext, bucket: string, key: string, uploadId: string): boolean {
  try {
    readUpload(ctx, bucket, key, uploadId);
    return true;
  } catch (err) {
    if (err instanceof EngineError && err.code === 'NoSuchUpload') return false;
    return true; // unreadable drives: keep what may be the upload's
  }
}

/** S3's multipart ETag: MD5 of the parts' binary MD5s, then "-<count>". */
export function multipartEtag(etags: string[]): string {
  const hash = createHash('md5');
  for (const e of etags) hash.update(Buffer.from(e, 'hex'));
  return `${hash.digest('hex')}-${etags.length}`;
}

/**
 * Whether a drive holds every chosen part file: its upload record names them, or (where it
 * names another file for a part: a re-upload a crash cut short on it) the file is there.
 */
async function holdsParts(
  drive: string,
  bucket: string,
  key: string,
  dataId: string,
  held: UploadRecord | undefined,
  chosen: readonly UploadPartRecord[],
): Promise<boolean> {
  if (held === undefined) return false;
  const missing = chosen.filter((c) => !held.parts.some((p) => p.file === c.file));
  const dir = dataDir(drive, bucket, key, dataId);
  const there = await Promise.all(
    missing.map((c) =>
      stat(join(dir, c.file)).then(
        (s) => s.size > 0,
        () => false,
      ),
    ),
  );
  return there.every(Boolean);
}

/** Matches the requested parts against the agreed ones, with S3's checks and codes. */
function chooseParts(
  requested: CompleteInput['parts'],
  agreed: Map<number, UploadPartRecord[]>,
): UploadPartRecord[] {
  if (requested.length === 0) throw new EngineError('InvalidPart', 'You must specify at least one part');
  const chosen = requested.map((r, i) => {
    if (i > 0 && r.number <= requested[i - 1]!.number) throw new EngineError('InvalidPartOrder');
    const part = agreed.get(r.number)?.find((p) => p.etag === r.etag);
    if (!part) throw new EngineError('InvalidPart');
    return part;
  });
  // Sizes are judged only once every named part is known to exist (as MinIO does).
  if (chosen.slice(0, -1).some((p) => (p.actualSize ?? p.size) < MIN_PART_SIZE))
    throw new EngineError('EntityTooSmall');
  return chosen;
}

export async function completeMultipartUpload(ctx: EngineContext, input: CompleteInput): Promise<ObjectInfo> {
  const { bucket, key, uploadId } = input;
  return ctx.locks.run(objectLock(bucket, key), () =>
    ctx.locks.run(uploadLock(uploadId), async () => {
      const read = readUpload(ctx, bucket, key, uploadId);
      const chosen = chooseParts(input.parts, partCandidates(read, ctx.params.readQuorum));
      const kept = input.check?.(chosen.map(toPartInfo));
      const { record } = read;
      const merged = mergedKey(ctx, bucket, key);
      const done = merged.versions.find((mv) => mv.version.data?.id === record.dataId);
      if (done)
        return finishCompleted(
          ctx,
          bucket,
          key,
          uploadId,
          done,
          multipartEtag(chosen.map((p) => p.etag)),
          merged,
        );
      checkWriteCondition(currentObject(merged), input.condition);
      const m = record.meta;
      const version: VersionRecord = {
        id: input.versioning === 'enabled' ? randomUUID() : NULL_VERSION,
        mod: nextModTime(merged),
        size: chosen.reduce((s, p) => s + (p.actualSize ?? p.size), 0),
        etag: multipartEtag(chosen.map((p) => p.etag)),
        contentType: m.contentType,
        userMeta: m.userMeta,
        headers: m.headers,
        internal: kept ? { ...m.internal, ...kept } : m.internal,
        data: {
          id: record.dataId,
          data: record.data,
          parity: record.parity,
          index: 0,
          blockSize: record.blockSize,
          bitrot: record.bitrot,
          parts: chosen.map((p) => ({
            number: p.number,
            size: p.size,
            etag: p.etag,
            file: p.file,
            ...(p.actualSize === undefined ? {} : { actualSize: p.actualSize }),
            // The part's own checksums: GetObjectAttributes and part reads answer them.
            ...(Object.keys(p.internal).length === 0 ? {} : { internal: p.internal }),
          })),
        },
      };
      if (m.tags) version.tags = m.tags;
      if (m.retention) version.retention = m.retention;
      if (m.legalHold !== undefined) version.legalHold = m.legalHold;
      const entry = uploadEntry(bucket, key, uploadId);
      // A drive takes the object only if it holds every chosen part file.
      const holding = await Promise.all(
        read.holders.map((h, i) => holdsParts(ctx.drives.paths[i]!, bucket, key, record.dataId, h, chosen)),
      );
      const codec = new RecordCodec();
      const { committed, results } = await commitEach(ctx.drives, ctx.params, (i) => {
        const h = read.holders[i];
        if (!holding[i]) return undefined;
        const step = keyStep(bucket, key, addVersion(driveCopy(version, h!.index, undefined)), codec);
        return {
          // The object's record and the upload's removal go out in one turn: one transaction.
          apply(ix) {
            const upload = ix.uploads.get(entry);
            const applied = step.apply(ix);
            const removed = ix.uploads.remove(entry);
            return {
              value: { applied: applied.value, upload },
              written: Promise.all([applied.written, removed]),
            };
          },
          undo: (ix, a) =>
            Promise.all([step.undo(ix, a.applied), a.upload ? ix.uploads.put(entry, a.upload) : undefined]),
          what: `${bucket} ${key}`,
        };
      });
      const result: CommitResult = { committed, removed: results.map((r) => r?.applied.removed ?? []) };
      await dropUnchosen(ctx, bucket, key, record.dataId, new Set(chosen.map((p) => p.file)));
      // Drives that could not take the object lose the upload too; heal brings them the object.
      await Promise.all(
        ctx.drives.all().map((ix, i) => (ix && !committed[i] ? ix.uploads.remove(entry) : undefined)),
      );
      if (!committed.every(Boolean)) ctx.queueHeal(bucket, key);
      await dropRemoved(ctx, bucket, key, result);
      return toObjectInfo(bucket, key, version, true);
    }),
  );
}

/**
 * A Complete that a crash cut short committed the object on enough drives, and the upload
 * stayed on the rest: the retry finishes it (the upload goes, heal copies the object) and
 * answers the object, as the first attempt would have.
 */
async function finishCompleted(
  ctx: EngineContext,
  bucket: string,
  key: string,
  uploadId: string,
  done: MergedVersion,
  etag: string,
  merged: Merged,
): Promise<ObjectInfo> {
  if (done.version.etag !== etag) throw new EngineError('NoSuchUpload');
  const entry = uploadEntry(bucket, key, uploadId);
  await Promise.all(ctx.drives.all().map((ix) => ix?.uploads.remove(entry)));
  ctx.queueHeal(bucket, key);
  return toObjectInfo(bucket, key, done.version, merged.versions[0] === done);
}

/** Part files the completed object does not use (re-uploads, parts left out). */
async function dropUnchosen(
  ctx: EngineContext,
  bucket: string,
  key: string,
  dataId: string,
  keep: Set<string>,
) {
  await Promise.all(
    ctx.drives.paths.map(async (d) => {
      const dir = dataDir(d, bucket, key, dataId);
      const files = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(files.filter((f) => !keep.has(f)).map((f) => rm(join(dir, f), { force: true })));
    }),
  );
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
      apply: (ix) => ({ value: { previous: ix.uploads.get(entry) }, written: ix.uploads.remove(entry) }),
      undo: (ix, a) => (a.previous ? ix.uploads.put(entry, a.previous) : Promise.resolve()),
      what: `${bucket} ${key}/${uploadId}`,
    }));
    // A Complete cut short by a crash may have committed the object on some drives and left
    // the upload on the others: the object owns the data folder then, and keeps it.
    if (!dataInUse(ctx, bucket, key, record.dataId)) await removeData(ctx.drives, bucket, key, record.dataId);
  });
}
