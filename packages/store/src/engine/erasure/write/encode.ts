import { createHash, hash, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Bitrot } from '../../../format/object-record.js';
import type { FinishOp } from '../../../observe/op-trace.js';
import { takeBuffer } from '../../buffer-pool.js';
import { EngineError } from '../../errors.js';
import { AppendFile } from '../../fs/append-file.js';
import { mkdir, rm } from '../../fs/os.js';
import { MAX_OBJECT_SIZE } from '../../object-layer.js';
import { shardChecksum } from '../codec/bitrot.js';
import { codec } from '../codec/reed-solomon.js';
import { INLINE_MAX } from '../params.js';
import { type EncodeSession, encodePool } from './encode-pool.js';

export interface Layout {
  data: number;
  parity: number;
  blockSize: number;
  /** The checksum written before each shard block. */
  bitrot: Bitrot;
}

/** Where shard i went: a fsynced file, an in-memory stream (inline), or nowhere (failed). */
export type ShardOut = { file: string } | { inline: Buffer } | undefined;

/**
 * Where drive i's shard file goes: a folder (made when missing) and a file name, by
 * default a fresh random one (a temp file); undefined skips the drive.
 */
export type ShardTarget =
  | {
      dir: string;
      name?: string;
      /** The folder is new (a version's own): made first, not after the file failed to open. */
      fresh?: boolean;
      /** Starts the storage trace of this shard file's write (open to fsync). */
      trace?: () => FinishOp | undefined;
    }
  | undefined;

export interface Encoded {
  size: number;
  md5: Buffer;
  shards: ShardOut[];
}

interface Expect {
  size?: number;
  /** With no size: more stored bytes than this are EntityTooLarge. */
  maxSize?: number;
  md5?: Buffer;
  /** Never inline (heal rewrites files as files). */
  noInline?: boolean;
}

/**
 * Makes a version's new folder. Its parent (the key's folder) is made first, recursively
 * (there already when the key has versions): a recursive make of the new folder itself
 * tries it first, fails, and climbs, three more calls on the file system's thread pool
 * for every new key on every drive.
 */
async function makeNewFolder(dir: string): Promise<void> {
  await mkdir(dirname(dir), { recursive: true });
  try {
    await mkdir(dir);
  } catch (err) {
    // The key's folder went empty and was removed meanwhile (its last version deleted).
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true });
  }
}

/** Creates the file `path` in `dir`, making the folder first when it is new, else only when missing. */
async function createIn(dir: string, path: string, fresh = false): Promise<AppendFile> {
  if (fresh) {
    await makeNewFolder(dir);
    return AppendFile.create(path);
  }
  try {
    return await AppendFile.create(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true });
    return AppendFile.create(path);
  }
}

/** Per-drive output of shard blocks; a failing drive is dropped, the others carry on. */
class Outputs {
  private readonly files: (AppendFile | undefined)[] = [];
  /** Every file made, failed or not: an abandoned upload removes them all. */
  private readonly paths: string[] = [];
  private readonly traced: (FinishOp | undefined)[] = [];
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
        this.traced[i] = target.trace?.();
        try {
          const file = await createIn(
            target.dir,
            join(target.dir, target.name ?? randomUUID()),
            target.fresh,
          );
          this.files[i] = file;
          this.paths.push(file.path);
        } catch (err) {
          this.report(i, err);
        }
      }),
    );
  }

  async write(i: number, hash: Buffer, shard: Uint8Array): Promise<void> {
    if (this.memory) {
      if (this.targets[i] !== undefined) this.memory[i]!.push(hash, Buffer.from(shard));
      return;
    }
    const file = this.files[i];
    if (!file) return;
    try {
      await file.append([hash, shard]);
    } catch (err) {
      this.files[i] = undefined;
      this.report(i, err);
      await file.close();
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
        const file = this.files[i];
        if (!file) return undefined;
        try {
          // The data, and the size that makes it readable, are durable before any commit.
          await file.finish();
          this.report(i);
          return { file: file.path };
        } catch (err) {
          this.report(i, err);
          return undefined;
        }
      }),
    );
  }

  /** Ends shard i's storage trace, once. */
  private report(i: number, err?: unknown): void {
    this.traced[i]?.(err);
    this.traced[i] = undefined;
  }

  async discard(): Promise<void> {
    for (let i = 0; i < this.traced.length; i++) this.report(i, new Error('upload abandoned'));
    await Promise.all(this.files.map((file) => file?.close()));
    await Promise.all(this.paths.map((path) => rm(path, { force: true })));
  }
}

