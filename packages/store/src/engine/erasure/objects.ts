import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DataLayout, PartLayout, VersionRecord } from '../../format/object-record.js';
import type { Logger } from '../../observe/logger.js';
import { EngineError, isCode } from '../errors.js';
import { assertObjectKey } from '../names.js';
import type {
  ByteRange,
  DeleteObjectInput,
  DeleteObjectResult,
  GetObjectResult,
  MetadataPatch,
  ObjectInfo,
  PutObjectInput,
  ReadOptions,
} from '../object-layer.js';
import { resolveRange } from '../range.js';
import { checkVersionCount, checkWriteCondition } from '../write-condition.js';
import { dataPin, type EngineContext, objectLock } from './context.js';
import { shardOffset, shardOn } from './distribution.js';
import { inlineIntact } from './heal/intact.js';
import { uploadDataIds } from './multipart/uploads.js';
import { toObjectInfo } from './object-info.js';
import { BLOCK_SIZE, paramsWithParity, quorumError } from './params.js';
import { type DecodeOptions, decodeInline, type ShardFault, type ShardSource } from './read/decode.js';
import { readVersion } from './read/reader.js';
import {
  addVersion,
  dataIdentity,
  deleteLatest,
  isValidVersionId,
  type Merged,
  type MergedVersion,
  mergeRecords,
  NULL_VERSION,
  nextModTime,
  patchVersion,
  removeVersion,
} from './versions.js';
import { type CommitResult, commitKey, droppedDataIds, removeData } from './write/commit.js';
import type { Encoded } from './write/encode.js';
import { driveCopy, encodeBody, versionPlace } from './write/shard-writes.js';

/** The drives' records of a key, merged by quorum; heal hears of any disagreement. */
export function mergedKey(ctx: EngineContext, bucket: string, key: string): Merged {
  const { answers } = ctx.drives.read(bucket, key);
  const merged = mergeRecords(answers, ctx.params.readQuorum);
  if (!merged.complete) ctx.queueHeal(bucket, key);
  if (merged.versions.length === 0) {
    const reachable = answers.filter((a) => a === 'absent' || typeof a === 'object').length;
    if (reachable < ctx.params.readQuorum) throw quorumError('read');
  }
  return merged;
}

/**
 * The version a read addresses: the latest (a delete marker there is NoSuchKey) or the
 * one named (a delete marker named is MethodNotAllowed), with S3's codes for the rest.
 */
export function pickVersion(merged: Merged, versionId: string | undefined): MergedVersion {
  if (versionId === undefined) {
    const latest = merged.versions[0];
    if (!latest) throw new EngineError('NoSuchKey');
    if (latest.version.deleteMarker)
      throw new EngineError('NoSuchKey', undefined, {
        deleteMarker: true,
        versionId: latest.version.id,
        internal: latest.version.internal,
      });
    return latest;
  }
  if (!isValidVersionId(versionId)) throw new EngineError('InvalidVersionId');
  const found = merged.versions.find((m) => m.version.id === versionId);
  if (!found) throw new EngineError(versionId === NULL_VERSION ? 'NoSuchKey' : 'NoSuchVersion');
  if (found.version.deleteMarker)
    throw new EngineError('MethodNotAllowed', undefined, {
      deleteMarker: true,
      versionId,
      modTime: new Date(found.version.mod),
      internal: found.version.internal,
    });
  return found;
}

const isLatest = (merged: Merged, mv: MergedVersion): boolean => merged.versions[0] === mv;

/** The key's current object: its latest version, unless that is a delete marker. */
export function currentObject(merged: Merged): VersionRecord | undefined {
  const latest = merged.versions[0]?.version;
  return latest && !latest.deleteMarker ? latest : undefined;
}

/** Tells ctx.onRemoved of the versions (not delete markers) a commit removed, once each. */
function tellRemoved(ctx: EngineContext, bucket: string, key: string, result: CommitResult): void {
  if (!ctx.onRemoved) return;
  const removed = new Map<string, VersionRecord>();
  for (const list of result.removed) for (const v of list) if (!v.deleteMarker) removed.set(v.id, v);
  if (removed.size > 0)
    ctx.onRemoved(
      bucket,
      key,
      [...removed.values()].map((v) => toObjectInfo(bucket, key, v, false)),
    );
}

