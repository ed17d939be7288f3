import { createHash, randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError } from '../errors.js';
import { MAX_OBJECT_SIZE } from '../object-layer.js';
import { encodePool } from './encode-pool.js';
import { localMd5, type Md5, workerMd5 } from './md5.js';
import { INLINE_MAX } from './params.js';
import { codec } from './reed-solomon.js';

export interface Layout {
  data: number;
  parity: number;
  blockSize: number;
}

/** Where shard i went: a fsynced file, an in-memory stream (inline), or nowhere (failed). */
export type ShardOut = { file: string } | { inline: Buffer } | undefined;

/**
 * Where drive i's shard file goes: a folder (made when missing) and a file name, by
 * default a fresh random one (a temp file); undefined skips the drive.
 */
export type ShardTarget = { dir: string; name?: string } | undefined;

export interface Encoded {
  size: number;
  md5: Buffer;
  shards: ShardOut[];
}

interface Expect {
  size?: number;
  md5?: Buffer;
  /** Never inline (heal rewrites files as files). */
  noInline?: boolean;
}

/** Per-drive output of shard blocks; a failing drive is dropped, the others carry on. */
class Outputs {
  private readonly handles: (FileHandle | undefined)[] = [];
  private readonly paths: (string | undefined)[] = [];
  private readonly memory: Buffer[][] | undefined;

  constructor(
    private readonly targets: ShardTarget[],
    inline: boolean,
  ) {
    this.memory = inline ? targets.map(() => []) : undefined;
  }

  async open(): Promise<void> {
    if (this.memory) return;
    await Promise.all(
      this.targets.map(async (target, i) => {
        if (target === undefined) return;
        const path = join(target.dir, target.name ?? randomUUID());
        try {
          await mkdir(target.dir, { recursive: true });
          this.handles[i] = await open(path, 'wx', 0o644);
          this.paths[i] = path;
        } catch {
          this.handles[i] = undefined;
        }
      }),
    );
  }

  async write(i: number, hash: Buffer, shard: Uint8Array): Promise<void> {
    if (this.memory) {
      if (this.targets[i] !== undefined) this.memory[i]!.push(hash, Buffer.from(shard));
      return;
    }
    const fh = this.handles[i];
    if (!fh) return;
    try {
      const { bytesWritten } = await fh.writev([hash, shard]);
      if (bytesWritten !== hash.length + shard.length) throw new Error('short write');
    } catch {
      this.handles[i] = undefined;
      await fh.close().catch(() => {});
    }
  }

  /** fsyncs and closes the files; what is returned is durable. */
  async finish(): Promise<ShardOut[]> {
    if (this.memory)
      return this.memory.map((parts, i) =>
        this.targets[i] === undefined ? undefined : { inline: Buffer.concat(parts) },
      );
    return Promise.all(
      this.targets.map(async (_, i) => {
        const fh = this.handles[i];
        if (!fh) return undefined;
        try {
          // The data, and the size that makes it readable, are durable before any commit.
          await fh.datasync();
          return { file: this.paths[i]! };
        } catch {
          return undefined;
        } finally {
          await fh.close().catch(() => {});
        }
      }),
    );
  }

  async discard(): Promise<void> {
    await Promise.all(this.handles.map((fh) => fh?.close().catch(() => {})));
    await Promise.all(this.paths.map((p) => (p ? rm(p, { force: true }) : undefined)));
  }
}

/**
 * Reads a body, splits it into blocks, erasure-codes each block and writes shard i, each
 * shard block preceded by its SHA-256, to the file targets[i] names (undefined: skip that
 * drive). Objects up to INLINE_MAX stay in memory for the metadata records. The body is
 * fully read and checked (length, Content-MD5) before this resolves; a drive that fails
 * comes back as undefined; on error nothing is left behind.
 */
