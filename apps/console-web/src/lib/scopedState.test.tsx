import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useScopedState } from './scopedState.js';

test('a scope keeps its own value; another scope starts from the initial one', () => {
  const { result, rerender } = renderHook(({ scope }) => useScopedState(scope, ''), {
    initialProps: { scope: 'a/' },
  });
  act(() => result.current[1]('cats'));
  expect(result.current[0]).toBe('cats');
  rerender({ scope: 'b/' });
  // The first render under the new scope already has the initial value.
  expect(result.current[0]).toBe('');
  act(() => result.current[1]((prev) => `${prev}dogs`));
  expect(result.current[0]).toBe('dogs');
  rerender({ scope: 'a/' });
  expect(result.current[0]).toBe('');
});
