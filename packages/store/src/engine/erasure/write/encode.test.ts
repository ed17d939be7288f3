import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { osCalls } from '../../../observe/op-trace.js';
import { BLOCK_SIZE } from '../params.js';
import { encodeObject, type ShardOut } from './encode.js';

// A small body in one buffer is coded at once; the result must be what streaming it gives.

const layout = { data: 2, parity: 2, blockSize: BLOCK_SIZE, bitrot: 'highwayhash256' as const };
const targets = [0, 1, 2, 3].map(() => ({ dir: '/nonexistent' }));
const inline = (s: ShardOut) => (s && 'inline' in s ? s.inline : undefined);

describe('encodeObject with a body in one buffer', () => {
  it('gives the same inline shards, checksums and MD5 as the same bytes streamed', async () => {
    for (const size of [0, 1, 2, 3, 4095, 4096, 128 * 1024]) {
      const body = Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + size) & 0xff));
      const whole = await encodeObject(body, layout, targets, { size });
      const streamed = await encodeObject(Readable.from([body]), layout, targets, { size });
      expect(whole.md5).toEqual(streamed.md5);
      expect(whole.shards.map(inline)).toEqual(streamed.shards.map(inline));
    }
  });

  it('skips drives without a target, and checks the length and Content-MD5', async () => {
    const body = Buffer.from('hello');
    const some = await encodeObject(body, layout, [targets[0], undefined, targets[2], undefined], {});
    expect(some.shards.map((s) => s !== undefined)).toEqual([true, false, true, false]);
    await expect(encodeObject(body, layout, targets, { size: 6 })).rejects.toMatchObject({
      code: 'IncompleteBody',
    });
    await expect(encodeObject(body, layout, targets, { md5: Buffer.alloc(16) })).rejects.toMatchObject({
      code: 'BadDigest',
    });
  });
});

describe('encodeObject into files', () => {
  /** Encodes `size` bytes into four folders; the fdatasync calls each shard file got. */
  async function syncsPerFile(size: number): Promise<number[]> {
    const dir = await mkdtemp(join(tmpdir(), 'encode-flush-'));
    const syncs = new Map<string, number>();
    const stop = osCalls.bus.subscribe((op) => {
      if (op.func === 'os.Fdatasync') syncs.set(op.path, (syncs.get(op.path) ?? 0) + 1);
    });
    try {
      const chunks = Array.from({ length: Math.ceil(size / 65536) }, (_, i) =>
        Buffer.alloc(Math.min(65536, size - i * 65536), i),
      );
      const dirs = [0, 1, 2, 3].map((d) => ({ dir: join(dir, `d${d}`) }));
      const { shards } = await encodeObject(Readable.from(chunks), layout, dirs, { size });
      const files = shards.map((s) => (s && 'file' in s ? s.file : ''));
      const perShard = (Math.ceil(size / BLOCK_SIZE) * 32 + size / 2) | 0;
      for (const f of files) expect((await stat(f)).size).toBe(perShard);
      return files.map((f) => syncs.get(f) ?? 0);
    } finally {
      stop();
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("flushes a big upload's shard files as it goes, and a 1 MiB one only once, at the end", async () => {
    expect(await syncsPerFile(1 << 20)).toEqual([1, 1, 1, 1]);
    // 6 MiB: 3 MiB and 6 blocks' checksums per shard file, flushed after every MiB, then at the end.
    expect(await syncsPerFile(6 << 20)).toEqual([4, 4, 4, 4]);
  });
});

describe('encodeObject into files on drives that fail', () => {
  it('answers for every drive, undefined for those it could not write, and leaves those it could intact', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'encode-fail-'));
    try {
      // The last drive's folder sits under a plain file: its shard file cannot be made.
      await writeFile(join(dir, 'plain-file'), 'x');
      const dirs = [
        { dir: join(dir, 'd0') },
        { dir: join(dir, 'd1') },
        undefined,
        { dir: join(dir, 'plain-file', 'd3') },
      ];
      const size = 3 * BLOCK_SIZE + 5;
      const body = Buffer.alloc(size, 9);
      const { shards } = await encodeObject(Readable.from([body]), layout, dirs, { size });
      expect(shards).toHaveLength(4);
      expect(shards.map((s) => (s && 'file' in s ? 'file' : s))).toEqual([
        'file',
        'file',
        undefined,
        undefined,
      ]);
      const perShard = 4 * 32 + Math.ceil(size / 2);
      for (const s of shards.slice(0, 2))
        expect((await stat((s as { file: string }).file)).size).toBe(perShard);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('encodeObject opening shard files early', () => {
  /** A body that sends `first`, then waits for `go` before the rest (or fails, if told to). */
  function heldBody(first: Buffer, rest: Buffer, fail = false) {
    let release!: () => void;
    const go = new Promise<void>((r) => (release = r));
    async function* body() {
      yield first;
      await go;
      if (fail) throw new Error('client went away');
      yield rest;
    }
    return { body: body(), release };
  }
  const filesIn = async (dir: string) =>
    (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile())
      .length;
  /** Four drives' targets under `root`, each a version's new data folder. */
  const freshTargets = (root: string) =>
    [0, 1, 2, 3].map((d) => ({ dir: join(root, `d${d}`), name: 'part.1', fresh: true }));
  /** Runs `test` in a new temporary folder, removed after. */
  async function inTempDir(test: (dir: string) => Promise<void>): Promise<void> {
    const dir = await mkdtemp(join(tmpdir(), 'encode-early-'));
    try {
      await test(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  it('makes them while the body still arrives when the declared size is not inline, or once the bytes pass the inline limit', () =>
    inTempDir(async (dir) => {
      for (const [name, declared] of [
        ['declared', 300_000],
        ['undeclared', undefined],
      ] as const) {
        const dirs = freshTargets(join(dir, name));
        const first = Buffer.alloc(declared === undefined ? 200_000 : 1000, 1);
        const rest = Buffer.alloc(300_000 - first.length, 2);
        const { body, release } = heldBody(first, rest);
        const done = encodeObject(body, layout, dirs, { size: declared });
        // Nothing written yet, but the four files are there.
        // (The files are made on libuv's pool, off this thread.)
        await expect.poll(() => filesIn(join(dir, name)), { timeout: 2000 }).toBe(4);
        release();
        const { shards, size } = await done;
        expect(size).toBe(300_000);
        for (const s of shards) expect((await stat((s as { file: string }).file)).size).toBe(32 + 150_000);
      }
    }));

  it('removes the files it made early when the body fails', () =>
    inTempDir(async (dir) => {
      const dirs = freshTargets(dir);
      const { body, release } = heldBody(Buffer.alloc(1000), Buffer.alloc(0), true);
      const done = encodeObject(body, layout, dirs, { size: 5 << 20 });
      await expect.poll(() => filesIn(dir), { timeout: 2000 }).toBe(4);
      release();
      await expect(done).rejects.toThrow('client went away');
      expect(await filesIn(dir)).toBe(0);
    }));

  it('keeps a small object inline when its size is not declared', () =>
    inTempDir(async (dir) => {
      const dirs = freshTargets(dir);
      const { shards } = await encodeObject(Readable.from([Buffer.alloc(5000, 3)]), layout, dirs, {});
      expect(shards.every((s) => s !== undefined && 'inline' in s)).toBe(true);
      expect(await readdir(dir)).toEqual([]);
    }));
});
