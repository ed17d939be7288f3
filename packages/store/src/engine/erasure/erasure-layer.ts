import { existsSync } from 'node:fs';
import type { BucketMetaRecord } from '../../format/bucket-meta.js';
import { type Logger, silentLogger } from '../../observe/logger.js';
import type { OpTracer } from '../../observe/op-trace.js';
import { type DriveIndex, indexFilePath } from '../fs/drive-index.js';
import { type DriveSet, reformatDrive } from '../fs/drives.js';
import { assertObjectKey } from '../names.js';
import type {
  BackendInfo,
  BackgroundHeal,
  BucketInfo,
  BucketUsage,
  CompleteInput,
  DeleteObjectInput,
  DeleteObjectResult,
  DriveInfo,
  GetObjectResult,
  HealObjectOpts,
  HealResult,
  ListObjectsInput,
  ListObjectsResult,
  ListUploadsInput,
  ListUploadsResult,
  ListVersionsInput,
  ListVersionsResult,
  MaintenanceLayer,
  MetadataPatch,
  NewObjectMeta,
  ObjectInfo,
  ObjectLayer,
  PartInfo,
  PartsPage,
  PutObjectInput,
  PutPartInput,
  ReadOptions,
  ReleaseDataInput,
  RestoreDataInput,
  UploadInfo,
} from '../object-layer.js';
import { BucketRecords, type BucketRemoval } from './buckets.js';
import type { NewBitrot } from './codec/bitrot.js';
import { type EngineContext, newContext, objectLock } from './context.js';
import { ErasureSystemStore } from './erasure-system-store.js';
import { DriveRecovery } from './heal/drive-recovery.js';
import { healObject, shardsWhole } from './heal/heal.js';
import { HealJournal } from './heal/heal-journal.js';
import { HealQueue } from './heal/heal-queue.js';
import { RefillProgress } from './heal/refill.js';
import { repairDocuments, restoreDocuments } from './heal/restore.js';
import { sweepUnnamedData } from './heal/sweep.js';
import { IndexedDrives, noteRebuilding } from './indexed-drives.js';
import { everyKey } from './listing/key-walk.js';
import { listObjects, listObjectVersions, objectCursor } from './listing/lister.js';
import { completeMultipartUpload } from './multipart/complete.js';
import * as multipart from './multipart/multipart.js';
import { abortStaleUploads } from './multipart/stale-uploads.js';
import * as uploadListing from './multipart/upload-listing.js';
import * as objects from './objects.js';
import { type ErasureParams, erasureParams } from './params.js';
import { driveReport } from './space.js';
import { agreedUsage } from './usage.js';
import { releaseVersionData, restoreVersionData } from './version-data.js';

export interface ErasureOptions {
  parity?: number;
  /** Heal damaged objects (and recover wiped drives) this long after they are seen. */
  autoHealMs?: number;
  /** The heal-on-read queue's delay, when it differs from autoHealMs (STOWAGE_HEAL_QUEUE_DELAY_MS). */
  healQueueDelayMs?: number;
  log?: Logger;
  /** Where per-drive calls are reported while someone traces storage. */
  trace?: OpTracer;
  /** The checksum new data gets (default MinIO's HighwayHash; tests write older SHA-256 data). */
  bitrot?: NewBitrot;
  /** Awaited before each object a background heal takes (heal max_io, max_sleep); default no pause. */
  healPacer?: () => Promise<void>;
  /** Told of the versions removed for good by a write or delete (EngineContext.onRemoved). */
  onVersionsRemoved?: EngineContext['onRemoved'];
}

const noPause = (): Promise<void> => Promise.resolve();

/**
 * The erasure-coded engine: every object version is split into blocks, each block
 * Reed-Solomon coded into one shard per drive; each drive's ordered index holds the
 * records (small objects inline), and reads and writes go by quorum.
 */
export class ErasureObjectLayer implements ObjectLayer, MaintenanceLayer {
  readonly system: ErasureSystemStore;
  readonly params: ErasureParams;
  /** Objects seen with a missing or corrupt shard or record. */
  readonly healQueue: HealQueue;
  /** Awaited before each object a background heal takes (heal max_io, max_sleep; the store's). */
  readonly healPacer: () => Promise<void>;
  private readonly ctx: EngineContext;
  private readonly recovery: DriveRecovery;
  private readonly buckets: BucketRecords;
  private readonly refill = new RefillProgress();
  private stopping = false;
  private sweeping: Promise<number> | undefined;

