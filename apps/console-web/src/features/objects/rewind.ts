import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/externalStore.js';

// Spec 001 §4 "Rewind": on for one bucket at a chosen moment; opening another bucket resets
// it. Kept outside React so moving between folders of the bucket keeps it on.

export interface RewindState {
  bucket: string;
  /** RFC 3339. */
  date: string;
}

const rewind = createStore<RewindState | null>(null);

export const setRewind = (next: RewindState | null) => rewind.set(next);

/** The rewind date for this bucket, or undefined when the browser shows current data. */
export function useRewind(bucket: string): string | undefined {
  const current = useStore(rewind);
  const foreign = current !== null && current.bucket !== bucket;
  useEffect(() => {
    if (foreign) setRewind(null);
  }, [foreign]);
  return current && !foreign ? current.date : undefined;
}
