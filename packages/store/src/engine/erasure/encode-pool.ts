import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { kernelSource, parityRows, productTable } from './reed-solomon.js';

// Erasure coding and shard checksums of full blocks on worker threads, so that a large
// upload's blocks are coded while the next ones arrive, and on every core. The workers get
// the GF(2^8) product table and the parity rows as data, and reed-solomon.ts's own kernel as
// source (encode-pool.test.ts holds their output equal to the main thread's).

const WORKER = (kernel: string) => `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const MUL = workerData.mul;
${kernel}
parentPort.on('message', (m) => {
  try {
    code(m);
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String(err) });
  }
});
function code({ id, block, data, shardLen, rows }) {
  const bytes = new Uint8Array(block);
  const shards = [];
  for (let i = 0; i < data; i++) shards.push(bytes.subarray(i * shardLen, (i + 1) * shardLen));
  const parity = rows.map((coefs) => {
    const out = new Uint8Array(shardLen);
    combine(Uint8Array.from(coefs), shards, out);
    return out;
  });
  const hashes = [...shards, ...parity].map((s) => createHash('sha256').update(s).digest());
  parentPort.postMessage({ id, block, shardLen, parity, hashes }, [block, ...parity.map((p) => p.buffer)]);
}`;

export interface CodedBlock {
  /** Every shard, data then parity (the data shards are views of the worker's copy). */
  shards: Uint8Array[];
  /** SHA-256 of every shard, in the same order. */
  hashes: Buffer[];
}

interface Pending {
  resolve: (b: CodedBlock) => void;
  reject: (e: Error) => void;
}

/** A worker thread per core (up to four), shared by every upload. */
class EncodePool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private turn = 0;
  private busy = 0;

  private worker(): Worker {
    const size = Math.max(1, Math.min(4, availableParallelism()));
    if (this.workers.length < size) {
      const w = new Worker(WORKER(kernelSource()), { eval: true, workerData: { mul: productTable() } });
      w.on(
        'message',
        (m: {
          id: number;
          error?: string;
          block: ArrayBuffer;
          shardLen: number;
          parity: Uint8Array[];
          hashes: Uint8Array[];
        }) => {
          const p = this.pending.get(m.id);
          this.pending.delete(m.id);
          this.release();
          if (m.error !== undefined) {
            p?.reject(new Error(`encoding failed: ${m.error}`));
            return;
          }
          const data = m.block.byteLength / m.shardLen;
          const shards = Array.from(
            { length: data },
            (_, i) => new Uint8Array(m.block, i * m.shardLen, m.shardLen),
          );
          p?.resolve({ shards: [...shards, ...m.parity], hashes: m.hashes.map((h) => Buffer.from(h)) });
        },
      );
      const fail = (err: Error) => {
        const i = this.workers.indexOf(w);
        if (i >= 0) this.workers.splice(i, 1);
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        this.busy = 0;
      };
      w.on('error', fail);
      w.on('exit', () => fail(new Error('encoding worker stopped')));
      w.unref();
      this.workers.push(w);
    }
    this.turn = (this.turn + 1) % this.workers.length;
    return this.workers[this.turn]!;
  }

  /** Workers keep the process alive only while some block is being coded. */
  private release(): void {
    this.busy--;
    if (this.busy === 0) for (const w of this.workers) w.unref();
  }

  /**
   * Codes one block: `block` holds `data` shards of `shardLen` bytes back to back (the
   * bytes are copied: the caller may reuse its buffer at once).
   */
  encode(block: Uint8Array, data: number, parity: number, shardLen: number): Promise<CodedBlock> {
    const w = this.worker();
    const id = this.nextId++;
    this.busy++;
    w.ref();
    return new Promise<CodedBlock>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({
        id,
        block: block.slice(0, data * shardLen).buffer,
        data,
        shardLen,
        rows: parityRows(data, parity),
      });
    });
  }
}

let pool: EncodePool | undefined;
export const encodePool = (): EncodePool => {
  pool ??= new EncodePool();
  return pool;
};
