import { existsSync } from 'node:fs';
import { type ObjectRecord, RecordCodec } from '../../format/object-record.js';
import { OpTracer } from '../../observe/op-trace.js';
import { writeFileAtomic } from '../fs/atomic.js';
import { DriveIndex, entryKey } from '../fs/drive-index.js';
import { REBUILD_MARKER_VERSION, rebuildMarkerPath } from '../fs/layout.js';
import { rm } from '../fs/os.js';
import { MergedCursor } from './listing/cursor.js';
import { quorumError } from './params.js';
import type { DriveAnswer } from './quorum.js';

/** What the drives hold for one entry, decoded. */
export interface EntryRead<T> {
  answers: DriveAnswer<T>[];
}
export type KeyRead = EntryRead<ObjectRecord>;

/** The tables of a drive index that hold per-bucket entries. */
export type Table = 'objects' | 'uploads';

/**
 * Notes on a drive that it is being filled again, so that a restart resumes that. Without
 * the note (an unwritable drive) the rebuild still runs; only a restart forgets it.
 */
export async function noteRebuilding(drive: string): Promise<void> {
  const marker = JSON.stringify({ v: REBUILD_MARKER_VERSION, since: new Date().toISOString() });
  await writeFileAtomic(rebuildMarkerPath(drive), marker).catch(() => {});
}

/**
 * The indexes of the set's drives. A drive whose index cannot be opened, or that was wiped
 * while running, is offline: it is not asked, and `onLost` hears of it once so that the
 * drive can be formatted again and healed.
 */
export class IndexedDrives {
  private readonly lostReported = new Set<number>();
  /**
   * Drives being filled again (wiped, reformatted, or with an index lost): that they lack a
   * version says nothing about it, until every object has been healed onto them.
   */
  readonly rebuilding = new Set<number>();
  private snapshot: (DriveIndex | undefined)[] | undefined;

  private constructor(
    readonly paths: readonly string[],
    private readonly indexes: (DriveIndex | undefined)[],
    private readonly onLost: (drive: number) => void,
    /** Where per-drive calls are reported while someone traces storage. */
    readonly trace: OpTracer,
  ) {}

  static async open(
    paths: readonly string[],
    onLost: (drive: number) => void,
    trace = new OpTracer('storage'),
  ): Promise<IndexedDrives> {
    const indexes = await Promise.all(paths.map((p) => DriveIndex.open(p).catch(() => undefined)));
    const set = new IndexedDrives(paths, indexes, onLost, trace);
    indexes.forEach((ix, i) => {
      if (!ix) set.report(i);
    });
    return set;
  }

  get count(): number {
    return this.paths.length;
  }

  private report(i: number): void {
    if (this.lostReported.has(i)) return;
    this.lostReported.add(i);
    this.onLost(i);
  }

  /** Drive i's index when the drive is online; undefined (and reported) when not. */
  live(i: number): DriveIndex | undefined {
    const ix = this.indexes[i];
    if (ix?.online()) return ix;
    this.report(i);
    return undefined;
  }

  /**
   * Walks each online drive's index file (DriveIndex.verify). A damaged one is offline from
   * now on, for this turn's requests too, and reported lost; the drives found so.
   */
  async checkIndexes(): Promise<number[]> {
    const damage = await Promise.all(this.all().map((ix) => ix?.verify()));
    const damaged = damage.flatMap((found, i) => (found === undefined ? [] : [i]));
    this.snapshot = undefined;
    for (const i of damaged) this.live(i);
    return damaged;
  }

  /**
   * Every drive's index, undefined for offline ones. Checked once per event-loop turn: the
   * several steps of one request share the answer, and a drive lost meanwhile is seen by
   * the next turn (a commit on it then fails like any write to a failed drive).
   */
  all(): (DriveIndex | undefined)[] {
    if (this.snapshot) return this.snapshot;
    const snapshot = this.paths.map((_, i) => this.live(i));
    this.snapshot = snapshot;
    setImmediate(() => {
      if (this.snapshot === snapshot) this.snapshot = undefined;
    });
    return snapshot;
  }

