import { useCallback, useState } from 'react';
import {
  type Arrangement,
  arrangementOf,
  LAYOUT_STORAGE_KEY,
  parseLayouts,
  serializeLayouts,
  withArrangement,
} from './dashboardLayout.js';

function readStored() {
  try {
    return parseLayouts(localStorage.getItem(LAYOUT_STORAGE_KEY));
  } catch {
    return parseLayouts(null);
  }
}

function writeStored(user: string, arrangement: Arrangement | undefined) {
  try {
    localStorage.setItem(
      LAYOUT_STORAGE_KEY,
      serializeLayouts(withArrangement(readStored(), user, arrangement)),
    );
  } catch {
    // Storage full or refused (private mode): the arrangement lasts until the page closes.
  }
}

/** The user's dashboard arrangement, kept in local storage; `reset` returns to the default. */
export function useDashboardLayout(user: string) {
  const [arrangement, setArrangement] = useState(() => arrangementOf(readStored(), user));
  const change = useCallback(
    (next: Arrangement) => {
      setArrangement(next);
      writeStored(user, next);
    },
    [user],
  );
  const reset = useCallback(() => {
    writeStored(user, undefined);
    setArrangement(arrangementOf(readStored(), user));
  }, [user]);
  return { arrangement, change, reset };
}
