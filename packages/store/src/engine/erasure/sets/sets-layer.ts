import { isCode } from '../../errors.js';
import type { DriveSet } from '../../fs/drives.js';
import { splitSets } from '../../fs/drives.js';
import { KeyedMutex } from '../../fs/locks.js';
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
} from '../../object-layer.js';
import type { BucketRemoval } from '../buckets.js';
import { ErasureObjectLayer, type ErasureOptions } from '../erasure-layer.js';
import type { ErasureSystemStore } from '../erasure-system-store.js';
import { mergeHealStats } from '../heal/heal-queue.js';
import type { ErasureParams } from '../params.js';
import { deploymentKey, setOfKey } from './set-layout.js';
import { alreadyThere, settleBucket } from './sets-buckets.js';
import { mergeNames, mergeObjectPages, mergeUploadPages, mergeVersionPages } from './sets-listing.js';

/**
 * A deployment's erasure sets as one object layer, as MinIO's erasureSets: each key lives in
 * the set its name hashes to (setOfKey), every bucket exists in every set, and listings
 * merge the sets' pages. The first set is the authority on buckets (created there last,
 * removed there last) and keeps the system documents (IAM, configuration).
 */
export class ErasureSets implements ObjectLayer, MaintenanceLayer {
  /** Held while a bucket is made, removed, or settled between the sets. */
  private readonly bucketLocks = new KeyedMutex();

  /** Awaited before each object a background heal takes (heal max_io, max_sleep; every set's). */
  get healPacer(): () => Promise<void> {
    return this.sets[0]!.healPacer;
  }

  private constructor(
    /** The sets, in deployment order (the first is the authority on buckets). */
    readonly sets: ErasureObjectLayer[],
    private readonly firsts: number[],
    private readonly deployment: Uint8Array,
  ) {}

  /** Opens every set of a deployment initDrives opened, then makes their buckets agree. */
  static async open(deployment: DriveSet, opts: ErasureOptions = {}): Promise<ErasureSets> {
    const parts = splitSets(deployment);
    const sets: ErasureObjectLayer[] = [];
    try {
      for (const part of parts) sets.push(await ErasureObjectLayer.open(part, opts));
    } catch (err) {
      await Promise.all(sets.map((s) => s.shutdown()));
      throw err;
    }
    const layer = new ErasureSets(
      sets,
      parts.map((p) => p.first ?? 0),
      deploymentKey(deployment.deploymentId),
    );
    // Sets that cannot be read now are given their buckets by a later heal.
    if (sets.length > 1)
      await layer
        .reconcileBuckets()
        .catch((err: unknown) =>
          opts.log?.error(`making the erasure sets agree on buckets failed: ${String(err)}`, { err }),
        );
    return layer;
  }

  /** The system documents' store: the first set's. */
  get system(): ErasureSystemStore {
    return this.sets[0]!.system;
  }

  /** Every set's erasure parameters (they are alike). */
  get params(): ErasureParams {
    return this.sets[0]!.params;
  }

  private setOf(key: string): ErasureObjectLayer {
    return this.sets[setOfKey(key, this.sets.length, this.deployment)]!;
  }

  /**
   * A call to the set that holds `key`. A set that lacks a bucket the first set has (a crash,
   * or a failed deletion, left it so) is given it, and the call made again: clients never
   * meet NoSuchBucket from one set of a bucket they can see.
   */
  private inSet<T>(bucket: string, key: string, call: (s: ErasureObjectLayer) => Promise<T>): Promise<T> {
    const s = this.setOf(key);
    // The first set's NoSuchBucket is the bucket's own absence.
    return s === this.authority ? call(s) : this.acrossSets(bucket, () => call(s));
  }

