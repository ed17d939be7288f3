import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useObjectSelection } from './selection.js';

describe('useObjectSelection', () => {
  it('splits the checked names into objects and folders, and toggles and clears them', () => {
    const { result } = renderHook(() => useObjectSelection('docs', 'a/'));
    act(() => result.current.toggle('a/x.txt'));
    act(() => result.current.toggle('a/sub/'));
    act(() => result.current.toggle('a/y.txt'));
    expect(result.current.count).toBe(3);
    expect(result.current.keys).toEqual(['a/x.txt', 'a/y.txt']);
    expect(result.current.prefixes).toEqual(['a/sub/']);
    act(() => result.current.toggle('a/x.txt'));
    expect(result.current.has('a/x.txt')).toBe(false);
    expect(result.current.keys).toEqual(['a/y.txt']);
    act(() => result.current.set(new Set(['a/z'])));
    expect([...result.current.selected]).toEqual(['a/z']);
    act(() => result.current.clear());
    expect(result.current.count).toBe(0);
  });

  it('starts empty in another folder or bucket, from the first render there', () => {
    const { result, rerender } = renderHook(({ bucket, prefix }) => useObjectSelection(bucket, prefix), {
      initialProps: { bucket: 'docs', prefix: 'a/' },
    });
    act(() => result.current.toggle('a/x.txt'));
    rerender({ bucket: 'docs', prefix: 'a/b/' });
    expect(result.current.count).toBe(0);
    act(() => result.current.toggle('a/b/y'));
    expect(result.current.keys).toEqual(['a/b/y']);
    rerender({ bucket: 'other', prefix: 'a/b/' });
    expect(result.current.count).toBe(0);
    // Coming back does not bring back an old selection either.
    rerender({ bucket: 'docs', prefix: 'a/' });
    expect(result.current.count).toBe(0);
  });
});
