import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { type BucketMetaRecord, decodeBucketMeta } from '../../format/bucket-meta.js';
import type { ObjectMetaRecord } from '../../format/object-meta.js';
import { EngineError } from '../errors.js';
import type { DriveSet } from '../fs/drives.js';
import type { KeyIndex } from '../fs/key-index.js';
import { bucketDir, bucketRecordPath, bucketsDir, formatPath, tmpDir } from '../fs/layout.js';
import { KeyedMutex } from '../fs/locks.js';
import { listPage } from '../listing.js';
import { assertBucketName, assertObjectKey } from '../names.js';
import type {
  BackendInfo,
  BucketInfo,
  BucketUsage,
  GetObjectResult,
  ListObjectsInput,
  ListObjectsResult,
  ObjectInfo,
  ObjectLayer,
  PutObjectInput,
  RangeSpec,
} from '../object-layer.js';
import { resolveRange } from '../range.js';
import { commitShards, dropShardFiles, removeRecords, rollback } from './commit.js';
import { decodeObject } from './decode.js';
import { encodeObject } from './encode.js';
import { ErasureSystemStore } from './erasure-system-store.js';
import { healObject } from './heal.js';
import { HealQueue } from './heal-queue.js';
import { type Chosen, chooseVersion, quickRecord, readMetas } from './meta.js';
import { BLOCK_SIZE, type ErasureParams, erasureParams, quorumError } from './params.js';
import { doAll, successes } from './quorum.js';
import { listReplicated, readReplicated, removeReplicated, writeReplicated } from './replicated.js';
import { restoreDocuments } from './restore.js';
import { scanBucketErasure } from './scan.js';
import { openSources } from './sources.js';

function toInfo(bucket: string, m: ObjectMetaRecord): ObjectInfo {
  const { key, size, etag, contentType, userMeta, headers } = m;
  return { bucket, key, size, etag, contentType, userMeta, headers, modTime: new Date(m.modTime) };
}

/**
 * The erasure-coded engine: every object is split into blocks, each block Reed-Solomon
 * coded into one shard per drive; records and small objects live on every drive.
 */
export class ErasureObjectLayer implements ObjectLayer {
  readonly system: ErasureSystemStore;
  readonly params: ErasureParams;
  /** Objects seen with a missing or corrupt shard or record. */
  readonly healQueue: HealQueue;
  private readonly drives: readonly string[];
  private readonly indexes = new Map<string, Promise<KeyIndex>>();
  private readonly bucketCache = new Map<string, BucketMetaRecord>();
  private readonly locks = new KeyedMutex();

  constructor(
    private readonly set: DriveSet,
    opts: { parity?: number; autoHealMs?: number } = {},
  ) {
    this.drives = set.drives;
    this.params = erasureParams(set.drives.length, opts.parity);
    this.system = new ErasureSystemStore(this.drives, this.params);
    this.healQueue = new HealQueue((bucket, key) => this.heal(bucket, key), opts.autoHealMs);
  }

  private queueHeal(bucket: string, key: string): void {
    this.healQueue.add(bucket, key);
  }

  private async readBucket(bucket: string): Promise<BucketMetaRecord> {
    assertBucketName(bucket);
    const cached = this.bucketCache.get(bucket);
    if (cached) return cached;
    const text = await readReplicated(this.drives, this.params, (d) => bucketRecordPath(d, bucket));
    if (text === undefined) throw new EngineError('NoSuchBucket');
    const record = decodeBucketMeta(JSON.parse(text));
    this.bucketCache.set(bucket, record);
    return record;
  }

  private index(bucket: string): Promise<KeyIndex> {
    let index = this.indexes.get(bucket);
    if (!index) {
      const paths = this.drives.map((d) => bucketDir(d, bucket));
      index = scanBucketErasure(paths, (key) => this.queueHeal(bucket, key));
      index.catch(() => this.indexes.delete(bucket));
      this.indexes.set(bucket, index);
    }
    return index;
  }