export async function encodeObject(
  body: AsyncIterable<unknown>,
  layout: Layout,
  targets: ShardTarget[],
  expect: Expect = {},
): Promise<Encoded> {
  const rs = codec(layout.data, layout.parity);
  const limit = expect.size ?? MAX_OBJECT_SIZE;
  let md5: Md5 | undefined;
  // Full blocks alternate between two buffers: one is written to the drives while the next
  // fills and encodes. They are made on the first full block only: a small object never
  // allocates more than its own padded size.
  const padded = (n: number) => Math.ceil(n / layout.data) * layout.data;
  const full: Buffer[] = [];
  let block: Buffer | undefined;
  let inflight: Promise<unknown> | undefined;
  let fill = 0;
  let size = 0;
  let out: Outputs | undefined;
  const pending: Buffer[] = [];

  // Full blocks are coded on worker threads while the next ones arrive: up to two blocks
  // of this upload in flight, their writes in block order.
  const queue: Promise<unknown>[] = [];
  const emit = async (data: Buffer, len: number, last: boolean) => {
    // Hashed per block: off-thread once the object spans blocks (see md5.ts).
    md5 ??= last ? localMd5() : workerMd5();
    md5.update(data.subarray(0, len));
    const shardLen = Math.ceil(len / layout.data);
    // Data shards are views of the block, zero-padded to equal lengths.
    data.fill(0, len, shardLen * layout.data);
    const o = out!;
    const write = (c: { shards: Uint8Array[]; hashes: Buffer[] }) =>
      Promise.all(c.shards.map((s, i) => o.write(i, c.hashes[i]!, s)));
    if (len === layout.blockSize) {
      const coded = encodePool().encode(data, layout.data, layout.parity, shardLen);
      const previous = inflight;
      const done = coded.then(async (c) => {
        await previous;
        await write(c);
      });
      done.catch(() => {}); // awaited below or at the end; not unhandled meanwhile
      inflight = done;
      queue.push(done);
      if (queue.length >= 2) await queue.shift();
      return;
    }
    const shards: Uint8Array[] = [];
    for (let i = 0; i < rs.total; i++)
      shards.push(
        i < layout.data ? data.subarray(i * shardLen, (i + 1) * shardLen) : new Uint8Array(shardLen),
      );
    rs.encode(shards);
    const hashes = shards.map((s) => createHash('sha256').update(s).digest());
    // Blocks reach each file in order: the previous block's writes finish first.
    await inflight;
    inflight = write({ shards, hashes });
  };

  /** The next full-block buffer (two in turn, made when first needed). */
  const nextBlock = (): Buffer => {
    if (full.length < 2) full.push(Buffer.allocUnsafe(padded(layout.blockSize)));
    const b = full[0] === block ? full[1]! : full[0]!;
    return b;
  };
  const start = async (inline: boolean) => {
    out = new Outputs(targets, inline);
    await out.open();
  };

  try {
    for await (const raw of body) {
      let chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
      size += chunk.length;
      if (size > limit)
        throw new EngineError(expect.size === undefined ? 'EntityTooLarge' : 'IncompleteBody');
      while (chunk.length > 0) {
        const n = Math.min(chunk.length, layout.blockSize - fill);
        if (block === undefined && fill + n === layout.blockSize) {
          // A full block at last: gather what was pending into a block buffer.
          block = nextBlock();
          let at = 0;
          for (const p of pending) at += p.copy(block, at);
          pending.length = 0;
        }
        if (block) chunk.copy(block, fill, 0, n);
        else pending.push(Buffer.from(chunk.subarray(0, n)));
        fill += n;
        chunk = chunk.subarray(n);
        if (fill === layout.blockSize) {
          if (!out) await start(false);
          await emit(block!, fill, false);
          fill = 0;
          block = nextBlock();
        }
      }
    }
    if (expect.size !== undefined && size !== expect.size) throw new EngineError('IncompleteBody');
    if (!out) await start(size <= INLINE_MAX && !expect.noInline);
    if (fill > 0) {
      let last = block;
      if (!last) {
        last = Buffer.allocUnsafe(padded(fill));
        let at = 0;
        for (const p of pending) at += p.copy(last, at);
      }
      await emit(last, fill, true);
    }
    const digest = await (md5 ?? localMd5()).digest();
    md5 = undefined;
    if (expect.md5 && !digest.equals(expect.md5)) throw new EngineError('BadDigest');
    await inflight;
    return { size, md5: digest, shards: await out!.finish() };
  } catch (err) {
    md5?.abort();
    await inflight?.catch(() => {});
    await out?.discard();
    throw err;
  }
}
