import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { MAX_PACKAGE_BYTES } from './package-format.js';
import { decryptStream, encryptStream, fullCiphertextRange, PACKAGE_SIZE } from './package-stream.js';
import { patternBytes } from './test-support/streams.js';

const MiB = 1024 * 1024;

describe('bounded buffering', () => {
  it('declares high-water marks of one package on both sides', () => {
    const enc = encryptStream(Buffer.alloc(32));
    const dec = decryptStream(Buffer.alloc(32));
    expect(enc.writableHighWaterMark).toBe(PACKAGE_SIZE);
    expect(enc.readableHighWaterMark).toBe(MAX_PACKAGE_BYTES);
    expect(dec.writableHighWaterMark).toBe(MAX_PACKAGE_BYTES);
    expect(dec.readableHighWaterMark).toBe(PACKAGE_SIZE);
  });

  it('streams 64 MiB through encrypt and decrypt holding only a few packages', async () => {
    const total = 64 * MiB;
    const chunkSize = 16 * 1024;
    const block = patternBytes(chunkSize, 9);
    const key = Buffer.alloc(32, 7);
    const enc = encryptStream(key);
    const dec = decryptStream(key, fullCiphertextRange(total));
    const sent = createHash('sha256');
    const received = createHash('sha256');
    let produced = 0;
    let consumed = 0;
    let maxAhead = 0;
    let maxHeldByTransforms = 0;

    async function* source(): AsyncGenerator<Buffer> {
      for (let i = 0; produced < total; i++) {
        const chunk = Buffer.from(block);
        chunk.writeUInt32LE(i, 0); // every chunk distinct, so a dropped or repeated one shows
        sent.update(chunk);
        produced += chunk.length;
        yield chunk;
      }
    }

    await pipeline(Readable.from(source()), enc, dec, async (plain: AsyncIterable<Buffer>) => {
      for await (const chunk of plain) {
        consumed += chunk.length;
        received.update(chunk);
        maxAhead = Math.max(maxAhead, produced - consumed);
        const held = enc.writableLength + enc.readableLength + dec.writableLength + dec.readableLength;
        maxHeldByTransforms = Math.max(maxHeldByTransforms, held);
        await yieldToEventLoop(); // a slow consumer: the source may run ahead only as buffers allow
      }
    });

    expect(consumed).toBe(total);
    expect(received.digest('hex')).toBe(sent.digest('hex'));
    // Queued in the two transforms: about one package per side, never the stream.
    expect(maxHeldByTransforms).toBeLessThanOrEqual(4 * MAX_PACKAGE_BYTES);
    // Read ahead end to end, Readable.from's 16-chunk buffer and each transform's fixed
    // one-package buffer included.
    expect(maxAhead).toBeLessThanOrEqual(12 * MAX_PACKAGE_BYTES);
  });
});
