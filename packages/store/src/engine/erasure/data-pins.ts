/** Holders of ids, counted: an id is held until each hold on it is released (once). */
class Holds {
  private readonly counts = new Map<string, number>();

  /** Holds `id`; the returned function releases this hold and says whether it was the last. */
  hold(id: string): () => boolean {
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return false;
      released = true;
      const n = (this.counts.get(id) ?? 1) - 1;
      if (n > 0) this.counts.set(id, n);
      else this.counts.delete(id);
      return n <= 0;
    };
  }

  has(id: string): boolean {
    return this.counts.has(id);
  }

  ids(): IterableIterator<string> {
    return this.counts.keys();
  }
}

/**
 * Keeps a version's shard files while something reads them. A read opens part files one
 * part at a time; an overwrite or delete that would remove them meanwhile waits for the
 * last reader instead (in-process: the store is the only process using its drives).
 */
export class DataPins {
  private readonly readers = new Holds();
  private readonly pending = new Map<string, (() => Promise<void>)[]>();

  pin(id: string): () => void {
    const release = this.readers.hold(id);
    return () => {
      if (!release()) return;
      const jobs = this.pending.get(id) ?? [];
      this.pending.delete(id);
      for (const job of jobs) void job().catch(() => {});
    };
  }

  /** Runs `remove` now, or once the last reader of `id` is done. */
  async drop(id: string, remove: () => Promise<void>): Promise<void> {
    if (!this.readers.has(id)) return remove();
    const jobs = this.pending.get(id) ?? [];
    jobs.push(remove);
    this.pending.set(id, jobs);
  }
}

/**
 * The data folders of writes not committed yet. A body's shard files exist before any
 * record names them (the data is written first, the version committed last, under the
 * key's lock), so whatever clears a key's unnamed folders must leave these.
 */
export class WritesInFlight {
  private readonly writers = new Holds();

  /** Marks `id` as being written; the returned function ends it (a second call is ignored). */
  begin(id: string): () => void {
    const release = this.writers.hold(id);
    return () => {
      release();
    };
  }

  has(id: string): boolean {
    return this.writers.has(id);
  }

  /** The data folder ids (the last part of each dataPin) being written now. */
  dataIds(): Set<string> {
    return new Set([...this.writers.ids()].map((pin) => pin.slice(pin.lastIndexOf('/') + 1)));
  }
}
