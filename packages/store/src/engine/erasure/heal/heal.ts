import { join } from 'node:path';
import {
  type DataLayout,
  OBJECT_RECORD_VERSION,
  type ObjectRecord,
  type PartLayout,
  type VersionRecord,
} from '../../../format/object-record.js';
import { dataDir, objectDir, tmpDir } from '../../fs/layout.js';
import { open, readdir, rm, rmdir, stat } from '../../fs/os.js';
import type { HealObjectOpts, HealResult, ShardState } from '../../object-layer.js';
import { checksumLength } from '../codec/bitrot.js';
import { dataPin, type EngineContext } from '../context.js';
import { driveOf, heldOffset, shardOn, versionIndexes } from '../distribution.js';
import { uploadDataIds } from '../multipart/uploads.js';
import type { DriveAnswer } from '../quorum.js';
import { decodeObject } from '../read/decode.js';
import { openPart } from '../read/reader.js';
import { dataIdentity, type MergedVersion, mergeRecords, newestFirst, versionIdentity } from '../versions.js';
import { placeShard } from '../write/commit.js';
import { encodeObject, type ShardOut } from '../write/encode.js';
import { discardShards, driveCopy } from '../write/shard-writes.js';
import { blocksIntact, inlineIntact } from './intact.js';

// Heal of one key (the caller holds its lock): every online drive gets the versions read
// quorum agrees on, with its own shard of each rebuilt where it is missing, short or (deep)
// corrupt; versions below quorum and shard folders no version uses are dropped. Reed-Solomon
// is deterministic, so rebuilt shards equal the lost ones.

/** Bytes of one drive's shard file for a part: per block, checksum + ceil(block/data). */
export function shardFileSize(
  partSize: number,
  layout: Pick<DataLayout, 'data' | 'blockSize' | 'bitrot'>,
): number {
  const hash = checksumLength(layout.bitrot);
  const full = Math.floor(partSize / layout.blockSize);
  const rest = partSize % layout.blockSize;
  return (
    full * (hash + Math.ceil(layout.blockSize / layout.data)) +
    (rest > 0 ? hash + Math.ceil(rest / layout.data) : 0)
  );
}

async function fileIntact(
  file: string,
  size: number,
  partSize: number,
  layout: DataLayout,
): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    return await blocksIntact(
      async (at, length) => {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await fh.read(buf, 0, length, at);
        return buf.subarray(0, bytesRead);
      },
      size,
      partSize,
      layout,
    );
  } finally {
    await fh.close();
  }
}

/**
 * What one drive holds of a copy's data: every part's shard file whole ('ok'), one absent
 * ('missing'), or one of the wrong size or, when verifying, failing its checksums ('corrupt').
 */
async function copyState(
  path: string,
  bucket: string,
  key: string,
  copy: VersionRecord,
  verify: boolean,
): Promise<'ok' | 'missing' | 'corrupt'> {
  const d = copy.data;
  if (!d) return 'ok';
  if (d.inline !== undefined) {
    return !verify || inlineIntact(d.inline, d.parts[0]?.size ?? 0, d) ? 'ok' : 'corrupt';
  }
  for (const part of d.parts) {
    if (part.file === undefined) return 'missing';
    const file = join(dataDir(path, bucket, key, d.id), part.file);
    const st = await stat(file).catch(() => undefined);
    if (!st) return 'missing';
    const size = shardFileSize(part.size, d);
    if (st.size !== size) return 'corrupt';
    if (verify && !(await fileIntact(file, size, part.size, d).catch(() => false))) return 'corrupt';
  }
  return 'ok';
}

/**
 * Whether the named drives' shards of one version (by its data folder) are whole, every
 * block checked against its checksum: the shards a read served the object without. A
 * version gone since is nothing to heal; a drive that no longer holds its copy is.
 */
export async function shardsWhole(
  ctx: EngineContext,
  bucket: string,
  key: string,
  check: { dataId: string; drives: readonly number[] },
): Promise<boolean> {
  const merged = mergeRecords(ctx.drives.read(bucket, key).answers, ctx.params.readQuorum);
  const mv = merged.versions.find((m) => m.version.data?.id === check.dataId);
  if (!mv) return true;
  const release = ctx.pins.pin(dataPin(bucket, key, check.dataId));
  try {
    for (const drive of check.drives) {
      // An offline drive is the drive recovery's to fill, not this object's.
      if (!ctx.drives.all()[drive]) continue;
      const copy = mv.holders[drive];
      if (!copy) return false;
      if ((await copyState(ctx.drives.paths[drive]!, bucket, key, copy, true)) !== 'ok') return false;
    }
    return true;
  } finally {
    release();
  }
}

