import { describe, expect, it } from 'vitest';
import { Bus } from './bus.js';

describe('Bus', () => {
  it('wants an event when some subscriber takes it, judged on the probe', () => {
    const bus = new Bus<string, string>();
    expect(bus.wants('read')).toBe(false);
    const got: string[] = [];
    const stop = bus.subscribe(
      (e) => got.push(e),
      (probe) => probe === 'write',
    );
    expect(bus.active).toBe(true);
    expect(bus.wants('read')).toBe(false);
    expect(bus.wants('write')).toBe(true);
    // A subscriber with no interest takes everything.
    const stopAll = bus.subscribe(() => {});
    expect(bus.wants('read')).toBe(true);
    stopAll();
    expect(bus.wants('read')).toBe(false);
    // The interest is a hint to publishers: what is published still reaches the listener.
    bus.publish('read');
    expect(got).toEqual(['read']);
    stop();
    expect(bus.wants('write')).toBe(false);
    expect(bus.active).toBe(false);
  });
});
