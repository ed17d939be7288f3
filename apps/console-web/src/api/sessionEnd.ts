import { clearToken } from './token.js';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The session provider subscribes to reset its state and navigate to /login: the fetch wrapper
 * lives outside React and cannot navigate itself. Returns the unsubscribe function.
 */
export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Spec 000 §8 (401, or no answer at all) and §4 (logout, even a failed one): clear the token, go to /login. */
export function endSession(): void {
  clearToken();
  for (const listener of listeners) listener();
}
