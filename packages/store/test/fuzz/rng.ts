// A small seeded PRNG (mulberry32) so every fuzz run is reproducible: a failure report
// names the seed and iteration, and re-running replays exactly that input.

export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  bool(p?: number): boolean;
  bytes(n: number): Buffer;
  /** A string of `n` characters drawn from `alphabet`. */
  string(alphabet: readonly string[], n: number): string;
}

export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return {
    next,
    int,
    pick,
    bool: (p = 0.5) => next() < p,
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => int(0, 255))),
    string: (alphabet, n) => Array.from({ length: n }, () => pick(alphabet)).join(''),
  };
}
