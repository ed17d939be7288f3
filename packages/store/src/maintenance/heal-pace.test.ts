import { describe, expect, it } from 'vitest';
import { applyLines, parseText } from '../config/kv.js';
import { healPace, waitForLowIO } from './heal-pace.js';

describe('the heal pace (heal max_io, max_sleep)', () => {
  it("takes MinIO's defaults and the configured values", () => {
    expect(healPace({})).toEqual({ maxIo: 100, maxSleepMs: 1000 });
    expect(healPace(applyLines({}, parseText('heal max_io=5 max_sleep=250ms')))).toEqual({
      maxIo: 5,
      maxSleepMs: 250,
    });
  });

  it('waits a tick at a time while the server is at max_io or busier, never past max_sleep', async () => {
    const waited: number[] = [];
    const wait = async (ms: number) => {
      waited.push(ms);
    };
    await waitForLowIO({ maxIo: 10, maxSleepMs: 1000 }, () => 9, wait);
    expect(waited).toEqual([]);
    await waitForLowIO({ maxIo: 10, maxSleepMs: 250 }, () => 10, wait);
    expect(waited).toEqual([100, 100, 50]);
    // Busy for two ticks, then quiet: heal goes on at once.
    waited.length = 0;
    let io = 12;
    await waitForLowIO({ maxIo: 10, maxSleepMs: 5000 }, () => io--, wait);
    expect(waited).toEqual([100, 100, 100]);
  });
});
