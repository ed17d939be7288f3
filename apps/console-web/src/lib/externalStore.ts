import { useCallback, useSyncExternalStore } from 'react';

// State that lives outside React (it outlasts the screens that show it) with the one
// subscribe/notify protocol `useSyncExternalStore` expects. Each value is replaced, never
// mutated, so a snapshot stays the same object until something changes.

/** What a component needs to read a store. */
export interface ReadableStore<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

export interface ExternalStore<T> extends ReadableStore<T> {
  /**
   * Replaces the value and tells the listeners. `quiet` only replaces it: for a change that a
   * following `set` publishes together with others (many frames, one render).
   */
  set(next: T, options?: { quiet?: boolean }): void;
}

export function createStore<T>(initial: T): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next, { quiet = false } = {}) {
      value = next;
      if (quiet) return;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The store's value (or the part `select` picks) in a component, re-rendered when it changes.
 * `select` must return the same value for the same state (a field, a count, not a new object).
 */
export function useStore<T>(store: ReadableStore<T>): T;
export function useStore<T, S>(store: ReadableStore<T>, select: (state: T) => S): S;
export function useStore<T, S>(store: ReadableStore<T>, select?: (state: T) => S): T | S {
  const read = useCallback(() => (select ? select(store.get()) : store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, read, read);
}
