import { createHash } from 'node:crypto';
import type { LoginThrottleSettings } from '../iam/identity-settings.js';
import type { Logger } from '../observe/logger.js';
import { ApiError } from '../wire/errors.js';

// Password guessing at the STS endpoints, slowed down: failed logins are counted per user
// name (or access key) and per source address; past the limit within the window, that name
// or address is held back for a while, and each further failure after a hold doubles it
// (up to a ceiling). A success forgets its name's failures, never its address's (one good
// account must not clear the way for guessing others). Both tables are bounded: an attacker
// with many names or addresses pushes out the least recently seen records that are not held
// back, never grows memory, and never lifts a hold while another record could go instead.
// Every failure is logged with its address and name (never the password or signature).

interface Counter {
  failures: number;
  windowStart: number;
  heldUntil: number;
  /** Holds so far; the next lasts backoff × 2^holds. Forgotten a window after the last one ends. */
  holds: number;
}

/** Who tries to log in: the source address and the name it gives. */
export interface LoginAttempt {
  /** The STS action, for the log. */
  action: string;
  /** The client's address, as the socket has it. */
  address: string;
  /** The name as given (access key or LDAP user name): logged, quoted. */
  user: string;
  /**
   * The name as counted: folded as the directory folds it, prefixed with its kind. Absent:
   * counted against the address alone (an access key that does not exist hurts no one's
   * account, and a flood of made-up ones must not fill the names' table).
   */
  name?: string;
  /** Never held back nor counted: the root user from this machine. */
  exempt?: boolean;
  /**
   * Logged only when it starts a hold: S3 and admin signatures, which a misconfigured client
   * gets wrong on every request.
   */
  quiet?: boolean;
}

interface Hold {
  by: 'name' | 'address';
  ms: number;
}

// Names come from the request: a long one is kept as its digest, so an entry stays small.
const MAX_KEPT_NAME = 128;
const keptName = (name: string): string =>
  name.length <= MAX_KEPT_NAME ? name : `sha256:${createHash('sha256').update(name).digest('hex')}`;

/**
 * The address as counted: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an IPv6
 * one by its /64 (one host usually holds a whole /64, so counting single addresses would
 * give it 2^64 fresh counters).
 */
