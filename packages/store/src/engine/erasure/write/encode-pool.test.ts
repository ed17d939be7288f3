import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { takeBuffer } from '../../buffer-pool.js';
import { shardChecksum } from '../codec/bitrot.js';
import { ReedSolomon } from '../codec/reed-solomon.js';
import type { Layout } from './encode.js';
import { encodePool } from './encode-pool.js';

const whole = (bytes: Uint8Array): ArrayBuffer => Uint8Array.from(bytes).buffer;
const layout = (data: number, parity: number, bitrot: Layout['bitrot'] = 'highwayhash256'): Layout => ({
  data,
  parity,
  blockSize: 1 << 20,
  bitrot,
});

describe('encode pool', () => {
  it('codes blocks exactly as the main-thread Reed-Solomon does, with the shard checksums', async () => {
    for (const [data, parity, bitrot] of [
      [2, 2, 'highwayhash256'],
      [3, 1, 'sha256'],
      [4, 4, 'highwayhash256'],
      [5, 3, 'sha256'],
    ] as const) {
      for (const shardLen of [1, 3, 4, 1001, 524288]) {
        const block = randomBytes(data * shardLen);
        const session = encodePool().session();
        const coded = await session.code(whole(block), block.length, layout(data, parity, bitrot), shardLen);
        const shards: Uint8Array[] = [];
        for (let i = 0; i < data + parity; i++)
          shards.push(i < data ? block.subarray(i * shardLen, (i + 1) * shardLen) : new Uint8Array(shardLen));
        new ReedSolomon(data, parity).encode(shards);
        expect(coded.shards.map((s) => Buffer.from(s).toString('hex'))).toEqual(
          shards.map((s) => Buffer.from(s).toString('hex')),
        );
        // The worker's checksums are the main thread's (bitrot.ts), for either algorithm.
        expect(coded.hashes).toEqual(shards.map((s) => shardChecksum(bitrot, s)));
        expect(await session.digest()).toEqual(createHash('md5').update(block).digest());
      }
    }
  });

  it('zero-pads a partial block and hashes only its bytes; the buffer moves, then is pooled', async () => {
    const buffer = whole(Buffer.alloc(8, 7));
    const session = encodePool().session();
    const pending = session.code(buffer, 5, layout(2, 2), 3);
    expect(buffer.byteLength).toBe(0); // transferred, not copied
    const coded = await pending;
    expect(Buffer.from(coded.shards[0]!)).toEqual(Buffer.from([7, 7, 7]));
    expect(Buffer.from(coded.shards[1]!)).toEqual(Buffer.from([7, 7, 0]));
    expect(await session.digest()).toEqual(createHash('md5').update(Buffer.alloc(5, 7)).digest());
    const block = coded.shards[0]!.buffer;
    coded.recycle();
    expect(takeBuffer(8)).toBe(block);
  });

  it('keeps each session’s MD5 to its own blocks, in order, across interleaved uploads', async () => {
    const blocks = Array.from({ length: 6 }, () => randomBytes(64));
    const a = encodePool().session();
    const b = encodePool().session();
    const coding: Promise<unknown>[] = [];
    for (let i = 0; i < 6; i++)
      coding.push((i % 2 === 0 ? a : b).code(whole(blocks[i]!), 64, layout(2, 2), 32));
    await Promise.all(coding);
    const md5 = (parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
    expect(await a.digest()).toEqual(md5([blocks[0]!, blocks[2]!, blocks[4]!]));
    expect(await b.digest()).toEqual(md5([blocks[1]!, blocks[3]!, blocks[5]!]));
  });
});