  onlineCount(): number {
    return this.all().filter((ix) => ix !== undefined).length;
  }

  /**
   * What each drive holds for one entry of a table, decoded ('error' when it does not
   * decode). `what` names the entry in the storage trace ("bucket key"). The bytes `decode`
   * gets are LMDB's read buffer, valid until the next read: it must copy what it keeps.
   */
  readEntry<T>(table: Table, entry: Buffer, decode: (bytes: Buffer) => T, what: string): EntryRead<T> {
    const answers = this.all().map((ix, i): DriveAnswer<T> => {
      if (!ix) return 'offline';
      try {
        const b = this.trace.active
          ? this.trace.call(
              'ReadVersion',
              () => `${this.paths[i]} ${what}`,
              () => ix[table].getBinaryFast(entry),
            )
          : ix[table].getBinaryFast(entry);
        // lmdb-js's read buffer says its length but not its byteLength: a plain view of it.
        return b === undefined ? 'absent' : { value: decode(b.subarray(0, b.length)) };
      } catch {
        return 'error';
      }
    });
    return { answers };
  }

  /** One key's record on every drive; copies that agree on their common part decode it once. */
  read(bucket: string, key: string): KeyRead {
    const codec = new RecordCodec();
    return this.readEntry('objects', entryKey(bucket, key), (b) => codec.decode(b), `${bucket} ${key}`);
  }

  /** A cursor over a bucket's entries of a table on every online drive (read quorum checked). */
  cursor<T>(table: Table, bucket: string, readQuorum: number, decode: (bytes: Buffer) => T): MergedCursor<T> {
    const live = this.all();
    if (live.filter((ix) => ix !== undefined).length < readQuorum) throw quorumError('read');
    // The cursor reads lazily, page by page: the walk is reported when it starts.
    live.forEach((ix, i) => {
      if (ix) this.trace.begin('WalkDir', () => `${this.paths[i]} ${bucket}`)?.();
    });
    return new MergedCursor(
      live.map((ix) => ix?.[table]),
      bucket,
      decode,
    );
  }

  /**
   * After drive i was formatted again: its index opened again, and it counts as online.
   * `setAsideDamaged`: a damaged index is moved aside and a new one made (only while the
   * other drives can give the drive its records back).
   */
  async reopen(i: number, setAsideDamaged = false): Promise<void> {
    this.snapshot = undefined;
    const old = this.indexes[i];
    this.indexes[i] = undefined;
    await old?.close().catch(() => {});
    this.indexes[i] = await DriveIndex.open(this.paths[i]!, { setAsideDamaged });
    await this.startRebuilding(i);
    this.lostReported.delete(i);
  }

  /** Drive i is to be filled again: noted on the drive too, so that a restart resumes it. */
  async startRebuilding(i: number): Promise<void> {
    this.rebuilding.add(i);
    await noteRebuilding(this.paths[i]!);
  }

  /** Every object reached drive i: it is whole again. */
  async rebuilt(i: number): Promise<void> {
    this.rebuilding.delete(i);
    await rm(rebuildMarkerPath(this.paths[i]!), { force: true }).catch(() => {});
  }

  /** How many drives other than i are online and whole (not being filled again). */
  othersWhole(i: number): number {
    return this.all().filter((ix, j) => j !== i && ix !== undefined && !this.rebuilding.has(j)).length;
  }

  /** Whether an earlier run left drive i part-way through being filled again. */
  markedRebuilding(i: number): boolean {
    return existsSync(rebuildMarkerPath(this.paths[i]!));
  }

  /** Whether drive i's index was made by this start (the drive lists nothing of what it held). */
  created(i: number): boolean {
    return this.indexes[i]?.created === true;
  }

  async close(): Promise<void> {
    await Promise.all(this.indexes.map((ix) => ix?.close().catch(() => {})));
  }
}
