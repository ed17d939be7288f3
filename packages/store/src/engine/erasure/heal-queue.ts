/**
 * Objects a read or a scan found with missing or corrupt shards or records. With a delay
 * set, the queue drains itself in the background that long after something is queued;
 * otherwise drain() (the admin heal, tests) does it.
 */
export class HealQueue implements Iterable<string> {
  private readonly entries = new Set<string>();
  /** Entries whose shards failed a checksum: heal reads and checks every shard. */
  private readonly deep = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private closed = false;

  constructor(
    private readonly healOne: (bucket: string, key: string, deep: boolean) => Promise<unknown>,
    private readonly delayMs?: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.entries.values();
  }

  add(bucket: string, key: string, deep = false): void {
    this.entries.add(`${bucket}/${key}`);
    if (deep) this.deep.add(`${bucket}/${key}`);
    this.schedule();
  }

  delete(bucket: string, key: string): void {
    this.entries.delete(`${bucket}/${key}`);
    this.deep.delete(`${bucket}/${key}`);
  }

  /** Heals everything queued so far, one object at a time; returns how many were tried. */
  async drain(): Promise<number> {
    const batch = [...this.entries];
    const deep = new Set(this.deep);
    // Taken off first: one that still fails is queued again by the next read that sees it.
    this.entries.clear();
    this.deep.clear();
    for (const entry of batch) {
      if (this.closed) break;
      const slash = entry.indexOf('/');
      await this.healOne(entry.slice(0, slash), entry.slice(slash + 1), deep.has(entry)).catch(() => {});
    }
    return batch.length;
  }

  private schedule(): void {
    if (this.delayMs === undefined || this.closed || this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.drain().finally(() => {
        this.running = undefined;
        if (this.entries.size > 0) this.schedule();
      });
    }, this.delayMs);
    this.timer.unref();
  }

  /** Stops background healing and waits for the object being healed. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
