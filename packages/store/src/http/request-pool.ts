import { ApiError } from '../s3/errors.js';

// MinIO's api requests_max and requests_deadline: at most `max` S3 requests are served at
// once; the others wait their turn, in arrival order, for up to `deadlineMs`, then get
// TooManyRequests (429). A place is held until the answer is finished, body included, so a
// limit bounds the memory and drive work in flight. Both limits are read on every request:
// a change applies at once (the api subsystem is dynamic); a raised limit lets waiters in at
// the next release.

export interface RequestLimits {
  max: number;
  deadlineMs: number;
}

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
   * Resolves with the release of a place once one is free; rejects with TooManyRequests
   * after the deadline, or with `cancelled`'s reason when it aborts first (the client left).
   */
  admit(cancelled?: AbortSignal): Promise<() => void> {
    const { max, deadlineMs } = this.limits();
    if (this.active < max && this.waiting.length === 0) return Promise.resolve(this.take());
    return new Promise((resolve, reject) => {
      const leave = (err: unknown) => {
        clearTimeout(waiter.timer);
        cancelled?.removeEventListener('abort', onAbort);
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(err);
      };
      const onAbort = () => leave(cancelled!.reason);
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          cancelled?.removeEventListener('abort', onAbort);
          resolve(this.take());
        },
        timer: setTimeout(() => leave(new ApiError('TooManyRequests')), deadlineMs),
      };
      if (cancelled?.aborted) return onAbort();
      cancelled?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
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