/** The worse of two drive states: a corrupt shard outweighs a missing one, which outweighs none. */
const worse = (a: ShardState, b: ShardState): ShardState => (RANK[b] > RANK[a] ? b : a);
const RANK: Record<ShardState, number> = { ok: 0, missing: 1, corrupt: 2, offline: 3 };

interface Rebuilt {
  /** Per drive: its new copy of the version, when it needed one. */
  copies: (VersionRecord | undefined)[];
  /** Drives whose shards failed their checksums while decoding. */
  bad: Set<number>;
  /** Fewer shards are left than decoding needs: the version cannot be rebuilt. */
  lost?: true;
}

/**
 * Rebuilds one version's shards for the drives that lack them (or hold corrupt ones when
 * deep): each part is decoded from the good shards and encoded again; only the shards of
 * those drives are kept.
 */
async function rebuildVersion(
  ctx: EngineContext,
  bucket: string,
  key: string,
  mv: MergedVersion,
  needs: Set<number>,
  deep: boolean,
): Promise<Rebuilt> {
  const layout = mv.version.data!;
  const total = layout.data + layout.parity;
  const paths = ctx.drives.paths;
  const online = ctx.drives.all().map((ix, i) => ix !== undefined && i < total);
  // The shard each drive holds, as the version's holders show it (distribution.ts).
  const offset = heldOffset(versionIndexes(mv.holders), total);
  const bad = new Set<number>();
  const outs: ShardOut[][] = [];
  const inline = layout.inline !== undefined;
  try {
    for (const part of layout.parts) {
      const opened = await openPart({ paths, trace: ctx.drives.trace, bucket, key, version: mv }, part, {
        all: true,
      });
      try {
        if (opened.available < layout.data) return { copies: [], bad, lost: true };
        const blocks = decodeObject({
          sources: opened.sources,
          layout,
          size: part.size,
          verifyAll: deep,
          // A shard no drive offered is on a drive heal already counts as lacking it.
          onBad: (d) => d !== undefined && bad.add(d),
        });
        const encoded = await encodeObject(
          blocks,
          layout,
          Array.from({ length: total }, (_, shard) => {
            const drive = driveOf(offset, shard, total);
            return online[drive] ? { dir: tmpDir(paths[drive]!) } : undefined;
          }),
          { size: part.size, noInline: !inline },
        );
        outs.push(encoded.shards);
      } finally {
        await opened.close();
      }
    }
    for (const d of bad) if (online[d]) needs.add(d);
    const copies: (VersionRecord | undefined)[] = paths.map(() => undefined);
    await Promise.all(
      [...needs].map(async (i) => {
        if (!online[i]) return;
        const shard = shardOn(offset, i, total);
        const shards = outs.map((o) => o[shard]);
        if (shards.some((s) => s === undefined)) return;
        const dir = dataDir(paths[i]!, bucket, key, layout.id);
        await Promise.all(layout.parts.map((p: PartLayout, n) => placeShard(dir, p.file ?? '', shards[n])));
        copies[i] = driveCopy(mv.version, shard, inline ? shards[0] : undefined);
      }),
    );
    return { copies, bad };
  } finally {
    await Promise.all(outs.map(discardShards));
  }
}

/**
 * Removes shard folders on a drive that no agreed version or upload refers to, and that no
 * write in progress is filling; one still being read goes after its last reader.
 */
async function dropStrays(
  ctx: EngineContext,
  path: string,
  bucket: string,
  key: string,
  keep: Set<string>,
): Promise<void> {
  const dir = objectDir(path, bucket, key);
  const entries = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((id) => !keep.has(id) && !ctx.writes.has(dataPin(bucket, key, id)))
      .map((id) =>
        ctx.pins.drop(dataPin(bucket, key, id), () => rm(join(dir, id), { recursive: true, force: true })),
      ),
  );
}

/**
 * Removes files in version folders that none of the folder's versions names: parts a
 * completed upload left out, which a crash kept from going with its Complete.
 */
async function dropStrayFiles(
  ctx: EngineContext,
  path: string,
  bucket: string,
  key: string,
  named: Map<string, Set<string>>,
): Promise<void> {
  await Promise.all(
    [...named]
      .filter(([id]) => !ctx.writes.has(dataPin(bucket, key, id)))
      .map(async ([id, files]) => {
        const dir = dataDir(path, bucket, key, id);
        const present = await readdir(dir).catch(() => [] as string[]);
        await Promise.all(present.filter((f) => !files.has(f)).map((f) => rm(join(dir, f), { force: true })));
      }),
  );
}

