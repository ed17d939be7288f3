import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { EngineError } from '../../engine/errors.js';
import type { ObjectLayer } from '../../engine/object-layer.js';
import type { SystemStore } from '../../engine/system-store.js';
import { ApiError } from '../errors.js';
import { decodePart, decodeUpload, type PartRecord, type UploadRecord } from './records.js';

/**
 * The bucket that holds part data. The engine only accepts valid S3 bucket names, so this
 * is one; the protocol layer reserves it (router refuses it, listings hide it). An engine
 * namespace for internal data would make it unaddressable by construction.
 */
export const PARTS_BUCKET = 'stowage-sys-multipart';

/** Buckets the store keeps for itself, never listed to users. */
export const isInternalBucket = (name: string): boolean => name === PARTS_BUCKET;

const UPLOADS = 'multipart/uploads';
const partsFolder = (uploadId: string) => `multipart/parts/${uploadId}`;
const partKey = (uploadId: string, n: number) => `${uploadId}/${String(n).padStart(5, '0')}`;

export interface PartInput {
  uploadId: string;
  partNumber: number;
  body: Readable;
  size: number;
  expectedMd5?: Buffer;
  checksums: Record<string, string>;
}

/** Upload state as system documents, part data as objects in the reserved bucket. */
export class PartStore {
  private bucketReady: Promise<void> | undefined;

  constructor(
    private readonly layer: ObjectLayer,
    private readonly system: SystemStore,
  ) {}

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= this.layer.makeBucket(PARTS_BUCKET).catch((err: unknown) => {
      if (err instanceof EngineError && err.code === 'BucketAlreadyOwnedByYou') return;
      this.bucketReady = undefined;
      throw err;
    });
    return this.bucketReady;
  }

  async create(init: Omit<UploadRecord, 'v' | 'uploadId' | 'initiated'>): Promise<UploadRecord> {
    await this.ensureBucket();
    const record: UploadRecord = {
      v: 1,
      uploadId: randomBytes(24).toString('base64url').replace(/^[-_]/, 'u'),
      initiated: new Date().toISOString(),
      ...init,
    };
    await this.system.write(`${UPLOADS}/${record.uploadId}.json`, record);
    return record;
  }

  /** The upload, if it exists and belongs to this bucket and key; NoSuchUpload otherwise. */
  async get(bucket: string, key: string, uploadId: string): Promise<UploadRecord> {
    const raw = /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(uploadId)
      ? await this.system.read(`${UPLOADS}/${uploadId}.json`)
      : undefined;
    const record = raw === undefined ? undefined : decodeUpload(raw);
    if (!record || record.bucket !== bucket || record.key !== key) throw new ApiError('NoSuchUpload');
    return record;
  }

  async list(): Promise<UploadRecord[]> {
    const names = await this.system.list(UPLOADS);
    const records = await Promise.all(names.map((n) => this.system.read(`${UPLOADS}/${n}`)));
    return records.filter((r) => r !== undefined).map(decodeUpload);
  }

  async putPart(p: PartInput): Promise<PartRecord> {
    const info = await this.layer.putObject({
      bucket: PARTS_BUCKET,
      key: partKey(p.uploadId, p.partNumber),
      body: p.body,
      size: p.size,
      ...(p.expectedMd5 ? { expectedMd5: p.expectedMd5 } : {}),
    });
    const record: PartRecord = {
      v: 1,
      partNumber: p.partNumber,
      etag: info.etag,
      size: info.size,
      lastModified: info.modTime.toISOString(),
      checksums: p.checksums,
    };
    await this.system.write(`${partsFolder(p.uploadId)}/${p.partNumber}.json`, record);
    return record;
  }

  /** The upload's parts in part-number order. */
  async parts(uploadId: string): Promise<PartRecord[]> {
    const names = await this.system.list(partsFolder(uploadId));
    const records = await Promise.all(names.map((n) => this.system.read(`${partsFolder(uploadId)}/${n}`)));
    return records
      .filter((r) => r !== undefined)
      .map(decodePart)
      .sort((a, b) => a.partNumber - b.partNumber);
  }

  /** The parts' bytes back to back, one part open at a time (bounded memory). */
  concat(uploadId: string, partNumbers: number[]): Readable {
    const layer = this.layer;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (const n of partNumbers) {
        const { stream } = await layer.getObject(PARTS_BUCKET, partKey(uploadId, n));
        for await (const chunk of stream) yield chunk as Buffer;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  /** Drops every upload of a bucket that is being deleted. */
  async removeBucket(bucket: string): Promise<void> {
    for (const u of await this.list()) if (u.bucket === bucket) await this.remove(u.uploadId);
  }

  /** Forgets the upload: its record first (so it disappears at once), then parts. */
  async remove(uploadId: string): Promise<void> {
    await this.system.remove(`${UPLOADS}/${uploadId}.json`);
    for (const name of await this.system.list(partsFolder(uploadId))) {
      const n = Number(name.replace(/\.json$/, ''));
      await this.layer.deleteObject(PARTS_BUCKET, partKey(uploadId, n));
      await this.system.remove(`${partsFolder(uploadId)}/${name}`);
    }
  }
}
