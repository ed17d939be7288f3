/**
 * Keeps a version's shard files while something reads them. A read opens part files one
 * part at a time; an overwrite or delete that would remove them meanwhile waits for the
 * last reader instead (in-process: the store is the only process using its drives).
 */
export class DataPins {
  private readonly readers = new Map<string, number>();
  private readonly pending = new Map<string, (() => Promise<void>)[]>();

  pin(id: string): () => void {
    this.readers.set(id, (this.readers.get(id) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.readers.get(id) ?? 1) - 1;
      if (n > 0) {
        this.readers.set(id, n);
        return;
      }
      this.readers.delete(id);
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
  private readonly ids = new Map<string, number>();

  /** Marks `id` as being written; the returned function ends it (a second call is ignored). */
  begin(id: string): () => void {
    this.ids.set(id, (this.ids.get(id) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const n = (this.ids.get(id) ?? 1) - 1;
      if (n > 0) this.ids.set(id, n);
      else this.ids.delete(id);
    };
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }
}
