import { describe, expect, it } from 'vitest';
import { etaSeconds, RateMeter } from './rate.js';

describe('RateMeter', () => {
  it('measures over the last seconds, so a stall shows at once', () => {
    const meter = new RateMeter();
    meter.add(0, 0);
    expect(meter.bytesPerSecond).toBe(0);
    meter.add(1000, 1000);
    expect(meter.bytesPerSecond).toBe(1000);
    for (let t = 2000; t <= 10_000; t += 1000) meter.add(t, 1000 + (t - 1000) * 2);
    expect(meter.bytesPerSecond).toBeCloseTo(2000);
    meter.add(16_000, 17_000);
    meter.add(20_000, 17_000);
    expect(meter.bytesPerSecond).toBeLessThan(1000);
  });

  it('ETA from the remaining bytes; unknown without a speed', () => {
    expect(etaSeconds(10_000, 1000)).toBe(10);
    expect(etaSeconds(10_001, 1000)).toBe(11);
    expect(etaSeconds(10, 0)).toBeUndefined();
  });
});
