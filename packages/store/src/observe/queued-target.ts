// What every delivery target shares: entries wait in a bounded in-memory queue and are
// delivered one at a time, in order, retried with backoff while the peer is down. The
// request path never waits for delivery; a full queue drops (and counts) rather than grows.

export type TargetStatus = 'online' | 'offline';

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

export abstract class QueuedTarget<T> {
  private readonly queue: T[] = [];
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
    protected readonly log: (line: string) => void,
  ) {}

  /** Delivers one entry; throws when it was not delivered (it is tried again). */
  protected abstract deliver(entry: T): Promise<void>;

  /** Called once when the target closes. */
  protected stopped(): void {}

  get status(): TargetStatus {
    return this.state;
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
    this.queue.push(entry);
    if (!this.sending) void this.drain();
    return true;
  }

  /** Stops delivery; entries still queued are dropped. */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
    this.wake?.();
    this.stopped();
  }

  private async drain(): Promise<void> {
    this.sending = true;
    let delay = RETRY_FIRST_MS;
    let reported = false;
    while (!this.closed && this.queue.length > 0) {
      try {
        this.attempted = true;
        await this.deliver(this.queue[0]!);
        this.queue.shift();
        this.sent += 1;
        this.state = 'online';
        delay = RETRY_FIRST_MS;
        reported = false;
      } catch (err) {
        // The entry stays first in line: order is kept, and nothing is lost while the
        // peer is down unless the queue fills.
        this.state = 'offline';
        if (!reported) {
          reported = true;
          this.log(`${this.name}: delivery failed: ${(err as Error).message}`);
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