/** Drops the data folders a commit left unreferenced (at once, or after their last reader). */
export async function dropRemoved(
  ctx: EngineContext,
  bucket: string,
  key: string,
  result: CommitResult,
): Promise<void> {
  tellRemoved(ctx, bucket, key, result);
  let dropped = droppedDataIds(result);
  if (dropped.length === 0) return;
  // A dropped version may share its folder with an upload still in progress: a Complete cut
  // short on some drives left that upload's version there, and its retry needs the parts.
  // Only a completed upload's version can: a single PUT's folder is its own (reading every
  // upload of the key, thousands maybe, for each overwrite would cost for nothing).
  const fromUploads = result.removed.some((list) => list.some((v) => v.data && !writtenWhole(v.data)));
  if (fromUploads) {
    const live = new Set<string>();
    for (const ix of ctx.drives.all()) if (ix) uploadDataIds(ix, bucket, key, live);
    dropped = dropped.filter((id) => !live.has(id));
  }
  await Promise.all(
    dropped.map((id) =>
      ctx.pins.drop(dataPin(bucket, key, id), () => removeData(ctx.drives, bucket, key, id)),
    ),
  );
}

/** The shard file of a version written whole, by one PUT (a completed upload's are part.<n>.<nonce>). */
const WHOLE_FILE = 'part.1';

/** Whether a version's data was written whole by one PUT (inline, or the one file WHOLE_FILE). */
const writtenWhole = (d: DataLayout): boolean =>
  d.parts.length === 1 && (d.parts[0]!.file === undefined || d.parts[0]!.file === WHOLE_FILE);

/** The single part of a version written whole. */
function onePart(enc: Encoded, actualSize: number | undefined, file: string | undefined): PartLayout {
  const part: PartLayout = { number: 1, size: enc.size, etag: enc.md5.toString('hex') };
  if (actualSize !== undefined) part.actualSize = actualSize;
  if (file !== undefined) part.file = file;
  return part;
}

/** A small object read whole: its bytes, and a stream of them made only when asked for. */
class SmallObject implements GetObjectResult {
  constructor(
    readonly info: ObjectInfo,
    readonly bytes: Buffer,
    readonly range: ByteRange | undefined,
  ) {}

  get stream(): Readable {
    return Readable.from([this.bytes]);
  }
}

/** What the body must come to: its declared size and Content-MD5, when given. */
function expected(input: PutObjectInput): { size?: number; maxSize?: number; md5?: Buffer } {
  const out: { size?: number; maxSize?: number; md5?: Buffer } = {};
  if (input.size !== undefined) out.size = input.size;
  else if (input.maxSize !== undefined) out.maxSize = input.maxSize;
  if (input.expectedMd5) out.md5 = input.expectedMd5;
  return out;
}

