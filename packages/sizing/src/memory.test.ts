import { describe, expect, it } from 'vitest';
import { GIB } from './bytes.js';
import { setMemoryResource } from './memory.js';

const TIB = 1024 * GIB;

describe('setMemoryResource', () => {
  it('gives the requested GiB as bytes, limited to the request under a 1 TiB pool', () => {
    // The console's own test case: 2 Gi on a 16 GiB pool with 32 GiB available.
    expect(setMemoryResource(2, '17179869184', 34359738368)).toEqual({
      error: '',
      request: 2 * GIB,
      limit: 2 * GIB,
    });
  });

  it('raises the limit to the floor of spec 002 §9 for the pool size', () => {
    const limitFor = (pool: number) => setMemoryResource(4, pool, 128 * GIB).limit;
    expect(limitFor(TIB - 1)).toBe(4 * GIB);
    expect(limitFor(TIB)).toBe(8 * GIB);
    expect(limitFor(10 * TIB)).toBe(16 * GIB);
    expect(limitFor(100 * TIB)).toBe(32 * GIB);
    expect(limitFor(1024 * TIB)).toBe(64 * GIB);
    // A request above the floor is its own limit.
    expect(setMemoryResource(100, TIB, 128 * GIB)).toEqual({
      error: '',
      request: 100 * GIB,
      limit: 100 * GIB,
    });
  });

  it('limits to the request when the pool size is not a number', () => {
    expect(setMemoryResource(4, 'unknown', 128 * GIB)).toEqual({
      error: '',
      request: 4 * GIB,
      limit: 4 * GIB,
    });
  });

  it('refuses with each message of spec 002 §5, in order', () => {
    const refused = (error: string) => ({ error, request: 0, limit: 0 });
    expect(setMemoryResource(1, 0, 0)).toEqual(
      refused('There is no memory available for the selected number of nodes'),
    );
    expect(setMemoryResource(4, 0, 2 * GIB - 1)).toEqual(
      refused('There are not enough memory resources available'),
    );
    expect(setMemoryResource(1, 0, 8 * GIB)).toEqual(
      refused('The requested memory size must be greater than 2Gi'),
    );
    expect(setMemoryResource(9, 0, 8 * GIB)).toEqual(
      refused(
        'The requested memory is greater than the max available memory for the selected number of nodes',
      ),
    );
    expect(setMemoryResource(8, 0, 8 * GIB).error).toBe('');
  });
});
