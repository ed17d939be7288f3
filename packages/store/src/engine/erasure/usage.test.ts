import { describe, expect, it } from 'vitest';
import { agreedUsage } from './usage.js';

const u = (size: number, objects = 1) => ({
  size,
  objects,
  versions: objects,
  deleteMarkers: 0,
  sizes: [objects, 0, 0, 0, 0, 0, 0],
});

describe('agreedUsage', () => {
  it('takes what most drives count, and the bigger figure on a tie', () => {
    expect(agreedUsage([u(500, 1), u(900, 5), u(900, 5), u(900, 5)])).toEqual(u(900, 5));
    expect(agreedUsage([u(900, 5), u(0, 0), u(0, 0)])).toEqual(u(0, 0));
    expect(agreedUsage([u(100), u(300)])).toEqual(u(300));
    expect(agreedUsage([])).toEqual(u(0, 0));
  });
});