export async function putObject(ctx: EngineContext, input: PutObjectInput): Promise<ObjectInfo> {
  const { bucket, key } = input;
  const dataId = randomUUID();
  const params = paramsWithParity(ctx.params, input.parity);
  const total = params.data + params.parity;
  const offset = shardOffset(key, total);
  let committed = false;
  let encoded: Encoded | undefined;
  const written = ctx.writes.begin(dataPin(bucket, key, dataId));
  try {
    const enc = await encodeBody(
      ctx,
      input.body,
      versionPlace(ctx, { bucket, key, dataId }, WHOLE_FILE, params, offset),
      expected(input),
    );
    encoded = enc;
    const facts = input.finish?.() ?? {};
    return await ctx.locks.run(objectLock(bucket, key), async () => {
      const merged = mergedKey(ctx, bucket, key);
      checkWriteCondition(currentObject(merged), input.condition);
      checkVersionCount(merged.versions, input.versioning, input.maxVersions);
      const inline = inlineShards(enc);
      const version: VersionRecord = {
        id: input.replicaOf?.versionId ?? (input.versioning === 'enabled' ? randomUUID() : NULL_VERSION),
        mod: input.replicaOf?.modTime.getTime() ?? nextModTime(merged),
        size: facts.actualSize ?? enc.size,
        etag: facts.etag ?? enc.md5.toString('hex'),
        contentType: input.contentType ?? 'application/octet-stream',
        userMeta: input.userMeta ?? {},
        headers: input.headers ?? {},
        internal: Object.assign({}, input.internal, facts.internal),
        data: {
          id: dataId,
          data: params.data,
          parity: params.parity,
          index: 0,
          blockSize: BLOCK_SIZE,
          bitrot: ctx.newBitrot,
          parts: [onePart(enc, facts.actualSize, inline ? undefined : WHOLE_FILE)],
        },
      };
      if (input.tags) version.tags = input.tags;
      if (input.retention)
        version.retention = { mode: input.retention.mode, until: input.retention.until.getTime() };
      if (input.legalHold !== undefined) version.legalHold = input.legalHold;
      const result = await commitKey(ctx.drives, params, bucket, key, (i) =>
        enc.shards[i] ? addVersion(driveCopy(version, shardOn(offset, i, total), enc.shards[i])) : undefined,
      );
      committed = true;
      if (!result.committed.every(Boolean)) ctx.queueHeal(bucket, key);
      await dropRemoved(ctx, bucket, key, result);
      return toObjectInfo(bucket, key, version, true);
    });
  } finally {
    // The shard files sit in the version's own data folder: nothing else to clean. A body
    // that failed took its files with it; the empty folder goes in the background so that
    // the error reaches the client at once.
    if (!committed && !encoded) void removeData(ctx.drives, bucket, key, dataId);
    else if (!committed && !inlineShards(encoded!)) await removeData(ctx.drives, bucket, key, dataId);
    written();
  }
}

const inlineShards = (e: Encoded): boolean => e.shards.some((s) => s !== undefined && 'inline' in s);

export async function getObject(
  ctx: EngineContext,
  bucket: string,
  key: string,
  opts: ReadOptions,
): Promise<GetObjectResult> {
  assertObjectKey(key);
  const merged = mergedKey(ctx, bucket, key);
  const mv = pickVersion(merged, opts.versionId);
  const info = toObjectInfo(bucket, key, mv.version, isLatest(merged, mv));
  const range = opts.plan
    ? opts.plan(info)
    : opts.partNumber !== undefined
      ? partRange(info, opts.partNumber)
      : opts.range && resolveRange(opts.range, info.storedSize);
  const damaged = damageReport(ctx, bucket, key, mv.version.size, opts.log ?? ctx.log);
  const checkRest = (inline?: boolean) => checkUnread(ctx, bucket, key, mv, range === undefined, inline);
  const small = inlineBytes(mv, damaged, range);
  if (small) {
    checkRest(true);
    return new SmallObject(info, small, range);
  }
  // Pinned before any await: an overwrite from now on leaves these shard files alone.
  const unpin = ctx.pins.pin(dataPin(bucket, key, mv.version.data?.id ?? ''));
  const stream = await readVersion(
    { paths: ctx.drives.paths, trace: ctx.drives.trace, bucket, key, version: mv },
    range,
    damaged,
    () => {
      unpin();
      checkRest();
    },
  );
  return { info, stream, ...(range ? { range } : {}) };
}

/**
 * After a read: the version's shards it did not check (parity shards, and for a range the
 * data shards too) are checked, so that bitrot on them is healed before another drive
 * fails, not found when its shard is needed. Shards in files are checked in the background;
 * an inline version's are in the records the read holds, and are checked at once.
 */
function checkUnread(
  ctx: EngineContext,
  bucket: string,
  key: string,
  mv: MergedVersion,
  whole: boolean,
  inline = false,
): void {
  const layout = mv.version.data;
  if (!layout) return;
  const drives: number[] = [];
  mv.holders.forEach((h, drive) => {
    const index = h?.data?.index;
    if (index !== undefined && !(whole && index < layout.data)) drives.push(drive);
  });
  const inlineWhole = () =>
    drives.every((drive) => {
      const held = mv.holders[drive]?.data;
      return held?.inline !== undefined && inlineIntact(held.inline, held.parts[0]?.size ?? 0, held);
    });
  ctx.queueCheck(
    bucket,
    key,
    { dataId: layout.id, drives },
    mv.version.size,
    inline ? inlineWhole : undefined,
  );
}

