import { describe, expect, test } from 'vitest';
import { DEFAULT_THROTTLE, isLoopback, LoginThrottle } from './login-throttle.js';

const LIMITS = { ...DEFAULT_THROTTLE, perUser: 3, perAddress: 5, firstWaitMs: 1000, maxWaitMs: 8000 };

function throttleAt(limits = LIMITS, root?: string) {
  let now = 0;
  const throttle = new LoginThrottle(limits, root, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  test('a few failures are free, then each doubles the wait, up to the cap', () => {
    const { throttle } = throttleAt();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      throttle.recordFailure('203.0.113.1', 'ada');
      waits.push(throttle.waitFor('203.0.113.1', 'ada'));
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  test('the wait ends with time; a name quiet for the window starts again from zero', () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 4; i++) throttle.recordFailure('203.0.113.1', 'ada');
    expect(throttle.waitFor('203.0.113.1', 'ada')).toBe(2000);
    advance(1500);
    expect(throttle.waitFor('203.0.113.1', 'ada')).toBe(500);
    advance(500);
    expect(throttle.waitFor('203.0.113.1', 'ada')).toBe(0);
    // one more failure inside the window goes on doubling
    throttle.recordFailure('203.0.113.1', 'ada');
    expect(throttle.waitFor('203.0.113.1', 'ada')).toBe(4000);
    advance(LIMITS.windowMs + 4001);
    throttle.recordFailure('203.0.113.1', 'ada');
    expect(throttle.waitFor('203.0.113.1', 'ada')).toBe(0);
  });

  test('per user name whatever the address, and per address whatever the name', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure(`198.51.100.${i}`, 'ada');
    expect(throttle.waitFor('198.51.100.99', 'ada')).toBe(1000);
    expect(throttle.waitFor('198.51.100.99', 'bob')).toBe(0);
    for (let i = 0; i < 5; i++) throttle.recordFailure('192.0.2.1', `user${i}`);
    expect(throttle.waitFor('192.0.2.1', 'carol')).toBe(1000);
    expect(throttle.waitFor('192.0.2.2', 'carol')).toBe(0);
  });

  test("a success clears the name's count, not the address's", () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i++) throttle.recordFailure('192.0.2.1', 'ada');
    throttle.recordSuccess('ada');
    expect(throttle.waitFor('192.0.2.9', 'ada')).toBe(0);
    expect(throttle.waitFor('192.0.2.1', 'bob')).toBe(1000);
  });

  test('root is never held back from loopback; from elsewhere it is, and other users on loopback too', () => {
    const { throttle } = throttleAt(LIMITS, 'admin');
    for (let i = 0; i < 10; i++) {
      throttle.recordFailure('127.0.0.1', 'admin');
      throttle.recordFailure('203.0.113.1', 'admin');
    }
    expect(throttle.waitFor('127.0.0.1', 'admin')).toBe(0);
    expect(throttle.waitFor('::1', 'admin')).toBe(0);
    expect(throttle.waitFor('::ffff:127.0.0.1', 'admin')).toBe(0);
    expect(throttle.waitFor('203.0.113.1', 'admin')).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) throttle.recordFailure('127.0.0.1', 'ada');
    expect(throttle.waitFor('127.0.0.1', 'ada')).toBeGreaterThan(0);
  });

  test('the table of counters is bounded: the least recently failed go first', () => {
    const { throttle } = throttleAt({ ...LIMITS, maxEntries: 100 });
    for (let i = 0; i < 10_000; i++) throttle.recordFailure(`10.0.${i >> 8}.${i & 255}`, `user${i}`);
    expect(throttle.size).toBe(100);
  });

  test('loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['10.0.0.1', '::', '::ffff:10.0.0.1', '1.127.0.0', 'localhost', ''])
      expect(isLoopback(a)).toBe(false);
  });
});
