import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePool } from './encode-pool.js';
import { ReedSolomon } from './reed-solomon.js';

describe('encode pool', () => {
  it('codes blocks exactly as the main-thread Reed-Solomon does, with the shard checksums', async () => {
    for (const [data, parity] of [
      [2, 2],
      [3, 1],
      [4, 4],
      [5, 3],
    ] as const) {
      for (const shardLen of [1, 3, 4, 1001, 524288]) {
        const block = randomBytes(data * shardLen);
        const coded = await encodePool().encode(block, data, parity, shardLen);
        const shards: Uint8Array[] = [];
        for (let i = 0; i < data + parity; i++)
          shards.push(i < data ? block.subarray(i * shardLen, (i + 1) * shardLen) : new Uint8Array(shardLen));
        new ReedSolomon(data, parity).encode(shards);
        expect(coded.shards.map((s) => Buffer.from(s).toString('hex'))).toEqual(
          shards.map((s) => Buffer.from(s).toString('hex')),
        );
        expect(coded.hashes).toEqual(shards.map((s) => createHash('sha256').update(s).digest()));
      }
    }
  });

  it('copies the block: the caller may reuse its buffer while the block is coded', async () => {
    const block = Buffer.alloc(8, 7);
    const pending = encodePool().encode(block, 2, 2, 4);
    block.fill(0);
    const coded = await pending;
    expect(Buffer.from(coded.shards[0]!)).toEqual(Buffer.alloc(4, 7));
  });
});
