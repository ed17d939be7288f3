import { join } from 'node:path';
import {
  type DataLayout,
  OBJECT_RECORD_VERSION,
  type ObjectRecord,
  type PartLayout,
  type VersionRecord,
} from '../../format/object-record.js';
import { dataDir, objectDir, tmpDir } from '../fs/layout.js';
import { readdir, rm, stat } from '../fs/os.js';
import type { HealResult } from '../object-layer.js';
import { checksumLength } from './bitrot.js';
import { placeShard } from './commit.js';
import { dataPin, type EngineContext } from './context.js';
import { decodeObject } from './decode.js';
import { driveOf, heldOffset, shardOn, versionIndexes } from './distribution.js';
import { encodeObject, type ShardOut } from './encode.js';
import type { DriveAnswer } from './quorum.js';
import { openPart } from './reader.js';
import { discardShards, driveCopy } from './shard-writes.js';
import { uploadDataIds } from './uploads.js';
import { dataIdentity, type MergedVersion, mergeRecords, newestFirst, versionIdentity } from './versions.js';

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

/** Whether drive i holds whole shard files of every part of this copy. */
async function filesWhole(path: string, bucket: string, key: string, copy: VersionRecord): Promise<boolean> {
  const d = copy.data;
  if (!d || d.inline !== undefined) return true;
  for (const part of d.parts) {
    if (part.file === undefined) return false;
    const st = await stat(join(dataDir(path, bucket, key, d.id), part.file)).catch(() => undefined);
    if (st?.size !== shardFileSize(part.size, d)) return false;
  }
  return true;
}

interface Rebuilt {
  /** Per drive: its new copy of the version, when it needed one. */
  copies: (VersionRecord | undefined)[];
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
        if (opened.available < layout.data) return { copies: [], lost: true };
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
    return { copies };
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

export async function healObject(
  ctx: EngineContext,
  bucket: string,
  key: string,
  opts: { deep?: boolean; dryRun?: boolean } = {},
): Promise<HealResult> {
  // A dry run finds the same drives (deep corruption aside: that needs the rebuild) and
  // changes nothing.
  const dryRun = opts.dryRun === true;
  const deep = opts.deep === true && !dryRun;
  const { answers } = ctx.drives.read(bucket, key);
  const merged = mergeRecords(answers, ctx.params.readQuorum);
  const live = ctx.drives.all();
  const healed = new Set<number>();
  let lost = false;
  const records: VersionRecord[][] = live.map(() => []);
  for (const mv of merged.versions) {
    const needs = new Set<number>();
    const data = mv.version.data;
    const total = data ? data.data + data.parity : live.length;
    // A drive whose copy differs only in metadata (a stale or half-done tag, retention or
    // legal-hold change) keeps its shards and takes the agreed metadata.
    const retagged: (VersionRecord | undefined)[] = [];
    await Promise.all(
      live.map(async (ix, i) => {
        if (!ix || i >= total) return;
        let copy = mv.holders[i];
        if (!copy) {
          const sibling = siblingCopy(answers[i], mv.version);
          if (sibling)
            copy = retagged[i] = { ...mv.version, ...(sibling.data ? { data: sibling.data } : {}) };
        }
        if (!copy || !(await filesWhole(ctx.drives.paths[i]!, bucket, key, copy))) {
          needs.add(i);
          retagged[i] = undefined;
        }
      }),
    );
    let copies: (VersionRecord | undefined)[] = [];
    if (dryRun) for (const i of needs) healed.add(i);
    else if (data && (needs.size > 0 || deep)) {
      const rebuilt = await rebuildVersion(ctx, bucket, key, mv, needs, deep);
      copies = rebuilt.copies;
      lost ||= rebuilt.lost === true;
    }
    live.forEach((ix, i) => {
      if (!ix) return;
      const copy = copies[i] ?? mv.holders[i] ?? retagged[i] ?? (data ? undefined : mv.version);
      if (copies[i] || (!mv.holders[i] && copy)) healed.add(i);
      if (copy) records[i]!.push(copy);
    });
  }
  const agreedIds = new Set(merged.versions.map((m) => versionIdentity(m.version)));
  const agreedVersionIds = new Set(merged.versions.map((m) => m.version.id));
  // A drive being filled again answers "absent" for what it has not been given yet: it is no
  // vote against a version (with it, a version that lost its other copies would be deleted
  // from the last drive that still names it).
  const answered = answers.filter(
    (a, i) => (a === 'absent' || typeof a === 'object') && !ctx.drives.rebuilding.has(i),
  ).length;
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
        if (agreedIds.has(versionIdentity(v))) continue;
        // Another copy of an agreed version (older metadata, or a replaced null version's
        // older bytes): the agreed copy is the version now, on this drive too.
        if (agreedVersionIds.has(v.id)) {
          changed = true;
          continue;
        }
        // Below quorum: dropped only when it can never reach it, even if every drive that
        // did not answer came back holding it (a write cut short, or an old overwritten copy).
        const holders = answers.filter(
          (a) =>
            typeof a === 'object' && a.value.versions.some((w) => versionIdentity(w) === versionIdentity(v)),
        ).length;
        const parity = v.data?.parity ?? ctx.drives.count - ctx.params.readQuorum;
        if (answered - holders > parity) changed = true;
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
    }),
  );
  return { healed: [...healed].sort(), ...(lost ? { failed: 'XMinioInsufficientReadQuorum' } : {}) };
}
