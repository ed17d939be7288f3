import { isIP } from 'node:net';

/** How many failures are free, and how the wait grows after them. */
export interface ThrottleLimits {
  /** Failed logins for one user name within the window; from the last of them on, each
   *  further try waits. */
  perUser: number;
  /** Failed logins from one address within the window before waits begin (a console user's
   *  colleagues may share a NAT address, so it is looser than per user). */
  perAddress: number;
  /** A name or address with no failure for this long starts again from zero. */
  windowMs: number;
  /** The first wait; each further failure doubles it, up to maxWaitMs. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** Counters kept at most (oldest dropped first), so many addresses cannot grow the table. */
  maxEntries: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  perUser: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
  firstWaitMs: 1_000,
  maxWaitMs: 5 * 60_000,
  maxEntries: 50_000,
};

interface Counter {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** The loopback addresses, v4 and v6 (and v4-mapped v6), from which root is never locked out. */
export function isLoopback(address: string): boolean {
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(a) === 4) return a.startsWith('127.');
  return a === '::1';
}

/**
 * Password guessing, slowed per source address and per user name: a few failures are free,
 * then each one doubles the wait before the next try (a right password during the wait is
 * refused too, or the wait would only slow the guesses that fail). A success clears the name's
 * counter, not the address's: one good account must not reset an address's guesses at others.
 * Root from loopback is never held back, so a flood of remote guesses at the root user cannot
 * lock its owner out of the machine itself.
 */
export class LoginThrottle {
  readonly #counters = new Map<string, Counter>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    /** The root user's name where the console knows it (the embedded store), for the exemption. */
    private readonly rootUser: string | undefined = undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds the caller must still wait; 0 when it may try now. */
  waitFor(address: string, user: string): number {
    if (this.exempt(address, user)) return 0;
    const t = this.now();
    return Math.max(
      0,
      this.blockedUntil(userKey(user), t) - t,
      this.blockedUntil(addressKey(address), t) - t,
    );
  }

  recordFailure(address: string, user: string): void {
    this.bump(userKey(user), this.limits.perUser);
    this.bump(addressKey(address), this.limits.perAddress);
  }

  recordSuccess(user: string): void {
    this.#counters.delete(userKey(user));
  }

  get size(): number {
    return this.#counters.size;
  }

  private exempt(address: string, user: string): boolean {
    return this.rootUser !== undefined && user === this.rootUser && isLoopback(address);
  }

  private blockedUntil(key: string, t: number): number {
    const c = this.#counters.get(key);
    if (!c) return 0;
    if (t - c.lastFailureAt > this.limits.windowMs && t >= c.blockedUntil) {
      this.#counters.delete(key);
      return 0;
    }
    return c.blockedUntil;
  }

  private bump(key: string, free: number): void {
    const t = this.now();
    const old = this.#counters.get(key);
    const stale = old && t - old.lastFailureAt > this.limits.windowMs && t >= old.blockedUntil;
    const failures = old && !stale ? old.failures + 1 : 1;
    const over = failures - free + 1;
    const wait = over > 0 ? Math.min(this.limits.maxWaitMs, this.limits.firstWaitMs * 2 ** (over - 1)) : 0;
    // Re-inserted so the map's order is the order of last use: the oldest go first when full.
    this.#counters.delete(key);
    this.#counters.set(key, { failures, lastFailureAt: t, blockedUntil: wait > 0 ? t + wait : 0 });
    while (this.#counters.size > this.limits.maxEntries) {
      const oldest = this.#counters.keys().next().value;
      if (oldest === undefined) break;
      this.#counters.delete(oldest);
    }
  }
}

const userKey = (user: string) => `u:${user}`;
const addressKey = (address: string) => `a:${address}`;
