import type { Clock } from './retry.js';

// An optional bandwidth limit shared by every upload: each part waits for its turn so the
// average rate stays at the limit (a part itself goes at the link's speed).

export class BandwidthLimit {
  #bytesPerSecond = 0;
  #nextFree = 0;

  constructor(private readonly clock: Clock) {}

  /** 0 lifts the limit. */
  set(bytesPerSecond: number) {
    this.#bytesPerSecond = Math.max(0, bytesPerSecond);
    this.#nextFree = 0;
  }

  get bytesPerSecond() {
    return this.#bytesPerSecond;
  }

  /** Resolves when `bytes` may be sent. */
  async take(bytes: number, signal?: AbortSignal): Promise<void> {
    if (this.#bytesPerSecond <= 0) return;
    const now = this.clock.now();
    const start = Math.max(now, this.#nextFree);
    this.#nextFree = start + (bytes / this.#bytesPerSecond) * 1000;
    if (start > now) await this.clock.sleep(start - now, signal);
  }
}
