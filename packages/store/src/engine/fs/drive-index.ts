import { statSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { type Database, open, type RootDatabase } from 'lmdb';
import { decodeObjectRecord, encodeObjectRecord, type ObjectRecord } from '../../format/object-record.js';
import { packRecord, unpackRecord } from '../../format/record.js';
import { type IndexFileCheck, indexFileDamage, openIndexFileDamage } from './index-check.js';
import { formatPath, sysPath } from './layout.js';
import { type BucketUsageCounters, countersOf, moveCounters, readCounters } from './usage-counters.js';

// One drive's ordered index: an LMDB environment under .stowage.sys/index holding the
// object records, multipart upload records and their parts, and per-bucket usage counters. Keys are raw
// UTF-8 bytes, so LMDB's byte order is S3's key order and a listing page is a range read.
// Commits are batched by lmdb-js (one fsync for every write of an event turn) and an
// awaited write is durable.

export const INDEX_DIR = 'index';

/** Where a drive's LMDB data file lives. */
export const indexFilePath = (drive: string): string => join(sysPath(drive, INDEX_DIR), 'data.mdb');

/** A drive's index file that must not be mapped (see index-check.ts). */
export class DamagedIndexError extends Error {
  constructor(drive: string, damage: string) {
    super(`The index of drive ${drive} is damaged: ${damage}`);
  }
}

/**
 * The walker cannot read an index file's layout (an lmdb upgrade changed it): said loudly, on
 * the process's warning channel (the engine has no log of its own), once per index opened.
 */
export const UNKNOWN_INDEX_LAYOUT = 'STOWAGE_UNKNOWN_INDEX_LAYOUT';
function warnSkipped(drive: string, reason: string): void {
  process.emitWarning(
    `The index of drive ${drive} is not checked for damage: ${reason}. ` +
      'The lmdb package was probably upgraded: check its page layout against index-check.ts.',
    { code: UNKNOWN_INDEX_LAYOUT },
  );
}

/** `<bucket>\0<name>`: bucket names and object keys never hold NUL. */
export function entryKey(bucket: string, name: string): Buffer {
  return Buffer.from(`${bucket}\0${name}`, 'utf8');
}
/** The range holding every entry of a bucket. */
export function bucketRange(bucket: string): { start: Buffer; end: Buffer } {
  return { start: entryKey(bucket, ''), end: Buffer.from(`${bucket}\u0001`, 'utf8') };
}

export type { BucketUsageCounters } from './usage-counters.js';

export class DriveIndex {
  private readonly counters = new Map<string, BucketUsageCounters>();
  /** Damage verify() found: the drive is offline until its index is opened again (and set aside). */
  private damage: string | undefined;
  /** verify() found a layout it cannot read, and said so: it says it once. */
  private layoutSkipped = false;

  private constructor(
    readonly drive: string,
    private readonly env: RootDatabase,
    readonly objects: Database<Buffer, Buffer>,
    readonly uploads: Database<Buffer, Buffer>,
    /** Each part of an upload, under the upload's entry, NUL, and the number in 5 digits. */
    readonly parts: Database<Buffer, Buffer>,
    private readonly usage: Database<Buffer, Buffer>,
    private readonly device: number,
    /** The index file opened, and the largest size seen of it (LMDB never shrinks it). */
    private readonly indexFile: { path: string; ino: number; size: number },
    /** The index did not exist before this open: whatever the drive held, it lists nothing. */
    readonly created: boolean,
  ) {}

  /**
   * Opens the drive's index. A damaged index file is never mapped (it could crash the
   * process): it is refused (DamagedIndexError), or with `setAsideDamaged` moved aside,
   * kept for inspection, and a new index made in its place, for the drive to be rebuilt.
   */
  static async open(drive: string, opts: { setAsideDamaged?: boolean } = {}): Promise<DriveIndex> {
    ignoreCommitEchoes();
    const path = sysPath(drive, INDEX_DIR);
    await mkdir(path, { recursive: true });
    const file = join(path, 'data.mdb');
    const damage = indexFileDamage(file);
    if (typeof damage === 'object') warnSkipped(drive, damage.skipped);
    else if (damage !== undefined) {
      if (!opts.setAsideDamaged) throw new DamagedIndexError(drive, damage);
      await rename(path, `${path}.damaged-${Date.now()}`);
      await mkdir(path, { recursive: true });
    }
    const created = statSync(file, { throwIfNoEntry: false }) === undefined;
    // Overlapping sync off: with it (lmdb-js's default on Linux) a write resolves once its
    // transaction is committed and visible, its flush to disk still to come ("the write
    // actions return a promise for when they are committed", lmdb-js's README). A store
    // acknowledges only durable writes. Measured here, 4 KiB PUTs cost the same without it.
    const env = open({
      path,
      maxDbs: 8,
      compression: false,
      cache: false,
      keyEncoding: 'binary',
      overlappingSync: false,
    });
    const db = (name: string) =>
      env.openDB<Buffer, Buffer>({ name, encoding: 'binary', keyEncoding: 'binary' });
    const st = statSync(file);
    return new DriveIndex(
      drive,
      env,
      db('objects'),
      db('uploads'),
      db('parts'),
      db('usage'),
      st.dev,
      { path: file, ino: st.ino, size: st.size },
      created,
    );
  }

  /**
   * Checks the open index's file as an open does (index-check.ts), without holding the event
   * loop and under a read transaction, so that no page the walk reaches is reused under it.
   * Damage seen on two looks in a row (a commit landing while the metas were read can look
   * like damage once) takes the drive offline. Why the index is damaged; undefined when it is not.
   */
  async verify(): Promise<string | undefined> {
    const look = async (): Promise<IndexFileCheck> => {
      let txn: { done(): void };
      try {
        txn = this.env.useReadTransaction();
      } catch {
        return undefined; // closed (the store is stopping): nothing to check
      }
      try {
        return await openIndexFileDamage(this.indexFile.path);
      } catch (err) {
        return `the index file cannot be read: ${(err as Error).message}`;
      } finally {
        txn.done();
      }
    };
    const damage = async (): Promise<string | undefined> => {
      const found = await look();
      if (typeof found !== 'object') return found;
      if (!this.layoutSkipped) warnSkipped(this.drive, found.skipped);
      this.layoutSkipped = true;
      return undefined;
    };
    if (this.damage === undefined && (await damage()) !== undefined) this.damage = await damage();
    return this.damage;
  }

  /**
   * The drive still holds this index: its identity file is there, on the device the index
   * was opened on, and the index file is the one opened. A wiped or swapped drive fails this
   * at once, while LMDB would go on serving the unlinked index file from memory. Two stats:
   * it runs once per event-loop turn (IndexedDrives.all).
   */
  online(): boolean {
    if (this.damage !== undefined) return false;
    try {
      const st = statSync(formatPath(this.drive), { throwIfNoEntry: false });
      if (st === undefined || st.dev !== this.device) return false;
      // An index file removed or replaced under the store: LMDB would go on writing to the
      // unlinked one, and every write since would be gone at the next start.
      const index = statSync(this.indexFile.path, { throwIfNoEntry: false });
      if (index?.ino !== this.indexFile.ino) return false;
      // Cut short under the store: a read of a page past the new end would kill the process.
      if (index.size < this.indexFile.size) return false;
      this.indexFile.size = index.size;
      return true;
    } catch {
      return false; // unreadable (permissions, I/O error): offline, not every request failing
    }
  }

  /** Runs fn in one write transaction; resolves when it is committed and durable. */
  transaction<T>(fn: () => T): Promise<T> {
    return this.env.transaction(fn);
  }

  getRecordBytes(bucket: string, key: string): Buffer | undefined {
    return this.objects.get(entryKey(bucket, key));
  }

  /** The record as the drive holds it; undefined when absent or damaged (it counts for nothing). */
  recordOrNothing(bucket: string, key: string): ObjectRecord | undefined {
    const bytes = this.getRecordBytes(bucket, key);
    try {
      return bytes === undefined ? undefined : decodeObjectRecord(bytes);
    } catch {
      return undefined;
    }
  }

  /**
   * Replaces (or removes) a record and keeps the bucket's counters, as plain writes that
   * lmdb-js commits together (every write issued in one event turn goes into one
   * transaction, with no callback into this thread). The caller holds the key's lock, so
   * `previous` (what it read, undefined when absent or damaged) is what the drive holds.
   * `encoded` is `next` already encoded, when the caller has it. Resolves once durable.
   */
  writeRecord(
    bucket: string,
    key: string,
    previous: ObjectRecord | undefined,
    next: ObjectRecord | undefined,
    encoded?: Buffer,
  ): Promise<unknown> {
    const k = entryKey(bucket, key);
    const wrote =
      next && next.versions.length > 0
        ? this.objects.put(k, encoded ?? encodeObjectRecord(next))
        : this.objects.remove(k);
    return Promise.all([wrote, this.count(bucket, countersOf(previous), countersOf(next))]);
  }

  /** Puts a record's exact previous bytes back (rollback of writeRecord). */
  restoreRecordBytes(
    bucket: string,
    key: string,
    written: ObjectRecord | undefined,
    bytes: Buffer | undefined,
  ): Promise<unknown> {
    let previous: ObjectRecord | undefined;
    try {
      previous = bytes === undefined ? undefined : decodeObjectRecord(bytes);
    } catch {
      previous = undefined;
    }
    const k = entryKey(bucket, key);
    const wrote = bytes === undefined ? this.objects.remove(k) : this.objects.put(k, bytes);
    return Promise.all([wrote, this.count(bucket, countersOf(written), countersOf(previous))]);
  }

  /** Moves a bucket's counters from `before` to `after`, in memory and on disk. */
  private count(bucket: string, before: BucketUsageCounters, after: BucketUsageCounters): Promise<unknown> {
    const u = this.usageOf(bucket);
    moveCounters(u, before, after);
    return this.usage.put(Buffer.from(bucket, 'utf8'), packRecord(u)).catch((err: unknown) => {
      this.counters.delete(bucket); // the drive keeps what it had: read it again
      throw err;
    });
  }

  /** The bucket's counters (kept in memory once read: every write of the bucket updates them). */
  usageOf(bucket: string): BucketUsageCounters {
    let u = this.counters.get(bucket);
    if (!u) {
      const bytes = this.usage.get(Buffer.from(bucket, 'utf8'));
      const raw =
        bytes === undefined ? undefined : (unpackRecord(bytes, 'usage counters') as Record<string, unknown>);
      u = readCounters(raw, () => this.recordsOf(bucket));
      this.counters.set(bucket, u);
    }
    return u;
  }

  /** The bucket's object records on this drive, in key order (unreadable ones skipped). */
  private *recordsOf(bucket: string): Iterable<ObjectRecord> {
    for (const { value } of this.objects.getRange(bucketRange(bucket))) {
      try {
        yield decodeObjectRecord(value as Buffer);
      } catch {
        // heal rewrites it; the counters then move with it
      }
    }
  }

  /** Every entry of a bucket (objects, uploads and their parts, counters), when the bucket goes. */
  dropBucket(bucket: string): Promise<void> {
    this.counters.delete(bucket);
    return this.transaction(() => {
      for (const db of [this.objects, this.uploads, this.parts])
        for (const key of [...db.getKeys(bucketRange(bucket))]) db.remove(key as Buffer);
      this.usage.remove(Buffer.from(bucket, 'utf8'));
    });
  }

  async close(): Promise<void> {
    await this.env.close();
  }
}

/**
 * A failed commit (a full disk, an I/O error) rejects the writes in it, and their callers
 * count the drive as failed. lmdb-js also rejects promises of its own that nothing can
 * hold: each batch's commit promise, and the `commitError` every failed write points to.
 * Node would end the process on those as unhandled, so they are let go here; every other
 * unhandled rejection still ends it, as before.
 */
let echoesIgnored = false;
function ignoreCommitEchoes(): void {
  if (echoesIgnored) return;
  echoesIgnored = true;
  process.on('unhandledRejection', (reason, promise) => {
    if (isCommitEcho(reason, promise)) return;
    // Alone, this listener stands in for Node's default, which it switched off.
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  });
}

function isCommitEcho(reason: unknown, promise: Promise<unknown>): boolean {
  if (!(reason instanceof Error)) return false;
  const commitError = (reason as { commitError?: unknown }).commitError;
  if (commitError instanceof Promise) {
    commitError.catch(() => {}); // the same failure, reported once already
    return true;
  }
  // lmdb-js's commitError promise itself: it carries its own reject function.
  return typeof (promise as { reject?: unknown }).reject === 'function';
}
