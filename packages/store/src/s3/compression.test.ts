import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateObjectKey } from '../crypto/index.js';
import type { ObjectInfo } from '../engine/object-layer.js';
import { COMPRESSION_BLOCK, compressedPlan, compressPart } from './compression.js';
import { ByteWindow, chain, segmented } from './streams.js';

// A compressed body's stored size is known only at its end: the engine gets a bound to
// claim the drives' room and to hold the object size limit against. Incompressible data
// is where deflate (and encryption after it) adds bytes: the bound must cover it.

async function storedLength(body: Readable): Promise<number> {
  let n = 0;
  for await (const c of body) n += (c as Buffer).length;
  return n;
}

describe('compressPart', () => {
  it('never makes more bytes than the bound it gives, plain or sealed', async () => {
    const objectKey = generateObjectKey();
    for (const size of [0, 1, 4097, 65_535, 65_536, 1 << 20, 3 * (1 << 20) + 7]) {
      const data = randomBytes(size);
      for (const sealing of [undefined, { objectKey, partNumber: 1, sse: 'S3' as const }]) {
        const part = compressPart(Readable.from([data]), size, undefined, sealing);
        const stored = await storedLength(part.body);
        expect([size, !!sealing, stored <= part.maxSize!]).toEqual([size, !!sealing, true]);
        expect(part.finish().actualSize).toBe(size);
      }
    }
  });

  it('gives no bound when the plaintext length is not declared', () => {
    expect(compressPart(Readable.from([Buffer.alloc(10)]), undefined, undefined).maxSize).toBeUndefined();
  });
});

describe('compressedPlan', () => {
  it('reads and inflates only the blocks a range covers, plain or sealed', async () => {
    // Incompressible: each block stays about 4 MiB, so skipped blocks show in the offsets.
    const plain = randomBytes(2 * COMPRESSION_BLOCK + 12_345);
    const objectKey = generateObjectKey();
    for (const sealing of [undefined, { objectKey, partNumber: 1, sse: 'S3' as const }]) {
      const part = compressPart(Readable.from([plain]), plain.length, undefined, sealing);
      const chunks: Buffer[] = [];
      for await (const c of part.body) chunks.push(c as Buffer);
      const stored = Buffer.concat(chunks);
      const facts = part.finish();
      const info = {
        size: plain.length,
        internal: facts.internal,
        parts: [{ number: 1, size: plain.length, storedSize: stored.length, etag: '', internal: {} }],
      } as unknown as ObjectInfo;
      for (const [start, end] of [
        [0, 0],
        [COMPRESSION_BLOCK - 5, COMPRESSION_BLOCK + 5],
        [plain.length - 100, plain.length - 1],
        [0, plain.length - 1],
      ] as const) {
        const plan = compressedPlan(info, sealing ? objectKey : undefined, { start, end });
        // A range in the last block reads none of the first two.
        if (start >= 2 * COMPRESSION_BLOCK)
          expect(plan.stored!.start).toBeGreaterThan(2 * COMPRESSION_BLOCK - 65_536);
        const read = segmented(
          Readable.from([stored.subarray(plan.stored!.start, plan.stored!.end + 1)]),
          plan.segments,
        );
        const out: Buffer[] = [];
        for await (const c of chain(read, new ByteWindow(plan.window!.skip, plan.window!.take)))
          out.push(c as Buffer);
        expect([!!sealing, start, Buffer.concat(out).equals(plain.subarray(start, end + 1))]).toEqual([
          !!sealing,
          start,
          true,
        ]);
      }
    }
  });

  it('reads a part kept as one deflate stream, with no block lengths, from its start', async () => {
    const plain = Buffer.from('one stream, '.repeat(50_000));
    const stored = deflateRawSync(plain);
    const info = {
      size: plain.length,
      internal: {},
      parts: [{ number: 1, size: plain.length, storedSize: stored.length, etag: '', internal: {} }],
    } as unknown as ObjectInfo;
    const plan = compressedPlan(info, undefined, { start: 300_000, end: 300_099 });
    expect(plan.stored).toEqual({ start: 0, end: stored.length - 1 });
    const out: Buffer[] = [];
    const read = segmented(Readable.from([stored]), plan.segments);
    for await (const c of chain(read, new ByteWindow(plan.window!.skip, plan.window!.take)))
      out.push(c as Buffer);
    expect(Buffer.concat(out).equals(plain.subarray(300_000, 300_100))).toBe(true);
  });
});
