import { describe, expect, it } from 'vitest';
import { GIB } from './bytes.js';
import { defaultParity, erasureCodeCalc } from './erasure-code.js';

describe('erasureCodeCalc', () => {
  it('flags an empty parity list', () => {
    expect(erasureCodeCalc([], 4, GIB, 4)).toEqual({
      error: 1,
      defaultEC: '',
      erasureCodeSet: 0,
      maxEC: '',
      rawCapacity: '0',
      storageFactors: [],
    });
  });

  it('matches the console’s own test (4 volumes of 25 GiB, EC:2)', () => {
    expect(erasureCodeCalc(['EC:2'], 4, 26843545600, 4)).toEqual({
      error: 0,
      defaultEC: 'EC:2',
      erasureCodeSet: 4,
      maxEC: 'EC:2',
      rawCapacity: '107374182400',
      storageFactors: [
        { erasureCode: 'EC:2', storageFactor: 2, maxCapacity: '53687091200', maxFailureTolerations: 2 },
      ],
    });
  });

  it('works the 4 × 4 × 100 GiB example of operator.md', () => {
    const parities = ['EC:8', 'EC:7', 'EC:6', 'EC:5', 'EC:4', 'EC:3', 'EC:2'];
    const calc = erasureCodeCalc(parities, 16, 100 * GIB, 4);
    expect(calc.rawCapacity).toBe(String(1600 * GIB));
    expect(calc.erasureCodeSet).toBe(16);
    expect(calc.defaultEC).toBe('EC:8');
    expect(calc.storageFactors.find((f) => f.erasureCode === 'EC:4')).toEqual({
      erasureCode: 'EC:4',
      storageFactor: 16 / 12,
      maxCapacity: String(1200 * GIB),
      maxFailureTolerations: 4,
    });
  });

  it('takes the stripe as twice the largest parity, not the set size, for odd sets', () => {
    // 9 nodes × 1 drive: sets of 9, EC:4 largest, so a stripe of 8.
    const calc = erasureCodeCalc(['EC:4', 'EC:3', 'EC:2'], 9, GIB, 9);
    expect(calc.erasureCodeSet).toBe(8);
    expect(calc.storageFactors[0]!.storageFactor).toBe(2);
  });
});

describe('defaultParity', () => {
  const parities = ['EC:8', 'EC:7', 'EC:6', 'EC:5', 'EC:4', 'EC:3', 'EC:2'];

  it('is the largest parity, but EC:4 from 8 nodes with more than 16 drives each (spec 002 §4)', () => {
    expect(defaultParity(parities, 8 * 17, 8)).toBe('EC:4');
    expect(defaultParity(parities, 8 * 16, 8)).toBe('EC:8');
    expect(defaultParity(parities, 7 * 17, 7)).toBe('EC:8');
    expect(defaultParity(parities, 17, 17)).toBe('EC:8');
    expect(defaultParity(parities, 0, 0)).toBe('EC:8');
  });

  it('stays the largest when EC:4 is not offered', () => {
    expect(defaultParity(['EC:3', 'EC:2'], 8 * 17, 8)).toBe('EC:3');
    expect(defaultParity([], 34, 17)).toBe('');
  });
});