  private constructor(
    private readonly set: DriveSet,
    drives: IndexedDrives,
    params: ErasureParams,
    recovery: DriveRecovery,
    healQueue: HealQueue,
    log: Logger,
    opts: Pick<ErasureOptions, 'bitrot' | 'healPacer' | 'onVersionsRemoved'>,
  ) {
    this.params = params;
    this.healPacer = opts.healPacer ?? noPause;
    this.system = new ErasureSystemStore(set.drives, params);
    this.healQueue = healQueue;
    this.recovery = recovery;
    this.ctx = newContext(
      drives,
      params,
      {
        queueHeal: (bucket, key, deep, bytes) => this.healQueue.add(bucket, key, deep, bytes),
        queueCheck: (bucket, key, check, bytes, checkNow) =>
          this.healQueue.verify(bucket, key, check, bytes, checkNow),
        ...(opts.onVersionsRemoved ? { onRemoved: opts.onVersionsRemoved } : {}),
      },
      log,
      opts.bitrot,
    );
    this.buckets = new BucketRecords(this.ctx, set.drives, params);
  }

  static async open(set: DriveSet, opts: ErasureOptions = {}): Promise<ErasureObjectLayer> {
    const params = erasureParams(set.drives.length, opts.parity);
    let layer: ErasureObjectLayer | undefined;
    const lostEarly: number[] = [];
    const recovery = new DriveRecovery(
      {
        reformat: (d) => reformatDrive(set, d).then(() => true),
        // A damaged index is set aside only while the other drives hold what it held.
        reopen: (d) => layer!.ctx.drives.reopen(d, layer!.ctx.drives.othersWhole(d) >= params.readQuorum),
        restoreDocuments: (d) =>
          restoreDocuments(
            set.drives,
            params,
            set.drives.map((_, i) => i === d),
          ),
        healAll: () => layer!.healAll().then(() => {}),
      },
      opts.autoHealMs ?? 1000,
      opts.log,
    );
    const healQueue = new HealQueue(
      {
        heal: async (bucket, key, deep) => {
          await layer!.healPacer();
          const result = await layer!.heal(bucket, key, { deep });
          if (result.failed) throw new Error(result.failed);
          if (result.healed.length === 0) return { bytes: 0 };
          const info = await layer!.getObjectInfo(bucket, key).catch(() => undefined);
          return { bytes: info?.size ?? 0 };
        },
        verify: async (bucket, key, check) => {
          await layer!.healPacer();
          return shardsWhole(layer!.ctx, bucket, key, check);
        },
      },
      {
        ...((opts.healQueueDelayMs ?? opts.autoHealMs) === undefined
          ? {}
          : { delayMs: opts.healQueueDelayMs ?? opts.autoHealMs }),
        journal: new HealJournal(set.drives, (err) => opts.log?.error(`heal queue journal: ${String(err)}`)),
      },
    );
    // A drive about to get a new index (formatted now, or its index gone) is noted as being
    // filled again before its index is made: a crash from then on still resumes the rebuild.
    const newIndex = set.drives.map((d, i) => set.fresh?.[i] === true || !existsSync(indexFilePath(d)));
    if (!newIndex.every(Boolean))
      await Promise.all(set.drives.map((d, i) => (newIndex[i] ? noteRebuilding(d) : undefined)));
    const drives = await IndexedDrives.open(
      set.drives,
      (d) => (layer ? recovery.lost(d) : lostEarly.push(d)),
      opts.trace,
    );
    // A formatted drive whose index is new lost its records (index files deleted, or a
    // restore without them): it is healed like a drive formatted by this start.
    // So is a drive an earlier run left part-way through being filled again.
    set.fresh = set.drives.map(
      (_, i) => set.fresh?.[i] === true || drives.created(i) || drives.markedRebuilding(i),
    );
    const rebuild = !set.fresh.every(Boolean);
    for (const [i, fresh] of set.fresh.entries())
      if (fresh) await (rebuild ? drives.startRebuilding(i) : drives.rebuilt(i));
    layer = new ErasureObjectLayer(set, drives, params, recovery, healQueue, opts.log ?? silentLogger, opts);
    for (const d of lostEarly) recovery.lost(d);
    // What a previous run queued to heal (and had not healed) is queued again.
    await healQueue.resume();
    return layer;
  }

  /** A write into a bucket: held open against its deletion, the bucket checked once inside. */
  private writing<T>(bucket: string, write: () => Promise<T>): Promise<T> {
    return this.buckets.writing(bucket, write);
  }

  private readBucket(bucket: string): Promise<BucketMetaRecord> {
    return this.buckets.read(bucket);
  }

  makeBucket(bucket: string, prepare?: () => Promise<void>): Promise<void> {
    return this.buckets.make(bucket, prepare);
  }

  async getBucketInfo(bucket: string): Promise<BucketInfo> {
    const record = await this.readBucket(bucket);
    return { name: record.name, created: new Date(record.created) };
  }

  listBuckets(): Promise<BucketInfo[]> {
    return this.buckets.list();
  }

