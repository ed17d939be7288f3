import { describe, expect, test } from 'vitest';
import { PART_SIZE_MIN, PART_SIZE_PREFERRED, PARTS_MAX, planParts } from './part-size.js';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

describe('planParts', () => {
  test('an empty or small file is one part', () => {
    expect(planParts(0)).toEqual({ partSize: PART_SIZE_PREFERRED, partCount: 1 });
    expect(planParts(1)).toEqual({ partSize: PART_SIZE_PREFERRED, partCount: 1 });
  });

  test('the preferred size while 10,000 parts hold the file', () => {
    expect(planParts(2 * GIB)).toEqual({ partSize: 16 * MIB, partCount: 128 });
  });

  test('larger parts, in whole MiB, when 10,000 would not hold it', () => {
    const plan = planParts(1024 * GIB);
    expect(plan?.partSize).toBe(105 * MIB);
    expect(plan!.partCount).toBeLessThanOrEqual(PARTS_MAX);
    expect(plan!.partSize * plan!.partCount).toBeGreaterThanOrEqual(1024 * GIB);
  });

  test('a proxy body limit caps the part size', () => {
    expect(planParts(100 * MIB, 8 * MIB)).toEqual({ partSize: 8 * MIB, partCount: 13 });
    expect(planParts(3 * MIB, 8 * MIB)).toEqual({ partSize: 8 * MIB, partCount: 1 });
  });

  test('no plan when the limit leaves too many parts or parts below S3 minimum', () => {
    expect(planParts(PARTS_MAX * 8 * MIB + 1, 8 * MIB)).toBeUndefined();
    expect(planParts(10 * MIB, 1 * MIB)).toBeUndefined();
    // One part below the minimum is fine: the last part may be small.
    expect(planParts(MIB, 2 * MIB)).toEqual({ partSize: 2 * MIB, partCount: 1 });
    expect(PART_SIZE_MIN).toBe(5 * MIB);
  });
});
