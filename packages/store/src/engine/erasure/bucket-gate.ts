// Writes into a bucket against the bucket's deletion. Every write holds its bucket open
// while it runs; a delete closes the bucket first: writers arriving then wait for the
// delete's outcome (and find the bucket gone, or go on), and the delete learns whether any
// writer is still inside. Without it a PUT acknowledged during a DeleteBucket was lost, or
// came back when a bucket of the name was made again.

interface Closing {
  /** Settles when the delete is over, whatever its outcome. */
  over: Promise<void>;
  /** Called when the last writer inside leaves. */
  drained?: () => void;
}

export class BucketGate {
  private readonly inside = new Map<string, number>();
  private readonly closing = new Map<string, Closing>();

  /** Runs a write into `bucket`, once no delete of it is under way. */
  async hold<T>(bucket: string, write: () => Promise<T>): Promise<T> {
    for (let c = this.closing.get(bucket); c; c = this.closing.get(bucket)) await c.over;
    this.inside.set(bucket, (this.inside.get(bucket) ?? 0) + 1);
    try {
      return await write();
    } finally {
      const left = this.inside.get(bucket)! - 1;
      if (left > 0) this.inside.set(bucket, left);
      else {
        this.inside.delete(bucket);
        this.closing.get(bucket)?.drained?.();
      }
    }
  }

  /**
   * Runs a delete of `bucket` with new writers held back. `busy` says what to do when writers
   * are inside: 'wait' for them to leave, or 'refuse' (the delete's own error is thrown).
   * Callers serialise deletes of one bucket themselves.
   */
  async close<T>(
    bucket: string,
    busy: 'wait' | { refuse: () => Error },
    remove: () => Promise<T>,
  ): Promise<T> {
    let over!: () => void;
    const entry: Closing = { over: new Promise<void>((resolve) => (over = resolve)) };
    this.closing.set(bucket, entry);
    try {
      if (this.inside.has(bucket)) {
        if (busy !== 'wait') throw busy.refuse();
        await new Promise<void>((resolve) => (entry.drained = resolve));
      }
      return await remove();
    } finally {
      this.closing.delete(bucket);
      over();
    }
  }
}
