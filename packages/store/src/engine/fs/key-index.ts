import { compareKeys, firstIndex } from '../listing.js';

/**
 * The keys of one bucket in S3 order, with their sizes, so that a listing page costs the
 * page. Rebuilt from the object records at first use; the embedded ordered index of the
 * erasure engine replaces it.
 */
export class KeyIndex {
  private readonly sorted: string[] = [];
  private readonly sizes = new Map<string, number>();
  private total = 0;

  get keys(): readonly string[] {
    return this.sorted;
  }

  get count(): number {
    return this.sorted.length;
  }

  get totalSize(): number {
    return this.total;
  }

  set(key: string, size: number): void {
    const old = this.sizes.get(key);
    if (old === undefined) {
      this.sorted.splice(
        firstIndex(this.sorted, (k) => compareKeys(k, key) >= 0),
        0,
        key,
      );
    } else {
      this.total -= old;
    }
    this.sizes.set(key, size);
    this.total += size;
  }

  delete(key: string): void {
    const old = this.sizes.get(key);
    if (old === undefined) return;
    this.sizes.delete(key);
    this.total -= old;
    this.sorted.splice(
      firstIndex(this.sorted, (k) => compareKeys(k, key) >= 0),
      1,
    );
  }
}
