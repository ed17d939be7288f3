import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { RecordCodec, type VersionRecord } from '../../../format/object-record.js';
import type { UploadPartRecord, UploadRecord } from '../../../format/upload-record.js';
import { EngineError } from '../../errors.js';
import { dataDir } from '../../fs/layout.js';
import { readdir, rm, stat } from '../../fs/os.js';
import { type CompleteInput, MIN_PART_SIZE, type ObjectInfo } from '../../object-layer.js';
import { checkVersionCount, checkWriteCondition } from '../../write-condition.js';
import { type EngineContext, objectLock } from '../context.js';
import { toObjectInfo } from '../object-info.js';
import { currentObject, dropRemoved, mergedKey } from '../objects.js';
import { addVersion, type Merged, type MergedVersion, NULL_VERSION, nextModTime } from '../versions.js';
import { type CommitResult, commitEach, keyStep } from '../write/commit.js';
import { driveCopy } from '../write/shard-writes.js';
import { ALL_PARTS, putBack, removeEntries, removeUpload, uploadEntries } from './upload-entries.js';
import { partCandidates, readUpload, toPartInfo, uploadEntry, uploadLock, uploadParams } from './uploads.js';

// CompleteMultipartUpload: the chosen parts become the object's, in place (no copy), and the
// upload goes in the same commit; a Complete a crash cut short is finished by its retry.

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
  const named = new Set(held.parts.flatMap((p) => [p.file, ...(p.alternates ?? []).map((a) => a.file)]));
  const missing = chosen.filter((c) => !named.has(c.file));
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
  const named = requested.map((r, i) => {
    if (i > 0 && r.number < requested[i - 1]!.number) throw new EngineError('InvalidPartOrder');
    const part = agreed.get(r.number)?.find((p) => p.etag === r.etag);
    if (!part) throw new EngineError('InvalidPart');
    return part;
  });
  // A number listed twice (a client that resent a part names both uploads, as s3-tests'
  // multipart_resend_first_finishes_last does): each must exist, and the last one listed is
  // the part, as AWS takes it.
  const chosen = named.filter((p, i) => named[i + 1]?.number !== p.number);
  // Sizes are judged only once every named part is known to exist (as MinIO does).
  if (chosen.slice(0, -1).some((p) => (p.actualSize ?? p.size) < MIN_PART_SIZE))
    throw new EngineError('EntityTooSmall');
  return chosen;
}

export async function completeMultipartUpload(ctx: EngineContext, input: CompleteInput): Promise<ObjectInfo> {
  const { bucket, key, uploadId } = input;
  return ctx.locks.run(objectLock(bucket, key), () =>
    ctx.locks.run(uploadLock(uploadId), async () => {
      const read = readUpload(ctx, bucket, key, uploadId, ALL_PARTS);
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
      checkVersionCount(merged.versions, input.versioning, input.maxVersions);
      const m = record.meta;
      const version: VersionRecord = {
        id: input.replicaOf?.versionId ?? (input.versioning === 'enabled' ? randomUUID() : NULL_VERSION),
        mod: input.replicaOf?.modTime.getTime() ?? nextModTime(merged),
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
      const { committed, results } = await commitEach(ctx.drives, uploadParams(ctx, record), (i) => {
        const h = read.holders[i];
        if (!holding[i]) return undefined;
        const step = keyStep(bucket, key, addVersion(driveCopy(version, h!.index, undefined)), codec);
        return {
          // The object's record and the upload's removal go out in one turn: one transaction.
          apply(ix) {
            // Read first: a step that throws must not have issued a write.
            const upload = uploadEntries(ix, entry);
            const applied = step.apply(ix);
            return {
              value: { applied: applied.value, upload },
              written: Promise.all([applied.written, removeEntries(ix, upload)]),
            };
          },
          undo: (ix, a) => Promise.all([step.undo(ix, a.applied), putBack(ix, a.upload)]),
          what: `${bucket} ${key}`,
        };
      });
      const result: CommitResult = { committed, removed: results.map((r) => r?.applied.removed ?? []) };
      await dropUnchosen(ctx, bucket, key, record.dataId, new Set(chosen.map((p) => p.file)));
      // Drives that could not take the object lose the upload too; heal brings them the object.
      await Promise.all(
        ctx.drives.all().map((ix, i) => (ix && !committed[i] ? removeUpload(ix, entry).written : undefined)),
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
  await Promise.all(ctx.drives.all().map((ix) => ix && removeUpload(ix, entry).written));
  // The parts the object left out, which the first attempt did not get to remove.
  const data = done.version.data;
  if (data) await dropUnchosen(ctx, bucket, key, data.id, new Set(data.parts.flatMap((p) => p.file ?? [])));
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
