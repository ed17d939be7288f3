import { DiskQueue } from './disk-queue.js';
import type { Logger } from './logger.js';

// What every delivery target shares: entries wait in a bounded in-memory queue and are
// delivered one at a time, in order, retried with backoff while the peer is down. The
// request path never waits for delivery; a full queue drops (and counts) rather than grows.
// With a queue directory (persistIn) every waiting entry is also on disk, so that what a
// stopped server had not delivered is delivered after it starts again.

interface Pending<T> {
  entry: T;
  /** Its file in the queue directory, once written (undefined: memory only). */
  file?: Promise<string | undefined>;
}

export type TargetStatus = 'online' | 'offline';

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

export abstract class QueuedTarget<T> {
  private readonly queue: Pending<T>[] = [];
  private disk: DiskQueue<T> | undefined;
  /** Set while the queue directory is being read: delivery waits for its older entries. */
  private restoring: Promise<void> | undefined;
  private saveFailed = false;
  protected sending = false;
  private closed = false;
  private wake: (() => void) | undefined;
  protected state: TargetStatus = 'offline';
  private attempted = false;
  /** Entries dropped because the queue was full. */
  dropped = 0;
  /** Entries delivered. */
  sent = 0;

  constructor(
    readonly name: string,
    private readonly queueSize: number,
    protected readonly log: Logger,
  ) {}

  /** Delivers one entry; throws when it was not delivered (it is tried again). */
  protected abstract deliver(entry: T): Promise<void>;

  /** Called once when the target closes. */
  protected stopped(): void {}

  get status(): TargetStatus {
    return this.state;
  }

  /**
   * Awaits a connection being opened; if the target was closed meanwhile, closes it again
   * and throws, so that a removed target keeps nothing open.
   */
  protected async connecting<C>(opening: Promise<C>, close: (conn: C) => void): Promise<C> {
    const conn = await opening;
    if (!this.closed) return conn;
    close(conn);
    throw new Error('target closed');
  }

  /** What the last delivery attempt showed; undefined before the first one. */
  get observedStatus(): TargetStatus | undefined {
    return this.attempted ? this.state : undefined;
  }

  /** Queues one entry; false when it was dropped. */
  send(entry: T): boolean {
    if (this.closed) return false;
    if (this.queue.length >= this.queueSize) {
      this.dropped += 1;
      return false;
    }
    this.queue.push({ entry, ...(this.disk ? { file: this.save(this.disk, entry) } : {}) });
    if (!this.sending) void this.drain();
    return true;
  }

  /**
   * Keeps waiting entries in `dir` too. Entries found there (left by an earlier run) go
   * first, then any sent meanwhile; without the directory, entries stay in memory only.
   */
  persistIn(dir: string): void {
    this.restoring = DiskQueue.open<T>(dir)
      .then(({ queue, pending }) => {
        this.disk = queue;
        const early = this.queue.splice(0);
        for (const p of pending) this.queue.push({ entry: p.entry, file: Promise.resolve(p.file) });
        for (const p of early) this.queue.push({ entry: p.entry, file: this.save(queue, p.entry) });
      })
      .catch((err: Error) =>
        this.log.warn(
          `${this.name}: queue_dir ${dir} cannot be used (${err.message}); entries are kept in memory only`,
        ),
      )
      .finally(() => {
        this.restoring = undefined;
        if (!this.sending) void this.drain();
      });
  }

  private save(disk: DiskQueue<T>, entry: T): Promise<string | undefined> {
    return disk.save(entry).catch((err: Error) => {
      if (!this.saveFailed)
        this.log.error(`${this.name}: cannot write to the queue directory: ${err.message}`, { err });
      this.saveFailed = true;
      return undefined;
    });
  }

  /** Stops delivery; entries still queued are dropped (those in a queue directory stay there). */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
    this.wake?.();
    this.stopped();
  }

  private async drain(): Promise<void> {
    if (this.restoring) return; // Drained when the directory has been read.
    this.sending = true;
    let delay = RETRY_FIRST_MS;
    let reported = false;
    while (!this.closed && this.queue.length > 0) {
      try {
        this.attempted = true;
        const first = this.queue[0]!;
        await this.deliver(first.entry);
        this.queue.shift();
        this.sent += 1;
        const file = await first.file;
        if (file) await this.disk?.remove(file).catch(() => {});
        this.state = 'online';
        delay = RETRY_FIRST_MS;
        reported = false;
      } catch (err) {
        // The entry stays first in line: order is kept, and nothing is lost while the
        // peer is down unless the queue fills.
        this.state = 'offline';
        if (!reported) {
          reported = true;
          this.log.error(`${this.name}: delivery failed: ${(err as Error).message}`, { err });
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          timer.unref();
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    }
    this.sending = false;
  }
}
