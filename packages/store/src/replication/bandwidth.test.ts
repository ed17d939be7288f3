import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type Clock, TokenBucket, throttled } from './bandwidth.js';

const fakeClock = () => {
  let t = 0;
  const slept: number[] = [];
  const clock: Clock = {
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
  };
  return { clock, slept, advance: (ms: number) => (t += ms) };
};

describe('TokenBucket', () => {
  it('lets a second of bytes through at once, then holds sends to the rate', async () => {
    const { clock, slept } = fakeClock();
    const bucket = new TokenBucket(1000, clock);
    await bucket.take(1000);
    expect(slept).toEqual([]);
    await bucket.take(500);
    expect(slept).toEqual([500]);
    await bucket.take(2000);
    expect(slept).toEqual([500, 2000]);
  });

  it('refills with time, never past one second of burst', async () => {
    const { clock, slept, advance } = fakeClock();
    const bucket = new TokenBucket(1000, clock);
    await bucket.take(1000);
    advance(10_000);
    await bucket.take(1000);
    expect(slept).toEqual([]);
    await bucket.take(1);
    expect(slept).toEqual([1]);
  });
});

describe('throttled', () => {
  it('passes every byte, waiting for the bucket between chunks', async () => {
    const { clock, slept } = fakeClock();
    const chunks = [Buffer.alloc(1000, 1), Buffer.alloc(1000, 2), Buffer.alloc(500, 3)];
    const out = await throttled(Readable.from(chunks), new TokenBucket(1000, clock)).toArray();
    expect(Buffer.concat(out)).toEqual(Buffer.concat(chunks));
    expect(slept).toEqual([1000, 500]);
  });
});