/**
 * What a read does on meeting a shard it cannot use: the object is healed soon (every shard
 * checked), and a drive's shard file that is gone, unreadable or corrupt is logged, once per
 * drive and fault, with the request that found it (MinIO logs bitrot so). A shard no drive
 * offered (its drive offline, or its record behind) is not: every read would say it again.
 */
function damageReport(ctx: EngineContext, bucket: string, key: string, size: number, log: Logger): OnBad {
  const told = new Set<string>();
  return (drive, fault) => {
    ctx.queueHeal(bucket, key, true, size);
    if (drive === undefined || fault === 'missing') return;
    const what = `drive ${ctx.drives.paths[drive]}: ${bucket}/${key}: ${FAULTS[fault]}; the object is being healed`;
    if (told.has(what)) return;
    told.add(what);
    log.error(what);
  };
}

type OnBad = NonNullable<DecodeOptions['onBad']>;

const FAULTS: Record<Exclude<ShardFault, 'missing'>, string> = {
  unreadable: 'its shard is missing or cannot be read',
  corrupt: 'content hash does not match (bitrot)',
};

/** An inline version's bytes, decoded at once (no files, so no I/O); else undefined. */
function inlineBytes(mv: MergedVersion, onBad: OnBad, range?: ByteRange) {
  const layout = mv.version.data;
  if (!layout || layout.inline === undefined) return layout ? undefined : Buffer.alloc(0);
  const size = layout.parts[0]?.size ?? 0;
  if (size === 0) return Buffer.alloc(0);
  const sources: (ShardSource | undefined)[] = new Array(layout.data + layout.parity).fill(undefined);
  let found = 0;
  mv.holders.forEach((h, drive) => {
    const inline = h?.data?.inline;
    if (inline && h.data!.index < sources.length) {
      sources[h.data!.index] = {
        drive,
        inline: Buffer.from(inline.buffer, inline.byteOffset, inline.byteLength),
      };
      found++;
    }
  });
  if (found < layout.data) throw quorumError('read');
  const options: DecodeOptions = { sources, layout, size, onBad };
  if (range) {
    options.start = range.start;
    options.end = range.end;
  }
  return decodeInline(options);
}

/** The stored bytes of part `n` (S3 partNumber reads); InvalidPartNumber past the last part. */
export function partRange(info: ObjectInfo, n: number): { start: number; end: number } | undefined {
  const { parts } = info;
  if (n < 1 || n > Math.max(parts.length, 1)) throw new EngineError('InvalidPartNumber');
  let start = 0;
  for (const p of parts.slice(0, n - 1)) start += p.storedSize;
  const size = parts[n - 1]?.storedSize ?? 0;
  return size > 0 ? { start, end: start + size - 1 } : undefined;
}

export function getObjectInfo(
  ctx: EngineContext,
  bucket: string,
  key: string,
  opts: ReadOptions,
): ObjectInfo {
  assertObjectKey(key);
  const merged = mergedKey(ctx, bucket, key);
  const mv = pickVersion(merged, opts.versionId);
  return toObjectInfo(bucket, key, mv.version, isLatest(merged, mv));
}

