import type { SystemStore } from '../../engine/system-store.js';
import type { Logger } from '../../observe/logger.js';
import type { TierConfig } from '../../tiers/tiers.js';
import type { BackgroundMetric, ScannedVersion, ScanVisitor } from '../scanner.js';
import { TransitionQueue, type TransitionTask } from '../transition/transition-queue.js';
import { onlyRemote, remoteOf, restoreExpiryOf, restoreOngoing } from '../transition/transitioned.js';
import type { Transitions } from '../transition/transitions.js';
import { bucketLifecycle } from './bucket-rules.js';
import { transitionDue } from './transition-rules.js';

// The lifecycle transition engine, a scanner visitor (after expiry): a version a rule says is
// due moves to its tier, and a restored copy whose days are over is dropped, both judged by
// the scanner's clock. Moves go through a worker queue (MinIO's transitionState), so the walk
// never waits on a tier. A move that fails (tier down, version rewritten meanwhile) leaves the
// version whole here; the next cycle meets it again and queues it again.

export interface TransitionVisitorDeps {
  transitions: Pick<Transitions, 'transitionVersion' | 'expireRestored' | 'resumeRestore'>;
  system: SystemStore;
  /** The configured tiers: a rule naming another storage class is left alone. */
  tiers: () => Promise<TierConfig[]>;
  log: Logger;
  /** What "now" is for due dates (tests move it days ahead). */
  now: () => Date;
  /** How many tasks may wait (MinIO's 100000); more are dropped until the next cycle. */
  queueCapacity?: number;
}

export interface TransitionCounts {
  /** Versions moved to a tier. */
  transitioned: number;
  /** Moves tried and failed (queued again next cycle). */
  failed: number;
  /** Due moves to a storage class no tier is configured for. */
  unknownTier: number;
  /** Restored copies dropped once their days were over. */
  restoresExpired: number;
}

export class LifecycleTransition implements ScanVisitor {
  readonly name = 'lifecycle-transition';
  readonly counts: TransitionCounts = { transitioned: 0, failed: 0, unknownTier: 0, restoresExpired: 0 };
  /** Due moves waiting for, or in the hands of, a worker. */
  readonly queue: TransitionQueue;

  constructor(private readonly deps: TransitionVisitorDeps) {
    this.queue = new TransitionQueue((task) => this.move(task), deps.queueCapacity);
  }

  async visit(v: ScannedVersion): Promise<void> {
    const now = this.deps.now();
    if (remoteOf(v.info)) {
      // A restore a stopped store left ongoing starts again (a no-op while one runs).
      if (restoreOngoing(v.info)) void this.deps.transitions.resumeRestore(v.bucket, v.key, v.versionId);
      else await this.dropRestoredCopy(v, now);
      return;
    }
    const rules = await bucketLifecycle(this.deps.system, v.bucket, this.deps.log);
    if (rules.length === 0) return;
    const due = transitionDue(rules, v, now);
    if (!due) return;
    const where = `${v.bucket}/${v.key} (${v.versionId})`;
    if (!(await this.deps.tiers()).some((t) => t.Name === due.tier)) {
      this.counts.unknownTier++;
      this.deps.log.warn(`lifecycle: rule ${due.ruleId} moves ${where} to ${due.tier}, which is no tier`);
      return;
    }
    this.queue.enqueue({ bucket: v.bucket, key: v.key, versionId: v.versionId, tier: due.tier });
  }

  private async move(task: TransitionTask): Promise<void> {
    try {
      await this.deps.transitions.transitionVersion(task.bucket, task.key, task.versionId, task.tier);
      this.counts.transitioned++;
    } catch (err) {
      this.counts.failed++;
      this.deps.log.error(
        `lifecycle: ${task.bucket}/${task.key} (${task.versionId}) stays here for now, its move to ${task.tier} failed: ${String(err)}`,
        { err },
      );
    }
  }

  /** A transitioned version with a local copy past its restore expiry gives the copy up. */
  private async dropRestoredCopy(v: ScannedVersion, now: Date): Promise<void> {
    const expiry = restoreExpiryOf(v.info);
    if (onlyRemote(v.info) || !expiry || expiry > now) return;
    if (await this.deps.transitions.expireRestored(v.bucket, v.key, v.versionId, now))
      this.counts.restoresExpired++;
  }

  metrics(): BackgroundMetric[] {
    return this.queue.metrics();
  }
}
