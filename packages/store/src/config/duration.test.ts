import { describe, expect, it } from 'vitest';
import { configDuration, parseDuration } from './duration.js';

describe('parseDuration (Go time.ParseDuration syntax)', () => {
  it('reads single and compound durations in milliseconds', () => {
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('6h')).toBe(21_600_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration('300ms')).toBe(300);
    expect(parseDuration('2us')).toBeCloseTo(0.002);
    expect(parseDuration('0')).toBe(0);
    expect(parseDuration('-1m')).toBe(-60_000);
  });

  it('refuses what Go refuses', () => {
    for (const bad of ['', '10', 'h', '1d', '5 s', '1h 30m', 'abc', '1.2.3s', '-', '+'])
      expect(parseDuration(bad), bad).toBeUndefined();
  });

  it('takes whole days in the configuration', () => {
    expect(configDuration('7d')).toBe(7 * 86_400_000);
    expect(configDuration('90s')).toBe(90_000);
    expect(configDuration('1.5d')).toBeUndefined();
  });
});
