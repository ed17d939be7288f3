import { describe, expect, it } from 'vitest';
import { DeletedTags } from './delete-tags.js';

describe('DeletedTags', () => {
  it('gives a version its noted tags once, and keeps at most `cap` (oldest dropped)', () => {
    const noted = new DeletedTags(2);
    noted.remember('b', 'k', 'v1', 'a=1');
    noted.remember('b', 'k', 'v2', 'a=2');
    noted.remember('b', 'k', 'v3', 'a=3');
    expect(noted.take('b', 'k', 'v1')).toBeUndefined();
    expect(noted.take('b', 'k', 'v2')).toBe('a=2');
    expect(noted.take('b', 'k', 'v2')).toBeUndefined();
    expect(noted.take('b', 'k', 'v3')).toBe('a=3');
  });
});