export async function deleteObject(
  ctx: EngineContext,
  bucket: string,
  key: string,
  input: DeleteObjectInput,
): Promise<DeleteObjectResult> {
  assertObjectKey(key);
  if (input.versionId !== undefined && !isValidVersionId(input.versionId))
    throw new EngineError('InvalidVersionId');
  return ctx.locks.run(objectLock(bucket, key), async () => {
    const merged = mergedKey(ctx, bucket, key);
    if (input.whileLatest !== undefined && merged.versions[0]?.version.id !== input.whileLatest)
      return { deleteMarker: false, skipped: true };
    const removeOne = input.versionId ?? (input.versioning === 'unversioned' ? NULL_VERSION : undefined);
    if (removeOne !== undefined) {
      const target = merged.versions.find((m) => m.version.id === removeOne);
      if (!target) return { ...(input.versionId ? { versionId: input.versionId } : {}), deleteMarker: false };
      const info = toObjectInfo(bucket, key, target.version, isLatest(merged, target));
      if (!info.deleteMarker) input.guard?.(info);
      const result = await commitKey(ctx.drives, ctx.params, bucket, key, () => removeVersion(removeOne));
      await dropRemoved(ctx, bucket, key, result);
      return {
        ...(input.versionId ? { versionId: input.versionId } : {}),
        deleteMarker: info.deleteMarker,
      };
    }
    const replica = input.replicaMarker;
    const marker: VersionRecord = {
      id: replica?.versionId ?? (input.versioning === 'enabled' ? randomUUID() : NULL_VERSION),
      mod: replica?.modTime.getTime() ?? nextModTime(merged),
      deleteMarker: true,
      size: 0,
      etag: '',
      contentType: '',
      userMeta: {},
      headers: {},
      internal: { ...input.markerInternal, ...replica?.internal },
    };
    const result = await commitKey(ctx.drives, ctx.params, bucket, key, () =>
      deleteLatest(input.versioning, marker),
    );
    await dropRemoved(ctx, bucket, key, result);
    return { versionId: marker.id, deleteMarker: true };
  });
}

function applyPatch(v: VersionRecord, patch: MetadataPatch): VersionRecord {
  const next: VersionRecord = { ...v };
  if (patch.tags !== undefined) {
    if (patch.tags === '') delete next.tags;
    else next.tags = patch.tags;
  }
  if (patch.retention === null) delete next.retention;
  else if (patch.retention)
    next.retention = { mode: patch.retention.mode, until: patch.retention.until.getTime() };
  if (patch.legalHold !== undefined) next.legalHold = patch.legalHold;
  if (patch.internal) {
    next.internal = { ...v.internal };
    for (const [k, value] of Object.entries(patch.internal)) {
      if (value === null) delete next.internal[k];
      else next.internal[k] = value;
    }
  }
  return next;
}

/**
 * The version a metadata change addresses, and the change. A delete marker named by its id
 * takes internal values only (its replication status); anything else on it stays
 * MethodNotAllowed, as S3 answers a tag or lock request on a marker.
 */
function pickForPatch(
  merged: Merged,
  bucket: string,
  key: string,
  versionId: string | undefined,
  decide: (info: ObjectInfo) => MetadataPatch,
): { mv: MergedVersion; patch: MetadataPatch } {
  try {
    const mv = pickVersion(merged, versionId);
    return { mv, patch: decide(toObjectInfo(bucket, key, mv.version, isLatest(merged, mv))) };
  } catch (err) {
    const marker = isCode(err, 'MethodNotAllowed');
    const mv = marker ? merged.versions.find((m) => m.version.id === versionId) : undefined;
    if (!mv) throw err;
    const patch = decide(toObjectInfo(bucket, key, mv.version, isLatest(merged, mv)));
    const onlyInternal = Object.keys(patch).every((k) => k === 'internal');
    if (!onlyInternal) throw err;
    return { mv, patch };
  }
}

export async function updateObjectMeta(
  ctx: EngineContext,
  bucket: string,
  key: string,
  versionId: string | undefined,
  decide: (info: ObjectInfo) => MetadataPatch,
): Promise<ObjectInfo> {
  assertObjectKey(key);
  return ctx.locks.run(objectLock(bucket, key), async () => {
    const merged = mergedKey(ctx, bucket, key);
    const { mv, patch } = pickForPatch(merged, bucket, key, versionId, decide);
    const next = applyPatch(mv.version, patch);
    const same = dataIdentity(mv.version);
    // Each drive gets the agreed metadata with its own shards; a drive holding another copy
    // of the version (stale) is left to heal.
    const result = await commitKey(ctx.drives, ctx.params, bucket, key, () =>
      patchVersion(next.id, (v) =>
        dataIdentity(v) === same ? { ...next, ...(v.data ? { data: v.data } : {}) } : v,
      ),
    );
    // Drives without the version (a heal pending) get the change from heal.
    if (!result.committed.every(Boolean)) ctx.queueHeal(bucket, key);
    return toObjectInfo(bucket, key, next, isLatest(merged, mv));
  });
}
