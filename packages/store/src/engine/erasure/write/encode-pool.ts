import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MINIO_HIGHWAY_KEY } from '../../../crypto/highway.js';
import { giveBack, takeBuffer } from '../../buffer-pool.js';
import { gfModule, kernelSource, parityRows, productTable } from '../codec/reed-solomon.js';
import type { Layout } from './encode.js';

/** The HighwayHash package, as the (CommonJS, evaluated) worker requires it. */
const HIGHWAY_PATH = createRequire(import.meta.url).resolve('highwayhasher');

// Erasure coding, shard checksums and the ETag MD5 of an upload's blocks, on worker threads
// shared by every upload. One upload is one session bound to one worker: messages to a
// worker keep their order, so its MD5 sees the blocks in order, and the block buffer moves
// to the worker and back (transferred, never copied). Uploads spread over the workers. The
// workers get the GF(2^8) product table, the compiled SIMD module and the parity rows as
// data, and reed-solomon.ts's own kernels as source (encode-pool.test.ts holds their output
// equal to the main thread's).

const WORKER = (kernel: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const MUL = workerData.mul;
${kernel}
const simd = workerData.gfModule ? simdKernel(workerData.gfModule, MUL) : undefined;
// HighwayHash loads asynchronously: messages wait for it, in the order they came.
const highway = require(workerData.highwayPath).HighwayHash.loadModule();
const checksum = (hh, bitrot, shard) =>
  bitrot === 'highwayhash256' ? hh.hash256(workerData.highwayKey, shard)
  : bitrot === 'sha256' ? createHash('sha256').update(shard).digest()
  : new Uint8Array(0);
const md5s = new Map();
parentPort.on('message', (m) => {
  highway.then((hh) => {
    if (m.type === 'code') return code(m, hh);
    const h = md5s.get(m.session);
    md5s.delete(m.session);
    if (m.type === 'digest') parentPort.postMessage({ id: m.id, digest: (h ?? createHash('md5')).digest() });
  }).catch((err) => parentPort.postMessage({ id: m.id, error: String(err) }));
});
function code({ id, session, block, len, data, shardLen, rows, spare, bitrot }, hh) {
  const bytes = new Uint8Array(block);
  let md5 = md5s.get(session);
  if (!md5) md5s.set(session, (md5 = createHash('md5')));
  md5.update(bytes.subarray(0, len));
  bytes.fill(0, len, data * shardLen);
  const shards = [];
  for (let i = 0; i < data; i++) shards.push(bytes.subarray(i * shardLen, (i + 1) * shardLen));
  // Parity goes into the spare buffers given back with the block, when they are big enough.
  const parity = rows.map((_, p) => {
    const reuse = spare[p] && spare[p].byteLength >= shardLen ? spare[p] : new ArrayBuffer(shardLen);
    return new Uint8Array(reuse, 0, shardLen);
  });
  combineAll(simd, rows, shards, parity);
  const hashes = [...shards, ...parity].map((s) => checksum(hh, bitrot, s));
  parentPort.postMessage({ id, block, data, shardLen, parity, hashes }, [block, ...parity.map((p) => p.buffer)]);
}`;

export interface CodedBlock {
  /** Every shard, data then parity (the data shards are views of `block`). */
  shards: Uint8Array[];
  /** The checksum of every shard (the layout's bitrot), in the same order. */
  hashes: Buffer[];
  /** Gives the block's buffers back to the pool: once the shards are written, never before. */
  recycle(): void;
}

/** One upload's coder: its blocks are hashed (MD5) and coded in the order given. */
export interface EncodeSession {
  /**
   * Codes the first `len` bytes of `block` as `data` shards of `shardLen` bytes (the rest of
   * those shards is zeroed). The buffer moves to the worker and, once the result is
   * recycled, to the pool (takeBuffer): the caller must not touch it again.
   */
  code(block: ArrayBuffer, len: number, layout: Layout, shardLen: number): Promise<CodedBlock>;
  /** The MD5 of every byte coded, once all blocks are given. */
  digest(): Promise<Buffer>;
  /** Drops the session's MD5 state (after a failure). */
  abort(): void;
}

interface Reply {
  id: number;
  error?: string;
  digest?: Uint8Array;
  block?: ArrayBuffer;
  data?: number;
  shardLen?: number;
  parity?: Uint8Array[];
  hashes?: Uint8Array[];
}

interface Pending {
  resolve: (r: Reply) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  sessions: number;
}

/** A worker thread per core (up to four), shared by every upload. */
class EncodePool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private nextSession = 0;
  private busy = 0;

  /** The least busy worker, started when fewer run than there are cores. */
  private slot(): Slot {
    const size = Math.max(1, Math.min(4, availableParallelism()));
    if (this.slots.length < size) {
      const w = new Worker(WORKER(kernelSource()), {
        eval: true,
        workerData: {
          mul: productTable(),
          gfModule,
          highwayPath: HIGHWAY_PATH,
          highwayKey: MINIO_HIGHWAY_KEY,
        },
      });
      const slot = { worker: w, sessions: 0 };
      w.on('message', (m: Reply) => {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        this.release();
        if (m.error !== undefined) p?.reject(new Error(`encoding failed: ${m.error}`));
        else p?.resolve(m);
      });
      const fail = (err: Error) => {
        const i = this.slots.indexOf(slot);
        if (i >= 0) this.slots.splice(i, 1);
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        this.busy = 0;
      };
      w.on('error', fail);
      w.on('exit', () => fail(new Error('encoding worker stopped')));
      w.unref();
      this.slots.push(slot);
      return slot;
    }
    return this.slots.reduce((a, b) => (b.sessions < a.sessions ? b : a));
  }

  /** Workers keep the process alive only while something is being coded. */
  private release(): void {
    this.busy--;
    if (this.busy === 0) for (const s of this.slots) s.worker.unref();
  }

  private ask(w: Worker, message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<Reply> {
    const id = this.nextId++;
    this.busy++;
    w.ref();
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ ...message, id }, transfer);
    });
  }

  session(): EncodeSession {
    const slot = this.slot();
    const w = slot.worker;
    const session = this.nextSession++;
    slot.sessions++;
    let open = true;
    const close = () => {
      if (open) slot.sessions--;
      open = false;
    };
    return {
      code: async (block, len, { data, parity, bitrot }, shardLen) => {
        const rows = parityRows(data, parity);
        const spare = rows.map(() => takeBuffer(shardLen));
        const message = { type: 'code', session, block, len, data, shardLen, rows, spare, bitrot };
        const m = await this.ask(w, message, [block, ...spare]);
        const buffer = m.block!;
        const shards: Uint8Array[] = [];
        for (let i = 0; i < m.data!; i++) shards.push(new Uint8Array(buffer, i * shardLen, shardLen));
        shards.push(...m.parity!);
        const recycle = () => {
          giveBack(buffer);
          for (const p of m.parity!) giveBack(p.buffer as ArrayBuffer);
        };
        return { shards, hashes: m.hashes!.map((h) => Buffer.from(h)), recycle };
      },
      digest: async () => {
        try {
          return Buffer.from((await this.ask(w, { type: 'digest', session })).digest!);
        } finally {
          close();
        }
      },
      abort: () => {
        if (open && this.slots.includes(slot)) w.postMessage({ type: 'abort', session });
        close();
      },
    };
  }
}

let shared: EncodePool | undefined;
export const encodePool = (): EncodePool => {
  shared ??= new EncodePool();
  return shared;
};
