import { describe, expect, it } from 'vitest';
import { giveBack, giveBackLoan, lend, takeBuffer } from './buffer-pool.js';

describe('buffer pool', () => {
  it('hands a returned buffer out again, for the same size only', () => {
    const a = takeBuffer(1000);
    giveBack(a);
    expect(takeBuffer(999)).not.toBe(a);
    expect(takeBuffer(1000)).toBe(a);
    expect(takeBuffer(1000)).not.toBe(a);
  });

  it('returns a lent chunk once, and never through a slice or a copy of it', () => {
    const buffer = takeBuffer(1001);
    const chunk = lend(Buffer.from(buffer, 10, 500), buffer);
    giveBackLoan(chunk.subarray(0, 10));
    giveBackLoan(Buffer.from(chunk));
    expect(takeBuffer(1001)).not.toBe(buffer);
    giveBackLoan(chunk);
    giveBackLoan(chunk);
    expect(takeBuffer(1001)).toBe(buffer);
    expect(takeBuffer(1001)).not.toBe(buffer);
  });
});