/**
 * A small object already in one buffer, coded at once into each drive's inline shard
 * stream (its checksum, then its shard), as encodeObject would have kept it in memory.
 */
function encodeWhole(body: Buffer, layout: Layout, targets: ShardTarget[], expect: Expect): Encoded {
  const size = body.length;
  if (expect.size !== undefined && size !== expect.size) throw new EngineError('IncompleteBody');
  const md5 = hash('md5', body, 'buffer');
  if (expect.md5 && !md5.equals(expect.md5)) throw new EngineError('BadDigest');
  if (size === 0)
    return { size, md5, shards: targets.map((t) => (t ? { inline: Buffer.alloc(0) } : undefined)) };
  const rs = codec(layout.data, layout.parity);
  const shardLen = Math.ceil(size / layout.data);
  const padded = Buffer.allocUnsafe(shardLen * layout.data);
  body.copy(padded);
  padded.fill(0, size);
  const shards: Uint8Array[] = [];
  for (let i = 0; i < rs.total; i++)
    shards.push(
      i < layout.data ? padded.subarray(i * shardLen, (i + 1) * shardLen) : new Uint8Array(shardLen),
    );
  rs.encode(shards);
  return {
    size,
    md5,
    shards: targets.map((t, i) => {
      if (t === undefined) return undefined;
      const checksum = shardChecksum(layout.bitrot, shards[i]!);
      const inline = Buffer.allocUnsafe(checksum.length + shardLen);
      checksum.copy(inline);
      inline.set(shards[i]!, checksum.length);
      return { inline };
    }),
  };
}

/**
 * Reads a body, splits it into blocks, erasure-codes each block and writes shard i, each
 * shard block preceded by its checksum, to the file targets[i] names (undefined: skip that
 * drive). Objects up to INLINE_MAX stay in memory for the metadata records. The body is
 * fully read and checked (length, Content-MD5) before this resolves; a drive that fails
 * comes back as undefined; on error nothing is left behind.
 */
