import { useCallback, useMemo, useRef } from 'react';

/**
 * A live list shown newest first, with a key per frame that stays the same while the frame is
 * on screen (frames have no id of their own; the stream keeps each frame object as it came).
 */
export function useNewestFirst<T extends object>(rows: readonly T[]) {
  const newestFirst = useMemo(() => rows.slice().reverse(), [rows]);
  const ids = useRef(new WeakMap<T, string>());
  const next = useRef(0);
  const rowKey = useCallback((row: T) => {
    let id = ids.current.get(row);
    if (id === undefined) {
      next.current += 1;
      id = String(next.current);
      ids.current.set(row, id);
    }
    return id;
  }, []);
  return { newestFirst, rowKey };
}