/** A drive's copy of `version` with the same shards, whatever its in-place metadata. */
function siblingCopy(
  answer: DriveAnswer<ObjectRecord> | undefined,
  version: VersionRecord,
): VersionRecord | undefined {
  if (typeof answer !== 'object') return undefined;
  const identity = dataIdentity(version);
  return answer.value.versions.find((v) => dataIdentity(v) === identity);
}

/** Drive i's state for one version, where it is not whole; holes where it is. */
type VersionStates = ShardState[];

export async function healObject(
  ctx: EngineContext,
  bucket: string,
  key: string,
  opts: HealObjectOpts = {},
): Promise<HealResult> {
  // A dry run finds the same drives and changes nothing; a deep one reads every block's
  // checksum (a real heal while rebuilding, a dry run here).
  const dryRun = opts.dryRun === true;
  const deep = opts.deep === true;
  // Dangling versions go only when asked for, and never in a dry run.
  const drop = opts.remove !== false && !dryRun;
  const { answers } = ctx.drives.read(bucket, key);
  const merged = mergeRecords(answers, ctx.params.readQuorum);
  const live = ctx.drives.all();
  const healed = new Set<number>();
  // Per drive, what it held; drives heal could not give their copy back keep that state.
  const before: ShardState[] = live.map((ix, i) =>
    !ix ? 'offline' : answers[i] === 'error' ? 'corrupt' : 'ok',
  );
  const mark = (i: number, state: ShardState) => {
    before[i] = worse(before[i]!, state);
  };
  const unhealed = new Set<number>();
  let lost = false;
  let dangling: 'removed' | 'kept' | undefined;
  const removedIds = new Set<string>();
  const records: VersionRecord[][] = live.map(() => []);
  for (const mv of merged.versions) {
    const needs = new Set<number>();
    const data = mv.version.data;
    const total = data ? data.data + data.parity : live.length;
    // A drive whose copy differs only in metadata (a stale or half-done tag, retention or
    // legal-hold change) keeps its shards and takes the agreed metadata.
    const retagged: (VersionRecord | undefined)[] = [];
    const states: VersionStates = [];
    await Promise.all(
      live.map(async (ix, i) => {
        if (!ix || i >= total) return;
        let copy = mv.holders[i];
        if (!copy) {
          const sibling = siblingCopy(answers[i], mv.version);
          if (sibling)
            copy = retagged[i] = { ...mv.version, ...(sibling.data ? { data: sibling.data } : {}) };
        }
        const state = copy
          ? await copyState(ctx.drives.paths[i]!, bucket, key, copy, deep && dryRun)
          : 'missing';
        if (state !== 'ok') {
          needs.add(i);
          retagged[i] = undefined;
          states[i] = state;
        }
      }),
    );
    states.forEach((state, i) => {
      mark(i, state);
    });
    if (data && danglingData(ctx, answers, live, states, total, data.parity)) {
      dangling = drop ? 'removed' : 'kept';
      if (drop) {
        removedIds.add(versionIdentity(mv.version));
        continue;
      }
      lost = true;
      for (const i of needs) unhealed.add(i);
      needs.clear();
    }
    let copies: (VersionRecord | undefined)[] = [];
    if (dryRun) for (const i of needs) healed.add(i);
    else if (data && (needs.size > 0 || deep)) {
      const lacking = new Set(needs);
      const rebuilt = await rebuildVersion(ctx, bucket, key, mv, needs, deep);
      copies = rebuilt.copies;
      lost ||= rebuilt.lost === true;
      // Decoding also names the drives that offered no shard: those are missing, not corrupt.
      for (const d of rebuilt.bad) if (!lacking.has(d)) mark(d, 'corrupt');
      for (const i of needs) if (live[i] && !copies[i]) unhealed.add(i);
    }
    live.forEach((ix, i) => {
      if (!ix) return;
      const copy = copies[i] ?? mv.holders[i] ?? retagged[i] ?? (data ? undefined : mv.version);
      if (copies[i] || (!mv.holders[i] && copy)) healed.add(i);
      if (copy) records[i]!.push(copy);
    });
  }
  const agreedIds = new Set(
    merged.versions.map((m) => versionIdentity(m.version)).filter((id) => !removedIds.has(id)),
  );
  const agreedVersionIds = new Set(
    merged.versions.filter((m) => !removedIds.has(versionIdentity(m.version))).map((m) => m.version.id),
  );
  // A drive being filled again answers "absent" for what it has not been given yet: it is no
  // vote against a version (with it, a version that lost its other copies would be deleted
  // from the last drive that still names it).
  const answered = answers.filter(
    (a, i) => (a === 'absent' || typeof a === 'object') && !ctx.drives.rebuilding.has(i),
  ).length;
  const holding = (v: VersionRecord) =>
    answers.map(
      (a) => typeof a === 'object' && a.value.versions.some((w) => versionIdentity(w) === versionIdentity(v)),
    );
  // Folders of uploads in progress on any drive stay whole: the upload may still complete.
  const uploading = new Set<string>();
  for (const ix of live) if (ix) uploadDataIds(ix, bucket, key, uploading);
  await Promise.all(
    live.map(async (ix, i) => {
      if (!ix) return;
      const answer = answers[i];
      const held = typeof answer === 'object' ? answer.value.versions : [];
      let changed = healed.has(i) || answer === 'error';
      for (const v of held) {
        if (removedIds.has(versionIdentity(v))) {
          changed = true;
          continue;
        }
        if (agreedIds.has(versionIdentity(v))) continue;
        // Another copy of an agreed version (older metadata, or a replaced null version's
        // older bytes): the agreed copy is the version now, on this drive too.
        if (agreedVersionIds.has(v.id)) {
          changed = true;
          mark(i, 'missing');
          continue;
        }
        // Below quorum: dangling only when it can never reach it, even if every drive that
        // did not answer came back holding it (a write cut short, or an old overwritten copy).
        const holders = holding(v);
        const parity = v.data?.parity ?? ctx.drives.count - ctx.params.readQuorum;
        if (answered - holders.filter(Boolean).length <= parity) {
          records[i]!.push(v);
          continue;
        }
        dangling = drop ? 'removed' : 'kept';
        // The drives that lack it are what it is missing from.
        holders.forEach((has, j) => {
          if (has || !live[j] || answers[j] === 'error') return;
          mark(j, 'missing');
          if (!drop) unhealed.add(j);
        });
        if (drop) changed = true;
        else records[i]!.push(v);
      }
      if (changed && dryRun) healed.add(i);
      if (dryRun) return;
      if (changed) {
        const next: ObjectRecord = { v: OBJECT_RECORD_VERSION, versions: records[i]!.sort(newestFirst) };
        // The bucket's counters took a damaged record in as it was written: most likely what
        // heal now writes back. Counting it as nothing would count its versions twice.
        const held = ix.recordOrNothing(bucket, key);
        const damaged = held === undefined && ix.getRecordBytes(bucket, key) !== undefined;
        await ix.writeRecord(bucket, key, damaged ? next : held, next);
        healed.add(i);
      }
      const keep = new Set(uploading);
      const files = new Map<string, Set<string>>();
      for (const v of records[i]!) {
        if (!v.data) continue;
        keep.add(v.data.id);
        const named = files.get(v.data.id) ?? new Set<string>();
        for (const p of v.data.parts) if (p.file) named.add(p.file);
        files.set(v.data.id, named);
      }
      await dropStrays(ctx, ctx.drives.paths[i]!, bucket, key, keep);
      // An upload's folder still takes parts (a Complete a crash cut short shares it).
      for (const id of uploading) files.delete(id);
      await dropStrayFiles(ctx, ctx.drives.paths[i]!, bucket, key, files);
      // A key left with nothing (a dangling object removed) leaves no empty folder behind.
      if (keep.size === 0) await rmdir(objectDir(ctx.drives.paths[i]!, bucket, key)).catch(() => {});
    }),
  );
  // What a real heal leaves: every online drive whole, but those it could not rebuild.
  const after = dryRun
    ? [...before]
    : before.map((state, i): ShardState => (state === 'offline' || unhealed.has(i) ? state : 'ok'));
  return {
    healed: [...healed].sort(),
    before,
    after,
    ...(lost ? { failed: 'XMinioInsufficientReadQuorum' } : {}),
    ...(dangling ? { dangling } : {}),
  };
}

/**
 * A version whose shards are missing from more drives than its parity, and nowhere merely
 * unreachable (offline, unreadable, being filled again, or corrupt): no drive that comes
 * back can make it readable (MinIO's isObjectDangling).
 */
function danglingData(
  ctx: EngineContext,
  answers: readonly DriveAnswer<ObjectRecord>[],
  live: readonly unknown[],
  states: VersionStates,
  total: number,
  parity: number,
): boolean {
  let missing = 0;
  for (let i = 0; i < total; i++) {
    if (!live[i] || answers[i] === 'error' || ctx.drives.rebuilding.has(i) || states[i] === 'corrupt')
      return false;
    if (states[i] === 'missing') missing++;
  }
  return missing > parity;
}