export function addressKey(address: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return v4[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [
    ...headGroups,
    ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
    ...tailGroups,
  ];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * Records by key, in the order they were last seen, at most `max` of them. Room is made by
 * dropping the least recently seen record whose hold is over; never one still held while
 * another is not (else a flood of junk names or addresses would lift a victim's hold), and
 * when every one is held, the one whose hold ends soonest.
 */
class Table {
  private readonly records = new Map<string, Counter>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.records.size;
  }

  /** The key's record, made most recently seen; undefined when there is none. */
  seen(key: string): Counter | undefined {
    const record = this.records.get(key);
    if (record) {
      this.records.delete(key);
      this.records.set(key, record);
    }
    return record;
  }

  /** The key's record, made most recently seen (created when missing). */
  touch(key: string, now: number): Counter {
    const known = this.seen(key);
    if (known) return known;
    if (this.records.size >= this.max) this.makeRoom(now);
    const record = { failures: 0, windowStart: now, heldUntil: 0, holds: 0 };
    this.records.set(key, record);
    return record;
  }

  forget(key: string): void {
    this.records.delete(key);
  }

  private makeRoom(now: number): void {
    let soonest: string | undefined;
    let soonestEnd = Number.POSITIVE_INFINITY;
    for (const [key, record] of this.records) {
      if (record.heldUntil <= now) {
        this.records.delete(key);
        return;
      }
      if (record.heldUntil < soonestEnd) {
        soonest = key;
        soonestEnd = record.heldUntil;
      }
    }
    if (soonest !== undefined) this.records.delete(soonest);
  }
}

/** 503 SlowDown with Retry-After while `until` is ahead of `now`. */
function refuseUntil(until: number, which: string, now: number): void {
  if (until <= now) return;
  const seconds = Math.ceil((until - now) / 1000);
  throw new ApiError('SlowDown', `Too many failed logins ${which}; retry in ${seconds} seconds.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

export class LoginThrottle {
  private readonly names: Table;
  private readonly addresses: Table;

  constructor(
    private readonly settings: LoginThrottleSettings,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
  ) {
    this.names = new Table(settings.maxEntries);
    this.addresses = new Table(settings.maxEntries);
  }

  /** How many names and addresses are remembered (bounded by maxEntries each). */
  get size(): { names: number; addresses: number } {
    return { names: this.names.size, addresses: this.addresses.size };
  }

  /** Refuses (503 SlowDown, with Retry-After) an attempt whose name or address is held back. */
  admit(attempt: LoginAttempt): void {
    if (attempt.exempt) return;
    const byName = attempt.name === undefined ? 0 : (this.names.seen(keptName(attempt.name))?.heldUntil ?? 0);
    const byAddress = this.addresses.seen(addressKey(attempt.address))?.heldUntil ?? 0;
    if (byName >= byAddress) refuseUntil(byName, 'for this user', this.clock());
    else refuseUntil(byAddress, 'from this address', this.clock());
  }

  /**
   * admit() for an address alone, on every signed S3 and admin request: nothing to compute
   * while no address has failed, else one look-up.
   */
  admitAddress(address: string): void {
    if (this.addresses.size === 0) return;
    const until = this.addresses.seen(addressKey(address))?.heldUntil;
    if (until !== undefined) refuseUntil(until, 'from this address', this.clock());
  }

  /** Logs and counts a wrong password or signature (`why` says which). */
  failed(attempt: LoginAttempt, why: string): void {
    const hold = attempt.exempt ? undefined : this.count(attempt);
    if (attempt.quiet && !hold) return;
    const who = `${attempt.action} for ${JSON.stringify(attempt.user)} from ${attempt.address}`;
    this.log.warn(
      `${attempt.quiet ? 'auth: signature failed' : 'sts: login failed'}: ${who}: ${why}${hold ? `; the ${hold.by} is held back for ${Math.ceil(hold.ms / 1000)} s` : ''}`,
    );
  }

  /** A right password (or signature): the name starts afresh. */
  succeeded(attempt: LoginAttempt): void {
    if (!attempt.exempt && attempt.name !== undefined) this.names.forget(keptName(attempt.name));
  }

  private count(attempt: LoginAttempt): Hold | undefined {
    const now = this.clock();
    const { failuresPerName, failuresPerAddress } = this.settings;
    const byName =
      attempt.name === undefined
        ? undefined
        : this.counted(this.names.touch(keptName(attempt.name), now), failuresPerName, now);
    const byAddress = this.counted(
      this.addresses.touch(addressKey(attempt.address), now),
      failuresPerAddress,
      now,
    );
    if (byName !== undefined) return { by: 'name', ms: byName };
    if (byAddress !== undefined) return { by: 'address', ms: byAddress };
    return undefined;
  }

  /** One more failure on a record; the length of the hold it starts, if any. */
  private counted(record: Counter, limit: number, now: number): number | undefined {
    const { windowMs, backoffMs, maxBackoffMs } = this.settings;
    if (record.holds > 0 && now > record.heldUntil + windowMs) record.holds = 0;
    if (now - record.windowStart > windowMs) {
      record.failures = 0;
      record.windowStart = now;
    }
    record.failures++;
    // After a hold, one more failure within the window starts the next, longer one.
    if (record.failures < limit && record.holds === 0) return undefined;
    const hold = Math.min(backoffMs * 2 ** record.holds, maxBackoffMs);
    record.holds++;
    record.heldUntil = now + hold;
    record.failures = 0;
    record.windowStart = now;
    return hold;
  }
}
