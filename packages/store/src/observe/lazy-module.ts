// Broker client libraries are loaded when a target of their kind first connects, not when
// the store starts: a store with no Kafka target never loads a Kafka client.

/**
 * `load` (a dynamic `import()`), run on the first call and shared by every later one; a
 * failed load is not kept, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
