import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type BucketMetaRecord, decodeBucketMeta } from '../../format/bucket-meta.js';
import { decodeObjectMeta, type ObjectMetaRecord } from '../../format/object-meta.js';
import { EngineError } from '../errors.js';
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
import type { SystemStore } from '../system-store.js';
import { fsyncDir, isNotFound, readJsonFile, writeFileAtomic } from './atomic.js';
import type { DriveSet } from './drives.js';
import { FsSystemStore } from './fs-system-store.js';
import type { KeyIndex } from './key-index.js';
import { bucketDir, bucketRecordPath, bucketsDir, META_FILE, objectDir, tmpDir } from './layout.js';
import { KeyedMutex } from './locks.js';
import { scanBucket } from './scan.js';
import { stageData } from './write-data.js';

function toInfo(bucket: string, m: ObjectMetaRecord): ObjectInfo {
  return {
    bucket,
    key: m.key,
    size: m.size,
    etag: m.etag,
    contentType: m.contentType,
    userMeta: m.userMeta,
    headers: m.headers,
    modTime: new Date(m.modTime),
  };
}

/**
 * The single-machine engine for now: every object lives on the first drive as a data file
 * plus a versioned metadata record (erasure coding across all drives replaces this).
 */
export class FsObjectLayer implements ObjectLayer {
  readonly system: SystemStore;
  private readonly drive: string;
  private readonly indexes = new Map<string, Promise<KeyIndex>>();
  private readonly locks = new KeyedMutex();

  constructor(private readonly set: DriveSet) {
    this.drive = set.drives[0]!;
    this.system = new FsSystemStore(this.drive);
  }

  private async readBucket(bucket: string): Promise<BucketMetaRecord> {
    assertBucketName(bucket);
    const raw = await readJsonFile(bucketRecordPath(this.drive, bucket));
    if (raw === undefined) throw new EngineError('NoSuchBucket');
    return decodeBucketMeta(raw);
  }

  private index(bucket: string): Promise<KeyIndex> {
    let index = this.indexes.get(bucket);
    if (!index) {
      index = scanBucket(bucketDir(this.drive, bucket));
      index.catch(() => this.indexes.delete(bucket));
      this.indexes.set(bucket, index);
    }
    return index;
  }

  private async readMeta(bucket: string, key: string, checkBucket = true): Promise<ObjectMetaRecord> {
    assertObjectKey(key);
    if (checkBucket) await this.readBucket(bucket);
    const raw = await readJsonFile(join(objectDir(this.drive, bucket, key), META_FILE));
    if (raw === undefined) throw new EngineError('NoSuchKey');
    return decodeObjectMeta(raw);
  }

  async makeBucket(bucket: string): Promise<void> {
    assertBucketName(bucket);
    return this.locks.run(`bucket/${bucket}`, async () => {
      const path = bucketRecordPath(this.drive, bucket);
      if ((await readJsonFile(path)) !== undefined) throw new EngineError('BucketAlreadyOwnedByYou');
      await mkdir(bucketDir(this.drive, bucket), { recursive: true });
      const record: BucketMetaRecord = { v: 1, name: bucket, created: new Date().toISOString() };
      await writeFileAtomic(path, `${JSON.stringify(record)}\n`, { tmpDir: tmpDir(this.drive) });
    });
  }

  async getBucketInfo(bucket: string): Promise<BucketInfo> {
    const record = await this.readBucket(bucket);
    return { name: record.name, created: new Date(record.created) };
  }

  async listBuckets(): Promise<BucketInfo[]> {
    const names = (await readdir(bucketsDir(this.drive)))
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
      // Removing the record is the commit; the data folder holds only empty folders now.
      await rm(bucketRecordPath(this.drive, bucket), { force: true });
      this.indexes.delete(bucket);
      await rm(bucketDir(this.drive, bucket), { recursive: true, force: true });
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
    const staged = await stageData(tmpDir(this.drive), input.body, {
      size: input.size,
      md5: input.expectedMd5,
    });
    try {
      return await this.locks.run(`object/${bucket}/${key}`, async () => {
        await this.readBucket(bucket);
        const dir = objectDir(this.drive, bucket, key);
        const metaPath = join(dir, META_FILE);
        const previous = await readJsonFile(metaPath);
        const record: ObjectMetaRecord = {
          v: 1,
          key,
          size: staged.size,
          etag: staged.md5.toString('hex'),
          contentType: input.contentType ?? 'application/octet-stream',
          userMeta: input.userMeta ?? {},
          headers: input.headers ?? {},
          modTime: new Date().toISOString(),
          dataId: randomUUID(),
        };
        await mkdir(dir, { recursive: true });
        await rename(staged.path, join(dir, record.dataId));
        await fsyncDir(dir);
        // The metadata rename is the commit point: before it the old object is whole.
        await writeFileAtomic(metaPath, `${JSON.stringify(record)}\n`, { tmpDir: tmpDir(this.drive) });
        index.set(key, record.size);
        if (previous !== undefined) {
          await rm(join(dir, decodeObjectMeta(previous).dataId), { force: true }).catch(() => {});
        }
        return toInfo(bucket, record);
      });
    } finally {
      await rm(staged.path, { force: true });
    }
  }

  async getObject(bucket: string, key: string, spec?: RangeSpec): Promise<GetObjectResult> {
    // A concurrent overwrite may remove the data file between reading the record and
    // opening it; the second attempt sees the newer record.
    for (let attempt = 0; ; attempt++) {
      const meta = await this.readMeta(bucket, key);
      try {
        const range = spec ? resolveRange(spec, meta.size) : undefined;
        const fh = await open(join(objectDir(this.drive, bucket, key), meta.dataId), 'r');
        const stream = fh.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { info: toInfo(bucket, meta), stream, ...(range ? { range } : {}) };
      } catch (err) {
        if (!isNotFound(err) || attempt > 0) throw err;
      }
    }
  }

  async getObjectInfo(bucket: string, key: string): Promise<ObjectInfo> {
    return toInfo(bucket, await this.readMeta(bucket, key));
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    assertObjectKey(key);
    await this.readBucket(bucket);
    const index = await this.index(bucket);
    await this.locks.run(`object/${bucket}/${key}`, async () => {
      const dir = objectDir(this.drive, bucket, key);
      const raw = await readJsonFile(join(dir, META_FILE));
      if (raw === undefined) return;
      await rm(join(dir, META_FILE), { force: true });
      index.delete(key);
      await rm(join(dir, decodeObjectMeta(raw).dataId), { force: true });
      await rmdir(dir).catch(() => {});
    });
  }

  async listObjects(input: ListObjectsInput): Promise<ListObjectsResult> {
    await this.readBucket(input.bucket);
    const page = listPage((await this.index(input.bucket)).keys, input);
    const metas = await Promise.all(
      page.keys.map((key) => this.readMeta(input.bucket, key, false).catch(() => undefined)),
    );
    const result: ListObjectsResult = {
      // A key deleted since the page was cut is simply left out.
      objects: metas
        .filter((m): m is ObjectMetaRecord => m !== undefined)
        .map((m) => toInfo(input.bucket, m)),
      prefixes: page.prefixes,
      isTruncated: page.isTruncated,
    };
    if (page.nextMarker !== undefined) result.nextMarker = page.nextMarker;
    return result;
  }

  backendInfo(): BackendInfo {
    const n = this.set.drives.length;
    return { kind: 'Erasure', drives: n, onlineDrives: n, dataShards: n, parityShards: 0 };
  }

  async shutdown(): Promise<void> {
    this.indexes.clear();
  }
}
