import { createHash } from 'node:crypto';
import { type Duplex, Readable, Transform, type TransformCallback } from 'node:stream';
import { ApiError } from '../wire/errors.js';

/**
 * Waits until a body has its first bytes, or has ended. A read that fails before anything
 * is sent (too few drives could decode the first block) can still be answered with its
 * error, where after a 200 the only signal left is a cut connection (MinIO answers so too).
 */
export function firstBytes(body: Readable): Promise<void> {
  if (body.errored) return Promise.reject(body.errored);
  if (body.readableLength > 0 || body.readableEnded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (err?: unknown) => {
      body.off('readable', ready);
      body.off('error', settle);
      if (err) reject(err);
      else resolve();
    };
    const ready = () => settle();
    body.on('readable', ready);
    body.on('error', settle);
  });
}

/** Pipes `src` into `next`, carrying an error on `src` to `next` (so its reader sees it). */
export function chain<T extends Duplex>(src: Readable, next: T): T {
  next.on('error', () => {}); // kept on the stream for its reader
  src.on('error', (err) => next.destroy(err));
  return src.pipe(next);
}

/**
 * Counts and hashes the plaintext on its way to encryption: the ETag and the logical size
 * of an encrypted object, and its Content-MD5 check (BadDigest before the body ends, so
 * the engine never commits it).
 */
export class PlainTap extends Transform {
  private readonly md5 = createHash('md5');
  bytes = 0;
  digest: Buffer | undefined;

  constructor(
    private readonly expectedMd5?: Buffer,
    /** The plaintext's declared length, checked at its end where nothing downstream can. */
    private readonly expectedBytes?: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.md5.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.digest = this.md5.digest();
    if (this.expectedBytes !== undefined && this.bytes !== this.expectedBytes)
      done(new ApiError('IncompleteBody'));
    else if (this.expectedMd5 && !this.digest.equals(this.expectedMd5)) done(new ApiError('BadDigest'));
    else done();
  }
}

/**
 * Splits a stream into consecutive segments of the given lengths and passes each through
 * its own transform (the stored bytes of several encrypted parts, each with its key).
 */
export function segmented(
  src: Readable,
  segments: { length: number; through: () => Duplex | Duplex[] }[],
): Readable {
  const it = src[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let leftover: Buffer | undefined;
  async function* take(n: number): AsyncGenerator<Buffer> {
    while (n > 0) {
      let c = leftover;
      leftover = undefined;
      if (!c) {
        const r = await it.next();
        if (r.done) throw new Error('stored object ended early');
        c = r.value;
      }
      if (c.length > n) {
        leftover = c.subarray(n);
        c = c.subarray(0, n);
      }
      n -= c.length;
      yield c;
    }
  }
  async function* all(): AsyncGenerator<Buffer> {
    try {
      for (const seg of segments) {
        const through = seg.through();
        yield* [through].flat().reduce<Readable>((r, t) => chain(r, t), Readable.from(take(seg.length)));
      }
    } finally {
      src.destroy();
    }
  }
  return Readable.from(all(), { objectMode: false });
}

/** Passes `take` bytes after the first `skip`, and drops the rest (a range of a longer stream). */
export class ByteWindow extends Transform {
  constructor(
    private toSkip: number,
    private toPass: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let c = chunk;
    if (this.toSkip > 0) {
      const n = Math.min(this.toSkip, c.length);
      this.toSkip -= n;
      c = c.subarray(n);
    }
    if (this.toPass > 0 && c.length > 0) {
      const out = c.subarray(0, this.toPass);
      this.toPass -= out.length;
      done(null, out);
      return;
    }
    done();
  }
}
