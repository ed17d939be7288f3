import { describe, expect, it } from 'vitest';
import { chooseSetSize, OPERATOR_SET_SIZES } from './erasure-sets.js';

describe('chooseSetSize', () => {
  it('takes the largest allowed size that divides the drives', () => {
    expect(chooseSetSize(32)).toEqual({ ok: true, size: 16 });
    expect(chooseSetSize(18)).toEqual({ ok: true, size: 9 });
    expect(chooseSetSize(34)).toEqual({ ok: true, size: 2 });
  });

  it('keeps only sizes symmetric with the node count when nodes are given', () => {
    // 2 nodes × 9 drives: 9 divides 18 but not evenly over 2 nodes, so 6.
    expect(chooseSetSize(18, { sizes: OPERATOR_SET_SIZES, nodes: 2 })).toEqual({ ok: true, size: 6 });
    expect(chooseSetSize(22, { sizes: OPERATOR_SET_SIZES, nodes: 2 })).toEqual({
      ok: false,
      reason: 'asymmetric',
    });
  });

  it('names why no size fits', () => {
    expect(chooseSetSize(3, { sizes: OPERATOR_SET_SIZES })).toEqual({ ok: false, reason: 'too-few' });
    expect(chooseSetSize(17)).toEqual({ ok: false, reason: 'indivisible' });
  });
});
