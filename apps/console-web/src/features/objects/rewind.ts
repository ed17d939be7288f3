import { useEffect, useSyncExternalStore } from 'react';

// Spec 001 §4 "Rewind": on for one bucket at a chosen moment; opening another bucket resets
// it. Kept outside React so moving between folders of the bucket keeps it on.

export interface RewindState {
  bucket: string;
  /** RFC 3339. */
  date: string;
}

let state: RewindState | null = null;
const listeners = new Set<() => void>();

export function setRewind(next: RewindState | null) {
  state = next;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The rewind date for this bucket, or undefined when the browser shows current data. */
export function useRewind(bucket: string): string | undefined {
  const current = useSyncExternalStore(subscribe, () => state);
  const foreign = current !== null && current.bucket !== bucket;
  useEffect(() => {
    if (foreign) setRewind(null);
  }, [foreign]);
  return current && !foreign ? current.date : undefined;
}
