import { clearToken } from './token.js';

// A session's start and end, for what lives outside React: the session provider navigates on an
// end; uploads in flight wait for their user to sign in again (features/objects/uploads).

type Listener = () => void;
const endListeners = new Set<Listener>();
const startListeners = new Set<Listener>();

/** Who is signed in, and how many sessions this page has seen begin. */
let signedIn: { accessKey: string | undefined; generation: number } = { accessKey: undefined, generation: 0 };

const subscribe = (set: Set<Listener>, listener: Listener) => {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
};

/**
 * The session provider subscribes to reset its state and navigate to /login: the fetch wrapper
 * lives outside React and cannot navigate itself. Returns the unsubscribe function.
 */
export const onSessionEnd = (listener: Listener): (() => void) => subscribe(endListeners, listener);

/** Spec 000 §8 (401, or no answer at all) and §4 (logout, even a failed one): clear the token, go to /login. */
export function endSession(): void {
  clearToken();
  signedIn = { ...signedIn, accessKey: undefined };
  for (const listener of endListeners) listener();
}

/** Called on every session read that succeeds: a login, or the page's first read. */
export function sessionStarted(accessKey: string): void {
  if (signedIn.accessKey === accessKey) return;
  signedIn = { accessKey, generation: signedIn.generation + 1 };
  for (const listener of startListeners) listener();
}

export const onSessionStart = (listener: Listener): (() => void) => subscribe(startListeners, listener);

/** The account signed in now (undefined between an end and the next start), and the session count. */
export const currentSession = (): Readonly<typeof signedIn> => signedIn;
