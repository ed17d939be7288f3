import { describe, expect, it } from 'vitest';
import { formatBinarySI, formatDecimalSI, parseQuantity, quantityBytes } from './quantity.js';

describe('formatDecimalSI', () => {
  it.each([
    [1073741824, '1073741824'],
    [1_000_000_000, '1G'],
    [5000, '5k'],
    [1500, '1500'],
    [0, '0'],
    [5368709120, '5368709120'],
    [2_000_000_000_000, '2T'],
    [10n ** 18n * 3n, '3E'],
    [10n ** 21n, '1000E'],
  ])('writes %s as %s', (bytes, text) => {
    expect(formatDecimalSI(bytes)).toBe(text);
  });

  it('refuses a fraction of a byte', () => {
    expect(() => formatDecimalSI(1.5)).toThrow(RangeError);
  });
});

describe('formatBinarySI', () => {
  it.each([
    [2147483648, '2Gi'],
    [34359738368, '32Gi'],
    [1024, '1Ki'],
    [1536, '1536'],
    [1500, '1500'],
    [1000, '1000'],
    [0, '0'],
    [3 * 1024 ** 4, '3Ti'],
  ])('writes %s as %s', (bytes, text) => {
    expect(formatBinarySI(bytes)).toBe(text);
  });
});

describe('parseQuantity', () => {
  it.each([
    ['1073741824', 1073741824],
    ['1G', 1e9],
    ['2Gi', 2147483648],
    ['1.5Ki', 1536],
    ['500m', 0.5],
    ['1e3', 1000],
    ['+5k', 5000],
    ['-1Mi', -1048576],
    [' 10Ti ', 10 * 1024 ** 4],
    [42, 42],
  ])('reads %s as %s', (text, value) => {
    expect(parseQuantity(text)).toBe(value);
  });

  it.each(['2 GiB', 'four', '', 'Gi', '1KB', undefined])('answers undefined for %s', (text) => {
    expect(parseQuantity(text)).toBeUndefined();
  });

  it('round-trips every canonical form it writes', () => {
    for (const bytes of [1, 999, 1000, 1024, 1073741824, 1e9, 2147483648, 5e12, 7 * 1024 ** 5])
      for (const text of [formatDecimalSI(bytes), formatBinarySI(bytes)])
        expect(parseQuantity(text)).toBe(bytes);
  });
});

describe('quantityBytes', () => {
  it('rounds fractions up and reads junk as 0', () => {
    expect(quantityBytes('500m')).toBe(1);
    expect(quantityBytes('junk')).toBe(0);
    expect(quantityBytes(undefined)).toBe(0);
  });
});
