import { describe, expect, it } from 'vitest';
import { getBytes, niceBytes } from './bytes.js';

describe('getBytes', () => {
  it('multiplies by 1024 per unit step, in display or Kubernetes units', () => {
    expect(getBytes('1', 'KiB')).toBe(1024);
    expect(getBytes('100', 'GiB')).toBe(107374182400);
    expect(getBytes('1.5', 'Gi', true)).toBe(1610612736);
    expect(getBytes(12, 'Ti', true)).toBe(13194139533312);
    expect(getBytes('7', 'B', true)).toBe(7);
  });

  it('counts an unknown unit, or a unit of the other family, as 0', () => {
    expect(getBytes('100', 'Ti')).toBe(0);
    expect(getBytes('100', 'TiB', true)).toBe(0);
    expect(getBytes('1', 'GB')).toBe(0);
  });
});

describe('niceBytes', () => {
  it('divides by 1024 while it can, one decimal below 10 of a unit above bytes', () => {
    expect(niceBytes('1023')).toBe('1023 B');
    expect(niceBytes('1024')).toBe('1.0 KiB');
    expect(niceBytes(1536)).toBe('1.5 KiB');
    expect(niceBytes('53687091200')).toBe('50 GiB');
    expect(niceBytes('1099511627776', true)).toBe('1.0 Ti');
  });

  it('shows what is not a number as 0 B', () => {
    expect(niceBytes('abc')).toBe('0 B');
    expect(niceBytes(Number.NaN)).toBe('0 B');
  });
});
