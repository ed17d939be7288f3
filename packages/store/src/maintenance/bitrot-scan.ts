import { configDuration, MAX_TIMER_MS } from '../config/duration.js';
import { effective, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';
import type { Logger } from '../observe/logger.js';

// MinIO's `heal bitrotscan=on`: the scanner checks each drive's index file (as opening it
// does), then every shard block's checksum of every object as it passes, so that damage to
// data nobody reads is found and healed before a second drive fails under it. Reads check
// only the shards they open. The pace is the
// scanner's: after each object a pause of `delay` times what the object took, at most
// `max_wait`; a pass over every bucket, then `cycle` before the next.

export interface BitrotScanPolicy {
  delay: number;
  maxWaitMs: number;
  cycleMs: number;
}

// MinIO's scanner speeds (internal/config/scanner): delay multiplier, longest wait, cycle.
const SPEEDS: Record<string, BitrotScanPolicy> = {
  fastest: { delay: 0, maxWaitMs: 0, cycleMs: 1000 },
  fast: { delay: 1, maxWaitMs: 100, cycleMs: 60_000 },
  default: { delay: 2, maxWaitMs: 1000, cycleMs: 60_000 },
  slow: { delay: 10, maxWaitMs: 15_000, cycleMs: 60_000 },
  slowest: { delay: 100, maxWaitMs: 15_000, cycleMs: 30 * 60_000 },
};

/** The scan's pace; undefined while heal bitrotscan is off. */
export function bitrotScanPolicy(config: ServerConfig): BitrotScanPolicy | undefined {
  if (effective(config, subsystem('heal')!, '_').bitrotscan !== 'on') return undefined;
  return scannerPace(config);
}

/** The `scanner` sub-system's pace: `delay`, `max_wait`, `cycle` override the speed's. */
export function scannerPace(config: ServerConfig): BitrotScanPolicy {
  const scanner = effective(config, subsystem('scanner')!, '_');
  const speed = SPEEDS[scanner.speed ?? 'default'] ?? SPEEDS.default!;
  const delay = Number(scanner.delay);
  const maxWait = configDuration(scanner.max_wait ?? '');
  const cycle = configDuration(scanner.cycle ?? '');
  return {
    delay: scanner.delay && Number.isFinite(delay) && delay >= 0 ? delay : speed.delay,
    maxWaitMs: Math.min(MAX_TIMER_MS, maxWait !== undefined && maxWait >= 0 ? maxWait : speed.maxWaitMs),
    cycleMs: Math.min(MAX_TIMER_MS, cycle !== undefined && cycle > 0 ? cycle : speed.cycleMs),
  };
}

/** What a scan does, provided by the store. */
export interface ScanSteps {
  /** Every key of every bucket, a walk from the start. */
  objects(): AsyncIterable<{ bucket: string; key: string }>;
  /** Checks every shard of the key's versions and repairs what fails; the drives healed. */
  heal(bucket: string, key: string): Promise<number[]>;
  /** Checks the drives' index files (metadata has no shard checksums); the drives found damaged. */
  indexes(): Promise<number[]>;
}

export class BitrotScan {
  private policy: BitrotScanPolicy | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly steps: ScanSteps,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the configuration's policy: starts the scan, or lets it stop after its object. */
  apply(config: ServerConfig): void {
    this.policy = bitrotScanPolicy(config);
    this.wake?.(); // a pause under the old pace ends now
    if (this.policy && !this.running && !this.stopped) {
      this.running = this.loop().finally(() => {
        this.running = undefined;
      });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private get active(): boolean {
    return this.policy !== undefined && !this.stopped;
  }

  private async loop(): Promise<void> {
    while (this.active) {
      const repaired = await this.pass().catch((err: unknown) => {
        this.log.error(`bitrot scan failed: ${String(err)}`, { err });
        return 0;
      });
      if (repaired > 0) this.log.info(`bitrot scan healed ${repaired} object(s)`);
      if (this.active) await this.pause(this.policy!.cycleMs);
    }
  }

  /** One pass over the drives' indexes and every object; how many objects were healed. */
  private async pass(): Promise<number> {
    // A damaged index takes its drive offline: its objects are then healed from the others.
    for (const d of await this.steps.indexes())
      this.log.error(
        `bitrot scan found the index of drive ${d + 1} damaged; the drive is offline until it is filled again`,
      );
    let repaired = 0;
    for await (const { bucket, key } of this.steps.objects()) {
      if (!this.active) return repaired;
      const began = this.now();
      const healed = await this.steps.heal(bucket, key).catch(() => [] as number[]);
      if (healed.length > 0) repaired++;
      const policy = this.policy;
      if (policy) await this.pause(Math.min(policy.maxWaitMs, (this.now() - began) * policy.delay));
    }
    return repaired;
  }

  /** Waits `ms`, or less when the policy changes or the scan stops. */
  private pause(ms: number): Promise<void> {
    if (ms <= 0 || !this.active) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }
}
