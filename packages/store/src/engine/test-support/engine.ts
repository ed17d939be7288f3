import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach } from 'vitest';
import type { NewBitrot } from '../erasure/codec/bitrot.js';
import { ErasureObjectLayer, type ErasureOptions } from '../erasure/erasure-layer.js';
import type { IndexedDrives } from '../erasure/indexed-drives.js';
import { initDrives } from '../fs/drives.js';
import type { PutObjectInput } from '../object-layer.js';

// Engine tests: a layer over fresh drive folders, and small body helpers.

/** What a test's layer is opened with: its drives and the collaborators it is constructed with. */
export type FixtureOptions = { parity?: number; drives?: string[]; bitrot?: NewBitrot } & Pick<
  ErasureOptions,
  'healPacer' | 'onVersionsRemoved'
>;

export interface EngineFixture {
  dir: string;
  drives: string[];
  open(opts?: FixtureOptions): Promise<ErasureObjectLayer>;
  close(): Promise<void>;
}

export async function engineFixture(names = ['a', 'b', 'c', 'd']): Promise<EngineFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-engine-'));
  const drives = names.map((d) => join(dir, d));
  const opened: ErasureObjectLayer[] = [];
  return {
    dir,
    drives,
    async open(opts = {}) {
      const layer = await ErasureObjectLayer.open(await initDrives(opts.drives ?? drives), {
        ...(opts.parity === undefined ? {} : { parity: opts.parity }),
        ...(opts.bitrot === undefined ? {} : { bitrot: opts.bitrot }),
        ...(opts.healPacer === undefined ? {} : { healPacer: opts.healPacer }),
        ...(opts.onVersionsRemoved === undefined ? {} : { onVersionsRemoved: opts.onVersionsRemoved }),
      });
      opened.push(layer);
      return layer;
    },
    async close() {
      for (const l of opened) await l.shutdown().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The usual set-up: before each test, a fixture over fresh drives, its layer open and
 * `bucket` made; closed after it. The fields are the running test's.
 */
export function bucketEachTest(
  bucket = 'bkt',
  opts: FixtureOptions = {},
): { f: EngineFixture; layer: ErasureObjectLayer } {
  const state = {} as { f: EngineFixture; layer: ErasureObjectLayer };
  beforeEach(async () => {
    state.f = await engineFixture();
    state.layer = await state.f.open(opts);
    await state.layer.makeBucket(bucket);
  });
  afterEach(() => state.f.close());
  return state;
}

/**
 * Makes the store see records a test wrote through its own LMDB handle: every drive's index
 * drops its read snapshot now (lmdb-js would keep it until its next setTimeout(0) turn).
 */
export function externalWritesSeen(layer: ErasureObjectLayer): void {
  const drives = (layer as unknown as { ctx: { drives: IndexedDrives } }).ctx.drives;
  for (const ix of drives.all()) ix?.objects.resetReadTxn();
}

/** The ids of every upload in progress in `bucket`, as ListMultipartUploads lists them. */
export async function uploadIds(layer: ErasureObjectLayer, bucket: string): Promise<string[]> {
  const listed = await layer.listMultipartUploads({
    bucket,
    prefix: '',
    delimiter: '',
    keyMarker: '',
    uploadIdMarker: '',
    maxUploads: 1000,
  });
  return listed.uploads.map((u) => u.uploadId);
}

export const body = (s: string | Buffer): Readable =>
  Readable.from([Buffer.isBuffer(s) ? s : Buffer.from(s)]);

export async function bytes(r: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export const text = async (r: Readable): Promise<string> => (await bytes(r)).toString();

/** A PutObjectInput for an unversioned bucket. */
export const put = (
  bucket: string,
  key: string,
  content: string | Buffer,
  extra: Partial<PutObjectInput> = {},
): PutObjectInput => ({
  bucket,
  key,
  body: body(content),
  versioning: 'unversioned',
  ...extra,
});
