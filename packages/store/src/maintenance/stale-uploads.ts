import { configDuration, MAX_TIMER_MS } from '../config/duration.js';
import { effective, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';
import type { Logger } from '../observe/logger.js';

// MinIO's clean-up of abandoned multipart uploads, driven by the api subsystem: every
// stale_uploads_cleanup_interval (6h), uploads begun more than stale_uploads_expiry (24h)
// ago are aborted. Both apply as soon as they are set (api is a dynamic subsystem).

/** Shortest pause between walks, whatever the interval says: a walk reads every drive. */
const MIN_INTERVAL_MS = 1000;

export interface StaleUploadPolicy {
  intervalMs: number;
  expiryMs: number;
}

/** The policy the configuration sets; undefined (no clean-up) for a zero or negative duration. */
export function staleUploadPolicy(config: ServerConfig): StaleUploadPolicy | undefined {
  const api = effective(config, subsystem('api')!, '_');
  const intervalMs = configDuration(api.stale_uploads_cleanup_interval ?? '') ?? 6 * 3_600_000;
  const expiryMs = configDuration(api.stale_uploads_expiry ?? '') ?? 24 * 3_600_000;
  if (intervalMs <= 0 || expiryMs <= 0) return undefined;
  return { intervalMs: Math.min(MAX_TIMER_MS, Math.max(MIN_INTERVAL_MS, intervalMs)), expiryMs };
}

export class StaleUploadCleanup {
  private timer: NodeJS.Timeout | undefined;
  private policy: StaleUploadPolicy | undefined;
  private running: Promise<void> | undefined;

  constructor(
    /** Aborts uploads begun before the time given (ms); how many went. */
    private readonly abortBefore: (before: number) => Promise<number>,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the configuration's policy; a changed interval restarts the wait. */
  apply(config: ServerConfig): void {
    const next = staleUploadPolicy(config);
    const restart = next?.intervalMs !== this.policy?.intervalMs;
    this.policy = next;
    if (!restart) return;
    clearInterval(this.timer);
    this.timer = undefined;
    if (!next) return;
    this.timer = setInterval(() => void this.runOnce(), next.intervalMs);
    this.timer.unref();
  }

  /** One walk (none while one runs); resolves when it is done. */
  runOnce(): Promise<void> {
    const policy = this.policy;
    if (!policy) return Promise.resolve();
    this.running ??= this.abortBefore(this.now() - policy.expiryMs)
      .then((n) => {
        if (n > 0) this.log.info(`aborted ${n} stale multipart upload(s)`);
      })
      .catch((err: unknown) =>
        this.log.error(`cleaning up stale multipart uploads failed: ${String(err)}`, { err }),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Stops the timer and waits for a walk under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.policy = undefined;
    await this.running;
  }
}
