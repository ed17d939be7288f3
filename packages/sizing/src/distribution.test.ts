import { describe, expect, it } from 'vitest';
import { GIB } from './bytes.js';
import { calculateDistribution, DISTRIBUTION_LIMIT } from './distribution.js';

describe('calculateDistribution', () => {
  it('spreads the pool evenly over every server’s drives', () => {
    expect(calculateDistribution({ value: '400', unit: 'Gi' }, 4, DISTRIBUTION_LIMIT, 4)).toEqual({
      error: '',
      nodes: 4,
      persistentVolumes: 16,
      disks: 4,
      pvSize: 25 * GIB,
    });
    // Volume sizes are whole bytes, rounded down.
    expect(calculateDistribution({ value: '10', unit: 'Gi' }, 3, DISTRIBUTION_LIMIT, 1).pvSize).toBe(
      Math.floor((10 * GIB) / 3),
    );
  });

  it('refuses a pool under 1 GiB, or in a unit it does not know', () => {
    const refused = {
      error: 'The pool size must be greater than 1Gi',
      nodes: 0,
      persistentVolumes: 0,
      disks: 0,
      pvSize: 0,
    };
    expect(calculateDistribution({ value: '1023', unit: 'Mi' }, 4, DISTRIBUTION_LIMIT, 1)).toEqual(refused);
    expect(calculateDistribution({ value: '100', unit: 'GiB' }, 4, DISTRIBUTION_LIMIT, 1)).toEqual(refused);
  });

  it('refuses fewer than one drive per server', () => {
    expect(calculateDistribution({ value: '100', unit: 'Gi' }, 4, DISTRIBUTION_LIMIT, 0).error).toBe(
      'Number of drives must be at least 1',
    );
  });

  it('refuses volumes that would be under 1 GiB', () => {
    expect(calculateDistribution({ value: '10', unit: 'Gi' }, 4, DISTRIBUTION_LIMIT, 4).error).toBe(
      'Disk Size with this combination would be less than 1Gi, please try another combination',
    );
    expect(calculateDistribution({ value: '10', unit: 'Gi' }, 4, DISTRIBUTION_LIMIT, Number.NaN).error).toBe(
      'Disk Size with this combination would be less than 1Gi, please try another combination',
    );
  });

  it('refuses a node count or limit that is not a number', () => {
    expect(calculateDistribution({ value: '10', unit: 'Gi' }, Number.NaN, DISTRIBUTION_LIMIT, 1).error).toBe(
      'Some provided data is invalid, please try again.',
    );
    expect(calculateDistribution({ value: '10', unit: 'Gi' }, 4, Number.NaN, 1).error).toBe(
      'Some provided data is invalid, please try again.',
    );
  });

  it('rounds part drives up and refuses a rounded pool over the limit', () => {
    expect(calculateDistribution({ value: '100', unit: 'Gi' }, 4, DISTRIBUTION_LIMIT, 1.5)).toEqual({
      error: '',
      nodes: 4,
      persistentVolumes: 8,
      disks: 2,
      pvSize: 12.5 * GIB,
    });
    expect(calculateDistribution({ value: '100', unit: 'Gi' }, 4, 50 * GIB, 1.5).error).toBe(
      'We were not able to allocate this server.',
    );
  });
});
