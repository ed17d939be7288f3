// Per-part retry with exponential backoff. The clock is injected so tests drive time.

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    }),
};

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseMs: number;
  maxMs: number;
}

/** Five tries, 1 s then doubling, at most 16 s apart: rides out a proxy restart or a brief outage. */
export const PART_RETRY: RetryPolicy = { attempts: 5, baseMs: 1000, maxMs: 16_000 };

export const backoffMs = (policy: RetryPolicy, retry: number) =>
  Math.min(policy.maxMs, policy.baseMs * 2 ** (retry - 1));

/** A failure that trying again cannot mend: it ends the whole upload at once. */
export class FinalError extends Error {}

const isFinal = (err: unknown) =>
  (err instanceof DOMException && err.name === 'AbortError') || err instanceof FinalError;

/** Runs `work` until it succeeds or the tries run out (the last error is thrown); never retries a cancel or a FinalError. */
export async function withRetry<T>(
  work: (attempt: number) => Promise<T>,
  opts: { policy?: RetryPolicy; clock: Clock; signal?: AbortSignal; onRetry?: (err: unknown) => void },
): Promise<T> {
  const policy = opts.policy ?? PART_RETRY;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (err) {
      if (isFinal(err) || opts.signal?.aborted || attempt >= policy.attempts) throw err;
      opts.onRetry?.(err);
      await opts.clock.sleep(backoffMs(policy, attempt), opts.signal);
    }
  }
}
