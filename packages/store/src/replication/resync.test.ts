import { describe, expect, it } from 'vitest';
import { parseGoDuration, resetBefore } from './resync.js';

describe('parseGoDuration', () => {
  it('reads what Go’s time.Duration.String() writes', () => {
    expect(parseGoDuration('0s')).toBe(0);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('720h0m0s')).toBe(720 * 3_600_000);
    expect(parseGoDuration('1h30m')).toBe(90 * 60_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('250ms')).toBe(250);
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'soon', '10', '5d', '1h ', '-1h']) expect(parseGoDuration(bad)).toBeUndefined();
  });
});

describe('resetBefore', () => {
  it('goes back whole days only, as MinIO does', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(resetBefore(now, 0)).toEqual(now);
    expect(resetBefore(now, 47 * 3_600_000)).toEqual(new Date('2026-01-09T12:00:00Z'));
  });
});
