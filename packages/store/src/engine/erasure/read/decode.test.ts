import { describe, expect, it } from 'vitest';
import type { ReadOnlyFile } from '../../fs/os.js';
import { BLOCK_SIZE } from '../params.js';
import { encodeObject } from '../write/encode.js';
import { decodeInline, decodeObject } from './decode.js';

describe('decodeObject', () => {
  it("lets the next block's read in flight end before a reader that stops early returns", async () => {
    // Two data shards of a 3-block object as files whose reads take a while; no checksum.
    const blockSize = 8;
    let inFlight = 0;
    const file = (fill: number) =>
      ({
        readv: async (buffers: Uint8Array[]) => {
          inFlight++;
          // A slow read is the case under test: it must still be in flight when the reader stops.
          await new Promise((resolve) => setTimeout(resolve, 20));
          inFlight--;
          for (const b of buffers) b.fill(fill);
          return { bytesRead: buffers.reduce((n, b) => n + b.length, 0) };
        },
      }) as unknown as ReadOnlyFile;
    const blocks = decodeObject({
      sources: [{ drive: 0, fh: file(1) }, { drive: 1, fh: file(2) }, undefined, undefined],
      layout: { data: 2, parity: 2, blockSize, bitrot: 'none' },
      size: 3 * blockSize,
    });
    const first = await blocks.next();
    expect([...(first.value as Buffer)]).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    expect(inFlight).toBe(2); // the second block's two shards, read ahead
    await blocks.return(undefined);
    expect(inFlight).toBe(0);
  });
});

describe('decodeInline', () => {
  it('reads back every small object at wide layouts, where the last data shards hold padding only', async () => {
    // 1 byte at EC 3+3 has shards of one byte: shards 1 and 2 carry none of the object's bytes.
    for (const [data, parity] of [
      [2, 2],
      [3, 3],
      [4, 4],
      [12, 4],
    ] as const) {
      const layout = { data, parity, blockSize: BLOCK_SIZE, bitrot: 'highwayhash256' as const };
      const targets = Array.from({ length: data + parity }, () => ({ dir: '/nonexistent' }));
      for (const size of [1, 2, 5, 50, 109, 110, 4096]) {
        const body = Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + size) & 0xff));
        const { shards } = await encodeObject(body, layout, targets, { size });
        const sources = shards.map((s, drive) =>
          s && 'inline' in s ? { drive, inline: s.inline } : undefined,
        );
        expect(
          decodeInline({ sources, layout, size }).equals(body),
          `${size} bytes at ${data}+${parity}`,
        ).toBe(true);
      }
    }
  });
});
