import { useCallback, useMemo, useState } from 'react';
import { isFolder } from './objectPaths.js';

// The rows checked in one folder's listing: object keys and folders (names ending in /). It
// belongs to the folder: opening another folder (or bucket) starts with nothing selected, so an
// action never reaches rows the user no longer sees.

export interface ObjectSelection {
  /** Every checked name, as listed. */
  selected: ReadonlySet<string>;
  /** The checked objects. */
  keys: string[];
  /** The checked folders (each ending in /). */
  prefixes: string[];
  count: number;
  has: (name: string) => boolean;
  toggle: (name: string) => void;
  /** Replaces the selection (the table's own gestures: ranges, select all). */
  set: (next: ReadonlySet<string>) => void;
  clear: () => void;
}

const NOTHING: ReadonlySet<string> = new Set();

export function useObjectSelection(bucket: string, prefix: string): ObjectSelection {
  const scope = `${bucket}/${prefix}`;
  const [state, setState] = useState<{ scope: string; names: ReadonlySet<string> }>({
    scope,
    names: NOTHING,
  });
  // Derived, not reset in an effect: the first render of a new folder already has none.
  const selected = state.scope === scope ? state.names : NOTHING;
  const set = useCallback((next: ReadonlySet<string>) => setState({ scope, names: next }), [scope]);
  const toggle = useCallback(
    (name: string) =>
      setState((prev) => {
        const names = new Set(prev.scope === scope ? prev.names : NOTHING);
        if (names.has(name)) names.delete(name);
        else names.add(name);
        return { scope, names };
      }),
    [scope],
  );
  const clear = useCallback(() => setState({ scope, names: NOTHING }), [scope]);
  return useMemo(() => {
    const names = [...selected];
    return {
      selected,
      keys: names.filter((n) => !isFolder(n)),
      prefixes: names.filter(isFolder),
      count: selected.size,
      has: (name: string) => selected.has(name),
      toggle,
      set,
      clear,
    };
  }, [selected, toggle, set, clear]);
}
