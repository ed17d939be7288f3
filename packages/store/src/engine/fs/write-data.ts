import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EngineError } from '../errors.js';
import { MAX_OBJECT_SIZE } from '../object-layer.js';

export interface StagedData {
  path: string;
  size: number;
  md5: Buffer;
}

/** Counts and hashes the bytes on their way to disk, and stops an oversized body early. */
class Measure extends Transform {
  readonly md5 = createHash('md5');
  size = 0;

  constructor(
    private readonly limit: number,
    private readonly overflow: 'EntityTooLarge' | 'IncompleteBody',
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      done(new EngineError(this.overflow));
      return;
    }
    this.md5.update(chunk);
    done(null, chunk);
  }
}

/**
 * Streams a body into a new file in `tmp` and fsyncs it. The body has been fully read and
 * checked (length, Content-MD5) before this resolves; on failure nothing is left behind.
 */
export async function stageData(
  tmp: string,
  body: NodeJS.ReadableStream,
  expect: { size?: number; md5?: Buffer },
): Promise<StagedData> {
  const path = join(tmp, randomUUID());
  try {
    const measure =
      expect.size === undefined
        ? new Measure(MAX_OBJECT_SIZE, 'EntityTooLarge')
        : new Measure(expect.size, 'IncompleteBody');
    await pipeline(body, measure, createWriteStream(path, { flags: 'wx', mode: 0o644 }));
    // fsync through a second descriptor: it flushes the file, whichever fd wrote it.
    const fh = await open(path, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (expect.size !== undefined && measure.size !== expect.size) throw new EngineError('IncompleteBody');
    const md5 = measure.md5.digest();
    if (expect.md5 && !md5.equals(expect.md5)) throw new EngineError('BadDigest');
    return { path, size: measure.size, md5 };
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
}
