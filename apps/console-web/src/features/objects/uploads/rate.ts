// Speed over the last few seconds (not since the start: a stall shows at once) and the ETA it gives.

const WINDOW_MS = 5000;

export class RateMeter {
  #samples: { at: number; loaded: number }[] = [];

  add(at: number, loaded: number) {
    this.#samples.push({ at, loaded });
    while (this.#samples.length > 2 && at - this.#samples[1]!.at >= WINDOW_MS) this.#samples.shift();
  }

  /** Bytes per second; 0 until two samples a moment apart. */
  get bytesPerSecond(): number {
    const first = this.#samples[0];
    const last = this.#samples[this.#samples.length - 1];
    if (!first || !last || last.at - first.at < 250) return 0;
    return Math.max(0, ((last.loaded - first.loaded) * 1000) / (last.at - first.at));
  }
}

/** Seconds left at this speed; undefined while the speed is unknown. */
export function etaSeconds(remaining: number, bytesPerSecond: number): number | undefined {
  if (bytesPerSecond <= 0) return undefined;
  return Math.ceil(remaining / bytesPerSecond);
}
