import { ApiError } from '../../../api/ApiError.js';
import { currentSession, onSessionStart } from '../../../api/sessionEvents.js';
import { FinalError } from './retry.js';

// A console call refused because the session ended (its credentials expired, or it was ended
// elsewhere) does not fail an upload: the upload waits for its user to sign in again, then goes
// on with the new session's credentials. Nothing is ever signed with another user's session.

export interface SessionGate {
  /** The session count before a console call, to tell a late refusal from a fresh one. */
  mark(): number;
  /** Whether a console call failed because the session ended (spec 000 §8: a 401, or no answer). */
  ended(err: unknown): boolean;
  /** Throws SignedOutError when another user is signed in now. */
  check(): void;
  /**
   * Resolves once the owner has a session begun after `mark`; rejects with SignedOutError when
   * another user's begins instead, or when `signal` aborts.
   */
  renewed(mark: number, signal?: AbortSignal): Promise<void>;
}

/** Another user signed in: the upload stops, its record kept for its owner to resume. */
export class SignedOutError extends FinalError {
  constructor(readonly owner: string) {
    super(`Signed out: ${owner} must sign in again to finish this upload.`);
  }
}

/** The browser's session, for an upload started by `owner`. */
export function sessionGate(owner: string): SessionGate {
  return {
    mark: () => currentSession().generation,
    ended: (err) => err instanceof ApiError && (err.status === 401 || err.status === 0),
    check: () => {
      const { accessKey } = currentSession();
      if (accessKey !== undefined && accessKey !== owner) throw new SignedOutError(owner);
    },
    renewed: (mark, signal) =>
      new Promise<void>((resolve, reject) => {
        const settle = (): boolean => {
          const now = currentSession();
          if (now.accessKey === undefined || now.generation <= mark) return false;
          stop();
          if (now.accessKey === owner) resolve();
          else reject(new SignedOutError(owner));
          return true;
        };
        const onAbort = () => {
          stop();
          reject(signal?.reason);
        };
        const unsubscribe = onSessionStart(settle);
        const stop = () => {
          unsubscribe();
          signal?.removeEventListener('abort', onAbort);
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        settle();
      }),
  };
}

/**
 * Wraps an upload's console calls: each first checks that its owner is signed in, and one
 * refused for a lapsed session is made again once the owner is back. `onWaiting` says when the
 * upload starts and stops waiting (several calls may wait at once).
 */
export function sessionAware(
  gate: SessionGate | undefined,
  hooks: { signal?: AbortSignal; onWaiting?: (waiting: boolean) => void },
): <T>(call: () => Promise<T>) => Promise<T> {
  let waiting = 0;
  return async (call) => {
    for (;;) {
      const mark = gate?.mark() ?? 0;
      try {
        gate?.check();
        return await call();
      } catch (err) {
        if (!gate?.ended(err)) throw err;
        if (waiting++ === 0) hooks.onWaiting?.(true);
        try {
          await gate.renewed(mark, hooks.signal);
        } finally {
          if (--waiting === 0) hooks.onWaiting?.(false);
        }
      }
    }
  };
}
