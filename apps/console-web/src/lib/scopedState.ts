import { type SetStateAction, useCallback, useState } from 'react';

/**
 * State that belongs to one scope (a folder, say): read under another scope it is `initial`
 * again, from that render on, without remounting the component that holds it. Remounting a
 * screen to reset its state redraws every control on it; this resets only the state.
 */
export function useScopedState<S>(scope: string, initial: S): [S, (next: SetStateAction<S>) => void] {
  const [state, setState] = useState<{ scope: string; value: S }>({ scope, value: initial });
  const value = state.scope === scope ? state.value : initial;
  // `initial` is the starting value of a scope: a new one matters only with a new scope.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const set = useCallback(
    (next: SetStateAction<S>) =>
      setState((prev) => {
        const current = prev.scope === scope ? prev.value : initial;
        return { scope, value: typeof next === 'function' ? (next as (s: S) => S)(current) : next };
      }),
    [scope],
  );
  return [value, set];
}
