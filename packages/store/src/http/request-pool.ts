import type { RequestLimits } from '../config/api.js';
import { ApiError } from '../wire/errors.js';

// MinIO's api requests_max and requests_deadline: at most `max` S3 requests are served at
// once; the others wait their turn, in arrival order, for up to `deadlineMs`, then get
// TooManyRequests (429). A place is held until the answer is finished, body included, so a
// limit bounds the memory and drive work in flight. Both limits are read on every request:
// a change applies at once (the api subsystem is dynamic); a raised limit lets waiters in at
// the next release.

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

export class RequestPool {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: () => RequestLimits) {}

  /** Requests being served now. */
  get inFlight(): number {
    return this.active;
  }

  /** Requests waiting for a place. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * The release of a place: at once when one is free (the common case costs no promise),
   * else once one frees. A wait fails with TooManyRequests after the deadline, or with
   * RequestTimeout (sent to no one) when `onLeave` reports that the client went away first.
   */
  admit(onLeave?: (left: () => void) => void): (() => void) | Promise<() => void> {
    const { max, deadlineMs } = this.limits();
    if (this.active < max && this.waiting.length === 0) return this.take();
    return new Promise((resolve, reject) => {
      let waiting = true;
      const leave = (err: unknown) => {
        if (!waiting) return;
        waiting = false;
        clearTimeout(waiter.timer);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(err);
      };
      const waiter: Waiter = {
        admit: () => {
          waiting = false;
          clearTimeout(waiter.timer);
          resolve(this.take());
        },
        timer: setTimeout(() => leave(new ApiError('TooManyRequests')), deadlineMs),
      };
      this.waiting.push(waiter);
      onLeave?.(() =>
        leave(new ApiError('RequestTimeout', 'The client closed the connection while waiting')),
      );
    });
  }

  private take(): () => void {
    this.active++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.active--;
      this.admitWaiting();
    };
  }

  private admitWaiting(): void {
    const { max } = this.limits();
    while (this.active < max && this.waiting.length > 0) this.waiting.shift()!.admit();
  }
}
