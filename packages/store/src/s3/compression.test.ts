import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { generateObjectKey } from '../crypto/index.js';
import { compressPart } from './compression.js';

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