  /** A call to one or more sets, made again once if a set lacked the bucket (inSet). */
  private async acrossSets<T>(bucket: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (this.sets.length === 1 || !isCode(err, 'NoSuchBucket')) throw err;
      const there = await this.bucketLocks.run(bucket, async () => {
        await settleBucket(this.sets, bucket);
        return this.authority.getBucketInfo(bucket).then(
          () => true,
          (e: unknown) => (isCode(e, 'NoSuchBucket') ? false : Promise.reject(e)),
        );
      });
      if (!there) throw err;
      return call();
    }
  }

  /**
   * A bucket made or removed: under the lock document repair holds (a repair that read the
   * bucket records before a deletion must not write them back after it), then the bucket's.
   */
  private bucketChange<T>(bucket: string, change: () => Promise<T>): Promise<T> {
    return this.bucketLocks.run(DOCUMENTS, () => this.bucketLocks.run(bucket, change));
  }

  private get authority(): ErasureObjectLayer {
    return this.sets[0]!;
  }

  private get others(): ErasureObjectLayer[] {
    return this.sets.slice(1);
  }

  /**
   * The other sets get the bucket first, the first set last: until it is there, nobody sees
   * the bucket. Another set that kept the bucket from a start a crash cut short has it already.
   */
  makeBucket(bucket: string, prepare?: () => Promise<void>): Promise<void> {
    return this.bucketChange(bucket, async () => {
      const made: ErasureObjectLayer[] = [];
      try {
        await this.authority.makeBucket(bucket, async () => {
          await prepare?.();
          for (const s of this.others)
            if (await s.makeBucket(bucket).then(() => true, alreadyThere)) made.push(s);
        });
      } catch (err) {
        // A creation that failed is undone where it got to: the bucket must not live on,
        // unseen, in some sets (uploads could land in it).
        for (const s of made) await s.deleteBucket(bucket).catch(() => {});
        throw err;
      }
    });
  }

  getBucketInfo(bucket: string): Promise<BucketInfo> {
    return this.authority.getBucketInfo(bucket);
  }

  listBuckets(): Promise<BucketInfo[]> {
    return this.authority.listBuckets();
  }

  /**
   * Each set checks that its part of the bucket is empty, the first set first, and the last
   * removes its part first: a set that refuses does so before any set removed anything.
   */
  deleteBucket(bucket: string, opts: Omit<BucketRemoval, 'beforeRemove'> = {}): Promise<void> {
    const chain = (i: number): BucketRemoval => {
      const removal: BucketRemoval = { ...opts };
      if (i > 0) delete removal.afterRemove;
      if (i + 1 < this.sets.length) removal.beforeRemove = () => removeFrom(i + 1);
      return removal;
    };
    const removeFrom = (i: number): Promise<void> => this.sets[i]!.deleteBucket(bucket, chain(i));
    // The sets first settle the bucket: a set that lost its record gets it back, so that the
    // entries its index still holds are counted (refused, or removed when forced) rather than
    // passed over and seen again by a later bucket of the name.
    return this.bucketChange(bucket, async () => {
      await settleBucket(this.sets, bucket);
      await this.authority.deleteBucket(bucket, chain(0));
    });
  }

  async bucketUsage(bucket: string): Promise<BucketUsage> {
    const usages = await this.acrossSets(bucket, () =>
      Promise.all(this.sets.map((s) => s.bucketUsage(bucket))),
    );
    return usages.reduce((sum, u) => ({
      size: sum.size + u.size,
      objects: sum.objects + u.objects,
      versions: sum.versions + u.versions,
      deleteMarkers: sum.deleteMarkers + u.deleteMarkers,
      sizes: sum.sizes.map((n, i) => n + (u.sizes[i] ?? 0)),
    }));
  }

  putObject(input: PutObjectInput): Promise<ObjectInfo> {
    return this.inSet(input.bucket, input.key, (s) => s.putObject(input));
  }

  getObject(bucket: string, key: string, opts?: ReadOptions): Promise<GetObjectResult> {
    return this.inSet(bucket, key, (s) => s.getObject(bucket, key, opts));
  }

  getObjectInfo(bucket: string, key: string, opts?: Omit<ReadOptions, 'range'>): Promise<ObjectInfo> {
    return this.inSet(bucket, key, (s) => s.getObjectInfo(bucket, key, opts));
  }

  deleteObject(bucket: string, key: string, input: DeleteObjectInput): Promise<DeleteObjectResult> {
    return this.inSet(bucket, key, (s) => s.deleteObject(bucket, key, input));
  }

  updateObjectMeta(
    bucket: string,
    key: string,
    versionId: string | undefined,
    patch: (info: ObjectInfo) => MetadataPatch,
  ): Promise<ObjectInfo> {
    return this.inSet(bucket, key, (s) => s.updateObjectMeta(bucket, key, versionId, patch));
  }

  releaseVersionData(bucket: string, key: string, input: ReleaseDataInput): Promise<ObjectInfo> {
    return this.inSet(bucket, key, (s) => s.releaseVersionData(bucket, key, input));
  }

  restoreVersionData(bucket: string, key: string, input: RestoreDataInput): Promise<ObjectInfo> {
    return this.inSet(bucket, key, (s) => s.restoreVersionData(bucket, key, input));
  }

  async listObjects(input: ListObjectsInput): Promise<ListObjectsResult> {
    if (this.sets.length === 1 || input.maxKeys <= 0) return this.authority.listObjects(input);
    await this.authority.getBucketInfo(input.bucket);
    const pages = await this.acrossSets(input.bucket, () =>
      Promise.all(this.sets.map((s) => s.listObjects(input))),
    );
    return mergeObjectPages(pages, input.maxKeys);
  }

  async listObjectVersions(input: ListVersionsInput): Promise<ListVersionsResult> {
    if (this.sets.length === 1 || input.maxKeys <= 0) return this.authority.listObjectVersions(input);
    await this.authority.getBucketInfo(input.bucket);
    const pages = await this.acrossSets(input.bucket, () =>
      Promise.all(this.sets.map((s) => s.listObjectVersions(input))),
    );
    return mergeVersionPages(pages, input.maxKeys);
  }

  newMultipartUpload(bucket: string, key: string, meta: NewObjectMeta): Promise<UploadInfo> {
    return this.inSet(bucket, key, (s) => s.newMultipartUpload(bucket, key, meta));
  }

  getMultipartUpload(bucket: string, key: string, uploadId: string): Promise<UploadInfo> {
    return this.inSet(bucket, key, (s) => s.getMultipartUpload(bucket, key, uploadId));
  }

  putObjectPart(input: PutPartInput): Promise<PartInfo> {
    return this.inSet(input.bucket, input.key, (s) => s.putObjectPart(input));
  }

  listObjectParts(bucket: string, key: string, uploadId: string, page?: PartsPage): Promise<PartInfo[]> {
    return this.inSet(bucket, key, (s) => s.listObjectParts(bucket, key, uploadId, page));
  }

  completeMultipartUpload(input: CompleteInput): Promise<ObjectInfo> {
    return this.inSet(input.bucket, input.key, (s) => s.completeMultipartUpload(input));
  }

  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    return this.inSet(bucket, key, (s) => s.abortMultipartUpload(bucket, key, uploadId));
  }

  async listMultipartUploads(input: ListUploadsInput): Promise<ListUploadsResult> {
    if (this.sets.length === 1 || input.maxUploads <= 0) return this.authority.listMultipartUploads(input);
    await this.authority.getBucketInfo(input.bucket);
    const pages = await this.acrossSets(input.bucket, () =>
      Promise.all(this.sets.map((s) => s.listMultipartUploads(input))),
    );
    return mergeUploadPages(pages, input.maxUploads);
  }

  /** Aborts uploads begun before `before` (ms) in every set; how many went. */
  async abortStaleUploads(before: number): Promise<number> {
    return sum(await Promise.all(this.sets.map((s) => s.abortStaleUploads(before))));
  }

  /** The drives healed are numbered among the deployment's drives. */
  async heal(bucket: string, key: string, opts?: HealObjectOpts): Promise<HealResult> {
    const at = setOfKey(key, this.sets.length, this.deployment);
    // A dry run changes nothing, the sets' buckets included.
    const heal = () => this.sets[at]!.heal(bucket, key, opts);
    const result = await (opts?.dryRun ? heal() : this.acrossSets(bucket, heal));
    return { ...result, healed: result.healed.map((d) => d + this.firsts[at]!), set: at };
  }

  async checkIndexes(): Promise<number[]> {
    const found = await Promise.all(this.sets.map((s) => s.checkIndexes()));
    return found.flatMap((drives, at) => drives.map((d) => d + this.firsts[at]!));
  }

  async keysToHeal(
    bucket: string,
    prefix: string,
    after: string | undefined,
    max: number,
  ): Promise<string[]> {
    const lists = await this.acrossSets(bucket, () =>
      Promise.all(this.sets.map((s) => s.keysToHeal(bucket, prefix, after, max))),
    );
    return mergeNames(lists, max);
  }

  /** Each set's documents and bucket records, then the buckets the sets disagree on. */
  async healDocuments(): Promise<number> {
    const copies = await this.bucketLocks.run(DOCUMENTS, async () =>
      sum(await Promise.all(this.sets.map((s) => s.healDocuments()))),
    );
    return copies + (this.sets.length > 1 ? await this.reconcileBuckets() : 0);
  }

  /**
   * Every set gets the buckets the first set has. A bucket another set keeps alone (a
   * creation or deletion a crash cut short) goes when empty; holding objects, every set
   * gets it, rather than losing them from sight. Each bucket is settled under the lock its
   * creation and deletion take, from what the sets hold then. How many sets were changed.
   */
  private async reconcileBuckets(): Promise<number> {
    const held = await Promise.all(this.sets.map(async (s) => (await s.listBuckets()).map((b) => b.name)));
    let changed = 0;
    let failure: { err: unknown } | undefined;
    // One bucket that cannot be settled now does not keep the others from it.
    for (const bucket of new Set(held.flat()))
      changed += await this.bucketLocks
        .run(bucket, () => settleBucket(this.sets, bucket))
        .catch((err: unknown) => {
          failure ??= { err };
          return 0;
        });
    if (failure) throw failure.err;
    return changed;
  }

  /** At start: every set's drives formatted by this start get the documents and every object. */
  async recoverFreshDrives(): Promise<void> {
    await Promise.all(this.sets.map((s) => s.recoverFreshDrives()));
  }

  /** Removes data folders no record names, in every set; how many went. */
  async sweepUnnamedData(): Promise<number> {
    return sum(await Promise.all(this.sets.map((s) => s.sweepUnnamedData())));
  }

  backendInfo(): BackendInfo {
    const infos = this.sets.map((s) => s.backendInfo());
    const first = infos[0]!;
    return {
      ...first,
      drives: sum(infos.map((i) => i.drives)),
      onlineDrives: sum(infos.map((i) => i.onlineDrives)),
      sets: this.sets.length,
      setDrives: first.setDrives,
    };
  }

  async drives(): Promise<DriveInfo[]> {
    return (await Promise.all(this.sets.map((s) => s.drives()))).flat();
  }

  backgroundHeal(): BackgroundHeal {
    const each = this.sets.map((s) => s.backgroundHeal());
    return {
      queue: mergeHealStats(each.map((e) => e.queue)),
      refills: each.flatMap((e) => e.refills),
      recovering: each.flatMap((e) => e.recovering),
    };
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.sets.map((s) => s.shutdown()));
  }
}

const sum = (ns: number[]): number => ns.reduce((a, b) => a + b, 0);

/** The lock of every set's document repair (no bucket is named so: names have no NUL). */
const DOCUMENTS = '\u0000documents';