  private async choose(bucket: string, key: string): Promise<Chosen> {
    assertObjectKey(key);
    await this.readBucket(bucket);
    const chosen = await chooseVersion(this.drives, this.params, bucket, key);
    if (!chosen.complete) this.queueHeal(bucket, key);
    return chosen;
  }

  async makeBucket(bucket: string): Promise<void> {
    assertBucketName(bucket);
    return this.locks.run(`bucket/${bucket}`, async () => {
      const pathOf = (d: string) => bucketRecordPath(d, bucket);
      if ((await readReplicated(this.drives, this.params, pathOf)) !== undefined)
        throw new EngineError('BucketAlreadyOwnedByYou');
      await doAll(this.drives, (d) => mkdir(bucketDir(d, bucket), { recursive: true }));
      const record: BucketMetaRecord = { v: 1, name: bucket, created: new Date().toISOString() };
      await writeReplicated(this.drives, this.params, pathOf, `${JSON.stringify(record)}\n`);
      this.bucketCache.set(bucket, record);
    });
  }

  async getBucketInfo(bucket: string): Promise<BucketInfo> {
    const record = await this.readBucket(bucket);
    return { name: record.name, created: new Date(record.created) };
  }

  async listBuckets(): Promise<BucketInfo[]> {
    const names = (await listReplicated(this.drives, bucketsDir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    const infos = await Promise.all(names.map((n) => this.getBucketInfo(n).catch(() => undefined)));
    return infos.filter((i): i is BucketInfo => i !== undefined);
  }

  async deleteBucket(bucket: string): Promise<void> {
    assertBucketName(bucket);
    return this.locks.run(`bucket/${bucket}`, async () => {
      await this.readBucket(bucket);
      if ((await this.index(bucket)).count > 0) throw new EngineError('BucketNotEmpty');
      this.bucketCache.delete(bucket);
      this.indexes.delete(bucket);
      // Removing the records is the commit; the data folders hold only empty folders now.
      await removeReplicated(this.drives, this.params, (d) => bucketRecordPath(d, bucket));
      await doAll(this.drives, (d) => rm(bucketDir(d, bucket), { recursive: true, force: true }));
    });
  }

  async bucketUsage(bucket: string): Promise<BucketUsage> {
    await this.readBucket(bucket);
    const index = await this.index(bucket);
    return { size: index.totalSize, objects: index.count };
  }

  async putObject(input: PutObjectInput): Promise<ObjectInfo> {
    const { bucket, key } = input;
    assertObjectKey(key);
    await this.readBucket(bucket);
    const index = await this.index(bucket);
    const { data, parity, writeQuorum } = this.params;
    const encoded = await encodeObject(
      input.body,
      { data, parity, blockSize: BLOCK_SIZE },
      this.drives.map((d) => tmpDir(d)),
      { size: input.size, md5: input.expectedMd5 },
    );
    try {
      if (successes(encoded.shards.map((s) => s !== undefined)) < writeQuorum) throw quorumError('write');
      return await this.locks.run(`object/${bucket}/${key}`, async () => {
        await this.readBucket(bucket);
        const record: ObjectMetaRecord = {
          v: 2,
          key,
          size: encoded.size,
          etag: encoded.md5.toString('hex'),
          contentType: input.contentType ?? 'application/octet-stream',
          userMeta: input.userMeta ?? {},
          headers: input.headers ?? {},
          modTime: new Date().toISOString(),
          dataId: randomUUID(),
          erasure: { data, parity, index: 0, blockSize: BLOCK_SIZE, bitrot: 'sha256' },
        };
        const previous = await readMetas(this.drives, bucket, key);
        const committed = await commitShards(this.drives, bucket, key, record, encoded.shards);
        if (successes(committed) < writeQuorum) {
          await rollback(this.drives, bucket, key, record.dataId, committed, previous);
          throw quorumError('write');
        }
        index.set(key, record.size);
        if (successes(committed) < this.drives.length) this.queueHeal(bucket, key);
        await dropShardFiles(this.drives, bucket, key, previous, record.dataId);
        return toInfo(bucket, record);
      });
    } finally {
      await Promise.all(
        encoded.shards.map((s) => (s && 'file' in s ? rm(s.file, { force: true }) : undefined)),
      );
    }
  }

  async getObject(bucket: string, key: string, spec?: RangeSpec): Promise<GetObjectResult> {
    for (let attempt = 0; ; attempt++) {
      const chosen = await this.choose(bucket, key);
      const { record } = chosen;
      const range = spec ? resolveRange(spec, record.size) : undefined;
      const { sources, available, close } = await openSources(this.drives, bucket, key, chosen);
      if (available < record.erasure.data && record.size > 0) {
        await close();
        if (attempt === 0) continue;
        throw quorumError('read');
      }
      const blocks = decodeObject({
        sources,
        layout: record.erasure,
        size: record.size,
        ...(range ? { start: range.start, end: range.end } : {}),
        onBad: () => this.queueHeal(bucket, key),
      });
      async function* closing() {
        try {
          yield* blocks;
        } finally {
          await close();
        }
      }
      const stream = Readable.from(closing(), { objectMode: false });
      return { info: toInfo(bucket, record), stream, ...(range ? { range } : {}) };
    }
  }

  async getObjectInfo(bucket: string, key: string): Promise<ObjectInfo> {
    assertObjectKey(key);
    await this.readBucket(bucket);
    return toInfo(bucket, await quickRecord(this.drives, this.params, bucket, key));
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    assertObjectKey(key);
    await this.readBucket(bucket);
    const index = await this.index(bucket);
    await this.locks.run(`object/${bucket}/${key}`, async () => {
      const previous = await readMetas(this.drives, bucket, key);
      if (previous.every((a) => a === 'absent')) return;
      if ((await removeRecords(this.drives, bucket, key)) < this.params.writeQuorum)
        throw quorumError('write');
      index.delete(key);
      await dropShardFiles(this.drives, bucket, key, previous, undefined, true);
    });
  }

  async listObjects(input: ListObjectsInput): Promise<ListObjectsResult> {
    await this.readBucket(input.bucket);
    const page = listPage((await this.index(input.bucket)).keys, input);
    const records = await Promise.all(
      page.keys.map((key) => quickRecord(this.drives, this.params, input.bucket, key).catch(() => undefined)),
    );
    const result: ListObjectsResult = {
      // A key deleted since the page was cut is simply left out.
      objects: records
        .filter((r): r is ObjectMetaRecord => r !== undefined)
        .map((r) => toInfo(input.bucket, r)),
      prefixes: page.prefixes,
      isTruncated: page.isTruncated,
    };
    if (page.nextMarker !== undefined) result.nextMarker = page.nextMarker;
    return result;
  }

  /** Rewrites the missing or corrupt shards and records of one object on every drive. */
  async heal(bucket: string, key: string): Promise<{ healed: number[] }> {
    assertObjectKey(key);
    await this.readBucket(bucket);
    const result = await this.locks.run(`object/${bucket}/${key}`, () =>
      healObject(this.set, this.params, bucket, key),
    );
    this.healQueue.delete(bucket, key);
    return result;
  }

  /** At start: documents onto drives that came back blank (initDrives formatted them). */
  restoreFreshDrives(): Promise<void> {
    return restoreDocuments(this.drives, this.params, this.set.fresh ?? []);
  }

  /** Heals everything queued so far; returns how many objects were tried. */
  healQueued(): Promise<number> {
    return this.healQueue.drain();
  }

  backendInfo(): BackendInfo {
    const online = this.drives.filter((d) => existsSync(formatPath(d))).length;
    return {
      kind: 'Erasure',
      drives: this.drives.length,
      onlineDrives: online,
      dataShards: this.params.data,
      parityShards: this.params.parity,
    };
  }

  async shutdown(): Promise<void> {
    await this.healQueue.close();
    this.indexes.clear();
    this.bucketCache.clear();
  }
}
