import { type BucketMetaRecord, decodeBucketMeta } from '../../format/bucket-meta.js';
import { EngineError } from '../errors.js';
import { bucketDir, bucketRecordPath, bucketsDir } from '../fs/layout.js';
import { mkdir, rm } from '../fs/os.js';
import { assertBucketName, assertNewBucketName } from '../names.js';
import type { BucketInfo } from '../object-layer.js';
import { BucketGate } from './bucket-gate.js';
import type { EngineContext } from './context.js';
import { hasAnyVersion } from './listing/lister.js';
import type { ErasureParams } from './params.js';
import { doAll } from './quorum.js';
import { listReplicated, readReplicated, removeReplicated, writeReplicated } from './replicated.js';

// The buckets of an erasure set: their records (replicated on every drive, cached here),
// their creation and deletion under a per-bucket lock, and the gate that keeps writes and
// deletion apart.

export interface BucketRemoval {
  /** Remove it with everything in it (MinIO's force delete). */
  force?: boolean;
  /**
   * Runs once the bucket is known to be empty (or force is given), under its lock, before
   * anything goes; throwing keeps the bucket. The other erasure sets remove theirs here.
   */
  beforeRemove?: () => Promise<void>;
  /** Runs once the bucket is gone, still under its lock: no CreateBucket of the name can interleave. */
  afterRemove?: () => Promise<void>;
}

export class BucketRecords {
  private readonly cache = new Map<string, BucketMetaRecord>();
  /** Counts bucket deletions: a bucket read that overlapped one is not cached. */
  private generation = 0;
  private readonly gate = new BucketGate();

  constructor(
    private readonly ctx: EngineContext,
    private readonly drives: readonly string[],
    private readonly params: ErasureParams,
  ) {}

  async read(bucket: string): Promise<BucketMetaRecord> {
    assertBucketName(bucket);
    const cached = this.cache.get(bucket);
    if (cached) return cached;
    // A bucket deleted while this read ran must not be cached as there.
    const generation = this.generation;
    const text = await readReplicated(this.drives, this.params, (d) => bucketRecordPath(d, bucket));
    if (text === undefined) throw new EngineError('NoSuchBucket');
    const record = decodeBucketMeta(JSON.parse(text));
    if (generation === this.generation) this.cache.set(bucket, record);
    return record;
  }

  /** A write into a bucket: held open against its deletion, the bucket checked once inside. */
  writing<T>(bucket: string, write: () => Promise<T>): Promise<T> {
    return this.gate.hold(bucket, async () => {
      await this.read(bucket);
      return write();
    });
  }

  /** Creates the bucket; `prepare` runs first, under its lock, before anyone can see it. */
  async make(bucket: string, prepare?: () => Promise<void>): Promise<void> {
    assertNewBucketName(bucket);
    return this.ctx.locks.run(`bucket/${bucket}`, async () => {
      const pathOf = (d: string) => bucketRecordPath(d, bucket);
      if ((await readReplicated(this.drives, this.params, pathOf)) !== undefined)
        throw new EngineError('BucketAlreadyOwnedByYou');
      await prepare?.();
      await doAll(this.drives, (d) =>
        this.ctx.drives.trace.call(
          'MakeVol',
          () => `${d} ${bucket}`,
          () => mkdir(bucketDir(d, bucket), { recursive: true }),
        ),
      );
      const record: BucketMetaRecord = { v: 1, name: bucket, created: new Date().toISOString() };
      await writeReplicated(this.drives, this.params, pathOf, `${JSON.stringify(record)}\n`);
      this.cache.set(bucket, record);
    });
  }

  async list(): Promise<BucketInfo[]> {
    const names = (await listReplicated(this.drives, bucketsDir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    const records = await Promise.all(names.map((n) => this.read(n).catch(() => undefined)));
    return records.flatMap((r) => (r ? [{ name: r.name, created: new Date(r.created) }] : []));
  }

  async delete(bucket: string, opts: BucketRemoval = {}): Promise<void> {
    assertBucketName(bucket);
    const busy = opts.force ? 'wait' : { refuse: () => new EngineError('BucketNotEmpty') };
    return this.ctx.locks.run(`bucket/${bucket}`, () =>
      // Writes under way would land after the records are gone: a plain delete is refused
      // while any runs (what it writes makes the bucket not empty), a forced one waits.
      this.gate.close(bucket, busy, () => this.remove(bucket, opts)),
    );
  }

  private async remove(bucket: string, opts: BucketRemoval): Promise<void> {
    await this.read(bucket);
    if (!opts.force && hasAnyVersion(this.ctx, bucket)) throw new EngineError('BucketNotEmpty');
    await opts.beforeRemove?.();
    // What the bucket holds goes first, its records last: removing them is the commit. A
    // crash before it leaves the bucket (emptied, or partly: deleting it again finishes the
    // job), never a gone bucket whose entries a new bucket of the same name would inherit.
    await Promise.all(this.ctx.drives.all().map((ix) => ix?.dropBucket(bucket).catch(() => {})));
    await doAll(this.drives, (d) =>
      this.ctx.drives.trace.call(
        'DeleteVol',
        () => `${d} ${bucket}`,
        () => rm(bucketDir(d, bucket), { recursive: true, force: true }),
      ),
    );
    await removeReplicated(this.drives, this.params, (d) => bucketRecordPath(d, bucket));
    this.generation++;
    this.cache.delete(bucket);
    await opts.afterRemove?.();
  }

  /** Drops what is cached (the engine is shutting down). */
  forget(): void {
    this.cache.clear();
  }
}
