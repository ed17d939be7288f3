import { describe, expect, it } from 'vitest';
import { quantityValue } from './quantity.js';

describe('quantityValue', () => {
  it('reads binary, decimal and exponent suffixes', () => {
    expect(quantityValue('16283884Ki')).toBe(16283884 * 1024);
    expect(quantityValue('7.5Gi')).toBe(7.5 * 2 ** 30);
    expect(quantityValue('500M')).toBe(500e6);
    expect(quantityValue('1e9')).toBe(1e9);
    expect(quantityValue('2E3')).toBe(2000);
    expect(quantityValue('1024')).toBe(1024);
  });

  it('rounds part units up, as resource.Quantity.Value does', () => {
    expect(quantityValue('100m')).toBe(1);
    expect(quantityValue('1.5')).toBe(2);
  });

  it('answers undefined for what is not a quantity', () => {
    expect(quantityValue('')).toBeUndefined();
    expect(quantityValue('12GB')).toBeUndefined();
    expect(quantityValue('Gi')).toBeUndefined();
  });
});