  deleteBucket(bucket: string, opts: BucketRemoval = {}): Promise<void> {
    return this.buckets.delete(bucket, opts);
  }

  async bucketUsage(bucket: string): Promise<BucketUsage> {
    await this.readBucket(bucket);
    const { drives } = this.ctx;
    const whole = drives
      .all()
      .filter((ix, i): ix is DriveIndex => ix !== undefined && !drives.rebuilding.has(i));
    return agreedUsage(whole.map((ix) => ix.usageOf(bucket)));
  }

  async putObject(input: PutObjectInput): Promise<ObjectInfo> {
    assertObjectKey(input.key);
    return this.writing(input.bucket, () => objects.putObject(this.ctx, input));
  }

  async getObject(bucket: string, key: string, opts: ReadOptions = {}): Promise<GetObjectResult> {
    await this.readBucket(bucket);
    return objects.getObject(this.ctx, bucket, key, opts);
  }

  async getObjectInfo(bucket: string, key: string, opts: ReadOptions = {}): Promise<ObjectInfo> {
    await this.readBucket(bucket);
    return objects.getObjectInfo(this.ctx, bucket, key, opts);
  }

  async deleteObject(bucket: string, key: string, input: DeleteObjectInput): Promise<DeleteObjectResult> {
    return this.writing(bucket, () => objects.deleteObject(this.ctx, bucket, key, input));
  }

  async updateObjectMeta(
    bucket: string,
    key: string,
    versionId: string | undefined,
    patch: (info: ObjectInfo) => MetadataPatch,
  ): Promise<ObjectInfo> {
    return this.writing(bucket, () => objects.updateObjectMeta(this.ctx, bucket, key, versionId, patch));
  }

  async releaseVersionData(bucket: string, key: string, input: ReleaseDataInput): Promise<ObjectInfo> {
    return this.writing(bucket, () => releaseVersionData(this.ctx, bucket, key, input));
  }

  async restoreVersionData(bucket: string, key: string, input: RestoreDataInput): Promise<ObjectInfo> {
    return this.writing(bucket, () => restoreVersionData(this.ctx, bucket, key, input));
  }

  async listObjects(input: ListObjectsInput): Promise<ListObjectsResult> {
    await this.readBucket(input.bucket);
    return listObjects(this.ctx, input);
  }

  async listObjectVersions(input: ListVersionsInput): Promise<ListVersionsResult> {
    await this.readBucket(input.bucket);
    return listObjectVersions(this.ctx, input);
  }

  async newMultipartUpload(bucket: string, key: string, meta: NewObjectMeta): Promise<UploadInfo> {
    assertObjectKey(key);
    return this.writing(bucket, () => multipart.newMultipartUpload(this.ctx, bucket, key, meta));
  }

  async getMultipartUpload(bucket: string, key: string, uploadId: string): Promise<UploadInfo> {
    await this.readBucket(bucket);
    return multipart.getMultipartUpload(this.ctx, bucket, key, uploadId);
  }

  async putObjectPart(input: PutPartInput): Promise<PartInfo> {
    await this.readBucket(input.bucket);
    // Only the part's commit holds the bucket open against its deletion: a part is no object,
    // and one whose body is still arriving (or whose client stalled) must not make a plain
    // DeleteBucket answer BucketNotEmpty. A part that finds its bucket gone fails.
    return multipart.putObjectPart(this.ctx, input, (commit) => this.writing(input.bucket, commit));
  }

  async listObjectParts(
    bucket: string,
    key: string,
    uploadId: string,
    page?: PartsPage,
  ): Promise<PartInfo[]> {
    await this.readBucket(bucket);
    return uploadListing.listObjectParts(this.ctx, bucket, key, uploadId, page);
  }

  async completeMultipartUpload(input: CompleteInput): Promise<ObjectInfo> {
    return this.writing(input.bucket, () => completeMultipartUpload(this.ctx, input));
  }

