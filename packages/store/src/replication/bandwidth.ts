import { pipeline, type Readable, Transform } from 'node:stream';

// A token bucket per remote target (its bandwidthlimit, bytes per second): a send waits until
// its bytes are covered. Time is injectable so that tests need no real waiting.

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

export class TokenBucket {
  private tokens: number;
  private last: number;

  /** `rate` bytes per second; a burst of at most one second's worth. */
  constructor(
    readonly rate: number,
    private readonly clock: Clock = realClock,
  ) {
    this.tokens = rate;
    this.last = clock.now();
  }

  /** Resolves once `bytes` may go; a send bigger than a second's worth waits for its whole share. */
  async take(bytes: number): Promise<void> {
    const now = this.clock.now();
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    this.tokens -= bytes;
    if (this.tokens >= 0) return;
    await this.clock.sleep(Math.ceil((-this.tokens / this.rate) * 1000));
  }
}

/** The stream's bytes, let through no faster than the bucket allows. */
export function throttled(source: Readable, bucket: TokenBucket): Readable {
  const gate = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bucket.take(chunk.length).then(() => done(null, chunk), done);
    },
  });
  return pipeline(source, gate, () => {});
}
