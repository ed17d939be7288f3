import type { TenantLogin } from './hop.js';
import type { TenantTargets } from './tenant-reach.js';

/** A tenant console session and where it lives. */
export interface HopSession extends TenantLogin {
  target: TenantTargets;
}

/** A session this close to its end is replaced before use rather than fail mid-request. */
export const HOP_RENEW_MARGIN_MS = 60_000;

/**
 * The tenant console sessions of each operator session, keyed by namespace/tenant. They live in
 * memory beside the operator session (a WeakMap keyed by it), so they end with it and never
 * reach the browser. Concurrent requests share one login.
 */
interface Entry {
  pending: Promise<HopSession>;
  /** Set once the login finished. */
  session?: HopSession;
}

export class HopSessions {
  readonly #byOwner = new WeakMap<object, Map<string, Entry>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The live session for `key`, logging in (once, whoever asks meanwhile) when there is none. */
  get(owner: object, key: string, login: () => Promise<HopSession>): Promise<HopSession> {
    let sessions = this.#byOwner.get(owner);
    if (!sessions) {
      sessions = new Map();
      this.#byOwner.set(owner, sessions);
    }
    const known = sessions.get(key);
    if (known && (!known.session || known.session.expiresAt - HOP_RENEW_MARGIN_MS > this.now())) {
      return known.pending;
    }
    const entry: Entry = { pending: login() };
    sessions.set(key, entry);
    entry.pending.then(
      (session) => {
        entry.session = session;
      },
      // A failed login is not kept: the next request tries again.
      () => {
        if (sessions.get(key) === entry) sessions.delete(key);
      },
    );
    return entry.pending;
  }

  /** Drops a session the tenant console no longer accepts (it answered 401). */
  forget(owner: object, key: string, session: HopSession): void {
    const sessions = this.#byOwner.get(owner);
    if (sessions?.get(key)?.session === session) sessions.delete(key);
  }
}