export async function encodeObject(
  body: AsyncIterable<unknown> | Buffer,
  layout: Layout,
  targets: ShardTarget[],
  expect: Expect = {},
): Promise<Encoded> {
  if (Buffer.isBuffer(body)) {
    if (body.length <= INLINE_MAX && !expect.noInline) return encodeWhole(body, layout, targets, expect);
    body = [body] as unknown as AsyncIterable<unknown>;
  }
  const rs = codec(layout.data, layout.parity);
  const limit = expect.size ?? expect.maxSize ?? MAX_OBJECT_SIZE;
  const padded = (n: number) => Math.ceil(n / layout.data) * layout.data;
  // An object of up to INLINE_MAX bytes is hashed and coded here, from the chunks kept in
  // `pending`: it never allocates more than its own padded size. A bigger one fills block
  // buffers from its first bytes on, and its blocks go to a worker session (MD5, coding,
  // checksums) in pooled buffers that move to the worker and back, and return to the pool
  // once written: at most three per upload.
  let session: EncodeSession | undefined;
  let block: Buffer | undefined;
  let inflight: Promise<unknown> | undefined;
  let fill = 0;
  let size = 0;
  let out: Outputs | undefined;
  const pending: Buffer[] = [];

  // Up to two blocks of this upload are coded while the next one fills; their writes go in
  // block order.
  const queue: Promise<unknown>[] = [];
  const write = (c: { shards: Uint8Array[]; hashes: Buffer[] }) =>
    Promise.all(c.shards.map((s, i) => out!.write(i, c.hashes[i]!, s)));
  const emit = async (buf: Buffer, len: number) => {
    const shardLen = Math.ceil(len / layout.data);
    const coded = session!.code(buf.buffer as ArrayBuffer, len, layout, shardLen);
    const previous = inflight;
    const done = coded.then(async (c) => {
      await previous;
      await opened;
      await write(c);
      c.recycle();
    });
    done.catch(() => {}); // awaited below or at the end; not unhandled meanwhile
    inflight = done;
    queue.push(done);
    if (queue.length >= 2) await queue.shift();
  };
  /** A small object's only (partial) block, coded on this thread. */
  const emitSmall = (buf: Buffer, len: number): Buffer => {
    const md5 = createHash('md5').update(buf.subarray(0, len)).digest();
    const shardLen = Math.ceil(len / layout.data);
    buf.fill(0, len, shardLen * layout.data);
    const shards: Uint8Array[] = [];
    for (let i = 0; i < rs.total; i++)
      shards.push(
        i < layout.data ? buf.subarray(i * shardLen, (i + 1) * shardLen) : new Uint8Array(shardLen),
      );
    rs.encode(shards);
    const hashes = shards.map((s) => shardChecksum(layout.bitrot, s));
    inflight = write({ shards, hashes });
    return md5;
  };

  /** A full-block buffer from the pool (whole, so that it can move to a worker). */
  const nextBlock = (): Buffer => Buffer.from(takeBuffer(padded(layout.blockSize)));
  // The shard files are opened (folders made, inodes allocated: milliseconds under load) as
  // soon as the object is known not to stay inline, while its bytes still arrive and its
  // first block is coded; the first write waits for them.
  let opened: Promise<void> | undefined;
  const start = (inline: boolean): Promise<void> => {
    if (!opened) {
      out = new Outputs(targets, inline);
      opened = out.open();
      opened.catch(() => {}); // awaited before any write, and on failure
    }
    return opened;
  };
  if (expect.noInline || (expect.size ?? 0) > INLINE_MAX) void start(false);

  try {
    for await (const raw of body) {
      let chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as Uint8Array);
      size += chunk.length;
      if (size > limit)
        throw new EngineError(expect.size === undefined ? 'EntityTooLarge' : 'IncompleteBody');
      while (chunk.length > 0) {
        const n = Math.min(chunk.length, layout.blockSize - fill);
        if (session === undefined && (fill + n > INLINE_MAX || fill + n === layout.blockSize)) {
          // Too big to stay inline: gather what was pending into a block buffer.
          session = encodePool().session();
          void start(false);
          block = nextBlock();
          let at = 0;
          for (const p of pending) at += p.copy(block, at);
          pending.length = 0;
        }
        if (session) {
          // The next block is taken when bytes for it arrive: an object that ends on a block
          // boundary takes none it would not use.
          block ??= nextBlock();
          chunk.copy(block, fill, 0, n);
        } else pending.push(Buffer.from(chunk.subarray(0, n)));
        fill += n;
        chunk = chunk.subarray(n);
        if (fill === layout.blockSize) {
          await emit(block!, fill);
          fill = 0;
          block = undefined;
        }
      }
    }
    if (expect.size !== undefined && size !== expect.size) throw new EngineError('IncompleteBody');
    await start(size <= INLINE_MAX && !expect.noInline);
    let digest: Buffer;
    if (session) {
      if (fill > 0) await emit(block!, fill);
      digest = await session.digest();
    } else {
      const last = Buffer.allocUnsafe(padded(fill));
      let at = 0;
      for (const p of pending) at += p.copy(last, at);
      digest = fill > 0 ? emitSmall(last, fill) : createHash('md5').digest();
    }
    session = undefined;
    if (expect.md5 && !digest.equals(expect.md5)) throw new EngineError('BadDigest');
    await inflight;
    return { size, md5: digest, shards: await out!.finish() };
  } catch (err) {
    session?.abort();
    await inflight?.catch(() => {});
    await opened?.catch(() => {});
    await out?.discard();
    throw err;
  }
}
