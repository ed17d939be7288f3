import { type Logger, silentLogger } from '../../../observe/logger.js';

/** What recovering a drive takes, provided by the layer. */
export interface RecoverySteps {
  /** Gives the drive its identity and structure back; false when that is not possible yet. */
  reformat(drive: number): Promise<boolean>;
  /** Opens a fresh index on the reformatted drive. */
  reopen(drive: number): Promise<void>;
  /** Copies bucket records and the system namespace to it. */
  restoreDocuments(drive: number): Promise<void>;
  /** Heals every object of every bucket (the drive gets its shards and records back). */
  healAll(): Promise<void>;
}

/**
 * Brings lost drives back: a drive found wiped or swapped is formatted again after a
 * delay (as MinIO heals a fresh disk), then every object is healed onto it. A drive that
 * cannot be formatted (unmounted, read-only) is retried with a growing pause.
 */
export class DriveRecovery {
  private readonly pending = new Set<number>();
  /** Drives lost and not yet back with their objects healed onto them. */
  private readonly owed = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private retryMs: number;
  private closed = false;

  constructor(
    private readonly steps: RecoverySteps,
    private readonly delayMs: number,
    private readonly log: Logger = silentLogger,
  ) {
    this.retryMs = delayMs;
  }

  lost(drive: number): void {
    if (this.closed) return;
    this.pending.add(drive);
    this.owed.add(drive);
    this.schedule(this.delayMs);
  }

  /** Drives being recovered: from the moment one is found lost until its objects are healed. */
  recovering(): number[] {
    return [...this.owed].sort((a, b) => a - b);
  }

  private schedule(ms: number): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // After a round still running (a retry it scheduled, or a drive lost meanwhile).
      const round = (this.running ?? Promise.resolve()).then(() => this.run());
      const tracked = round.finally(() => {
        if (this.running === tracked) this.running = undefined;
      });
      this.running = tracked;
    }, ms);
    this.timer.unref();
  }

  /** Recovers every drive reported so far; resolves when their objects are healed. */
  async run(): Promise<void> {
    const drives = [...this.pending];
    this.pending.clear();
    const back: number[] = [];
    for (const d of drives) {
      if (this.closed) return;
      try {
        if (!(await this.steps.reformat(d))) throw new Error('not writable');
        await this.steps.reopen(d);
        await this.steps.restoreDocuments(d);
        back.push(d);
        this.log.info(`drive ${d + 1} is back; healing its objects`);
      } catch {
        this.pending.add(d);
      }
    }
    if (back.length > 0) await this.steps.healAll().catch(() => {});
    // One lost again meanwhile is pending once more, and still owed.
    for (const d of back) if (!this.pending.has(d)) this.owed.delete(d);
    if (this.pending.size > 0) {
      this.retryMs = Math.min(this.retryMs * 2, 60_000);
      this.schedule(this.retryMs);
    } else {
      this.retryMs = this.delayMs;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
