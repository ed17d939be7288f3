import type { NameCursor } from '../listing.js';

/** A cursor over a sorted array (tests, small in-memory sets). */
export class ArrayCursor<T> implements NameCursor<T> {
  private i = 0;
  private readonly sorted: { name: string; bytes: Buffer; value: T }[];

  constructor(entries: Iterable<[string, T]>) {
    this.sorted = [...entries]
      .map(([name, value]) => ({ name, bytes: Buffer.from(name, 'utf8'), value }))
      .sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  }

  seek(from: Buffer): void {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (Buffer.compare(this.sorted[mid]!.bytes, from) >= 0) hi = mid;
      else lo = mid + 1;
    }
    this.i = lo;
  }

  next(): { name: string; value: T } | undefined {
    const e = this.sorted[this.i++];
    return e && { name: e.name, value: e.value };
  }
}
