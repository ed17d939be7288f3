import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type DecryptOptions, decryptStream, encryptStream } from '../package-stream.js';

/** A small seeded PRNG so that failing chunkings can be reproduced. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Deterministic bytes, so that a slice mismatch shows where it is. */
export function patternBytes(size: number, seed = 1): Buffer {
  const random = seededRandom(seed);
  const out = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i++) out[i] = Math.floor(random() * 256);
  return out;
}

export type Chunking = 'whole' | 'one-byte' | 'small' | 'large';

export function splitInto(data: Buffer, chunking: Chunking, seed = 7): Buffer[] {
  if (chunking === 'whole') return [data];
  const random = seededRandom(seed);
  const maxChunk = { 'one-byte': 1, small: 1000, large: 300_000 }[chunking];
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < data.length; ) {
    const size = Math.max(1, Math.ceil(random() * maxChunk));
    chunks.push(data.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
}

/** Runs chunks through a transform; rejects with the stream's error. */
export async function through(transform: Transform, chunks: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), transform, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk);
  });
  return Buffer.concat(out);
}

/** Like `through`, but also returns what was emitted before an error. */
export async function throughCollectingPartial(
  transform: Transform,
  chunks: Buffer[],
): Promise<{ output: Buffer; error: unknown }> {
  const out: Buffer[] = [];
  let error: unknown;
  try {
    await pipeline(Readable.from(chunks), transform, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) out.push(chunk);
    });
  } catch (err) {
    error = err;
  }
  return { output: Buffer.concat(out), error };
}

export function encrypt(key: Buffer, plain: Buffer, chunking: Chunking = 'whole'): Promise<Buffer> {
  return through(encryptStream(key), splitInto(plain, chunking));
}

export function decrypt(
  key: Buffer,
  cipher: Buffer,
  opts?: DecryptOptions,
  chunking: Chunking = 'whole',
): Promise<Buffer> {
  return through(decryptStream(key, opts), splitInto(cipher, chunking, 11));
}

/** Byte equality without the deep, element-by-element diff `toEqual` does on big buffers. */
export function sameBytes(actual: Buffer, expected: Buffer): boolean {
  return actual.length === expected.length && actual.equals(expected);
}
