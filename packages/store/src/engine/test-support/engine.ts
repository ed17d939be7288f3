import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { NewBitrot } from '../erasure/bitrot.js';
import { ErasureObjectLayer } from '../erasure/erasure-layer.js';
import { initDrives } from '../fs/drives.js';
import type { PutObjectInput } from '../object-layer.js';

// Engine tests: a layer over fresh drive folders, and small body helpers.

export interface EngineFixture {
  dir: string;
  drives: string[];
  open(opts?: { parity?: number; drives?: string[]; bitrot?: NewBitrot }): Promise<ErasureObjectLayer>;
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
