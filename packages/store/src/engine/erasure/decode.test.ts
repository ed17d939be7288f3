import { describe, expect, it } from 'vitest';
import type { ReadOnlyFile } from '../fs/os.js';
import { decodeObject } from './decode.js';

describe('decodeObject', () => {
  it("lets the next block's read in flight end before a reader that stops early returns", async () => {
    // Two data shards of a 3-block object as files whose reads take a while; no checksum.
    const blockSize = 8;
    let inFlight = 0;
    const file = (fill: number) =>
      ({
        readv: async (buffers: Uint8Array[]) => {
          inFlight++;
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
