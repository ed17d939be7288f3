import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeObject, type ShardOut } from './encode.js';
import { BLOCK_SIZE } from './params.js';

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