  async abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    return this.writing(bucket, () => multipart.abortMultipartUpload(this.ctx, bucket, key, uploadId));
  }

  /** Aborts uploads begun before `before` (ms), their copies on every drive; how many went. */
  async abortStaleUploads(before: number): Promise<number> {
    const buckets = (await this.listBuckets()).map((b) => b.name);
    return abortStaleUploads(
      this.ctx,
      buckets,
      before,
      (b, drop) => this.writing(b, drop),
      () => this.stopping,
    );
  }

  async listMultipartUploads(input: ListUploadsInput): Promise<ListUploadsResult> {
    await this.readBucket(input.bucket);
    return uploadListing.listMultipartUploads(this.ctx, input);
  }

  /** Rewrites the missing or corrupt shards and records of one object on every drive (dryRun: only finds them). */
  async heal(bucket: string, key: string, opts: HealObjectOpts = {}): Promise<HealResult> {
    assertObjectKey(key);
    // Heal writes records too: it must not bring back a key of a bucket being deleted.
    const result = await this.writing(bucket, () =>
      this.ctx.locks.run(objectLock(bucket, key), () => healObject(this.ctx, bucket, key, opts)),
    );
    if (!opts.dryRun) this.healQueue.delete(bucket, key);
    return result;
  }

  async keysToHeal(
    bucket: string,
    prefix: string,
    after: string | undefined,
    max: number,
  ): Promise<string[]> {
    const names: string[] = [];
    const cursor = objectCursor(this.ctx, bucket);
    try {
      const from = after === undefined || after < prefix ? prefix : `${after}\0`;
      cursor.seek(Buffer.from(from, 'utf8'));
      for (let e = cursor.next(); e?.name.startsWith(prefix) && names.length < max; e = cursor.next())
        names.push(e.name);
    } finally {
      cursor.close();
    }
    return names;
  }

  healDocuments(): Promise<number> {
    const online = this.ctx.drives.all().map((ix) => ix !== undefined);
    return repairDocuments(this.set.drives, this.params, online);
  }

  checkIndexes(): Promise<number[]> {
    return this.ctx.drives.checkIndexes();
  }

  /** Heals every object of every bucket, a page of keys at a time. */
  async healAll(): Promise<number> {
    const rebuilt = [...this.ctx.drives.rebuilding];
    const first = this.set.first ?? 0;
    const refilling = rebuilt.map((d) => first + d);
    if (refilling.length > 0) await this.beginRefill(refilling);
    let healed = 0;
    let failed = false;
    try {
      for await (const { bucket, key } of everyKey(this)) {
        await this.healPacer();
        let ok = true;
        const r = await this.heal(bucket, key).catch((): HealResult => {
          ok = false;
          return { healed: [] };
        });
        if (r.failed) ok = false;
        failed ||= !ok;
        if (r.healed.length > 0) healed++;
        if (refilling.length > 0) {
          const size = await this.getObjectInfo(bucket, key).then(
            (o) => o.size,
            () => 0,
          );
          this.refill.object(bucket, key, size, ok);
        }
      }
      // Drives being filled again are whole once every object reached them.
      if (!failed) for (const d of rebuilt) await this.ctx.drives.rebuilt(d);
    } finally {
      this.refill.end(refilling);
    }
    return healed;
  }

  /** Notes the drives being filled, with what there is to fill them with. */
  private async beginRefill(drives: number[]): Promise<void> {
    const buckets = (await this.listBuckets()).map((b) => b.name);
    const usage = await Promise.all(buckets.map((b) => this.bucketUsage(b).catch(() => undefined)));
    const objects = usage.reduce((n, u) => n + (u?.objects ?? 0), 0);
    const bytes = usage.reduce((n, u) => n + (u?.size ?? 0), 0);
    this.refill.begin(drives, buckets, objects, bytes);
  }

  backgroundHeal(): BackgroundHeal {
    const first = this.set.first ?? 0;
    return {
      queue: this.healQueue.snapshot(),
      refills: this.refill.list(),
      recovering: this.recovery.recovering().map((d) => first + d),
    };
  }

  /** At start: drives formatted by this start get the documents and every object. */
  async recoverFreshDrives(): Promise<void> {
    const fresh = this.set.fresh ?? [];
    if (!fresh.some(Boolean) || fresh.every(Boolean)) return;
    await restoreDocuments(this.set.drives, this.params, fresh);
    await this.healAll();
  }

  /** Removes data folders no record names (writes a crash cut short); how many went. */
  async sweepUnnamedData(): Promise<number> {
    const buckets = (await this.listBuckets()).map((b) => b.name);
    const sweep = sweepUnnamedData(this.ctx, buckets, () => this.stopping);
    this.sweeping = sweep.catch(() => 0);
    return sweep;
  }

  /** Heals everything queued so far; returns how many objects were tried. */
  healQueued(): Promise<number> {
    return this.healQueue.drain();
  }

  /** Waits for drive recovery in progress (tests, shutdown). */
  recoverDrives(): Promise<void> {
    return this.recovery.run();
  }

  backendInfo(): BackendInfo {
    return {
      kind: 'Erasure',
      drives: this.set.drives.length,
      sets: 1,
      setDrives: this.set.drives.length,
      onlineDrives: this.ctx.drives.onlineCount(),
      dataShards: this.params.data,
      parityShards: this.params.parity,
    };
  }

  drives(): Promise<DriveInfo[]> {
    return driveReport(this.set.drives, this.set.first ?? 0, this.ctx.drives.all());
  }

  async shutdown(): Promise<void> {
    this.stopping = true;
    await this.sweeping;
    await this.recovery.close();
    await this.healQueue.close();
    await this.ctx.drives.close();
    this.buckets.forget();
  }
}
