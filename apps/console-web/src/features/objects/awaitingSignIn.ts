import { createStore, useStore } from '../../lib/externalStore.js';

// How many uploads wait for their user to sign in again. Kept apart from transfers.ts so the login
// page can say so without loading the uploader (it stays out of the initial bundle).

const waiting = createStore(0);

export const setUploadsAwaitingSignIn = (count: number) => {
  if (waiting.get() !== count) waiting.set(count);
};

export const useUploadsAwaitingSignIn = (): number => useStore(waiting);
