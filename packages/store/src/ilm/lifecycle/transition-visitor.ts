import type { SystemStore } from '../../engine/system-store.js';
import type { Logger } from '../../observe/logger.js';
import type { TierConfig } from '../../tiers/tiers.js';
import type { BackgroundMetric, ScannedVersion, ScanVisitor } from '../scanner.js';
import { onlyRemote, remoteOf, restoreExpiryOf } from '../transition/transitioned.js';
import type { Transitions } from '../transition/transitions.js';
import { bucketLifecycle } from './bucket-rules.js';
import { transitionDue } from './transition-rules.js';

// The lifecycle transition engine, a scanner visitor (after expiry): a version a rule says is
// due moves to its tier, and a restored copy whose days are over is dropped, both judged by
// the scanner's clock. A move that fails (tier down, version rewritten meanwhile) leaves the
// version whole here; the next cycle meets it again and tries again.

export interface TransitionVisitorDeps {
  transitions: Pick<Transitions, 'transitionVersion' | 'expireRestored'>;
  system: SystemStore;
  /** The configured tiers: a rule naming another storage class is left alone. */
  tiers: () => Promise<TierConfig[]>;
  log: Logger;
  /** What "now" is for due dates (tests move it days ahead). */
  now: () => Date;
}

export interface TransitionCounts {
  /** Versions moved to a tier. */
  transitioned: number;
  /** Moves tried and failed (retried next cycle). */
  failed: number;
  /** Due moves to a storage class no tier is configured for. */
  unknownTier: number;
  /** Restored copies dropped once their days were over. */
  restoresExpired: number;
}

export class LifecycleTransition implements ScanVisitor {
  readonly name = 'lifecycle-transition';
  readonly counts: TransitionCounts = { transitioned: 0, failed: 0, unknownTier: 0, restoresExpired: 0 };
  private active = 0;

  constructor(private readonly deps: TransitionVisitorDeps) {}

  async visit(v: ScannedVersion): Promise<void> {
    const now = this.deps.now();
    if (remoteOf(v.info)) {
      await this.dropRestoredCopy(v, now);
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
    this.active++;
    try {
      await this.deps.transitions.transitionVersion(v.bucket, v.key, v.versionId, due.tier);
      this.counts.transitioned++;
    } catch (err) {
      this.counts.failed++;
      this.deps.log.error(
        `lifecycle: ${where} stays here for now, its move to ${due.tier} failed: ${String(err)}`,
        {
          err,
        },
      );
    } finally {
      this.active--;
    }
  }

  /** A transitioned version with a local copy past its restore expiry gives the copy up. */
  private async dropRestoredCopy(v: ScannedVersion, now: Date): Promise<void> {
    const expiry = restoreExpiryOf(v.info);
    if (onlyRemote(v.info) || !expiry || expiry > now) return;
    if (await this.deps.transitions.expireRestored(v.bucket, v.key, v.versionId, now))
      this.counts.restoresExpired++;
  }

  /** MinIO's gauge of transitions under way (the scanner moves one version at a time). */
  metrics(): BackgroundMetric[] {
    return [
      {
        name: 'minio_node_ilm_transition_active_tasks',
        type: 'gauge',
        help: 'Number of active ILM transition tasks',
        value: this.active,
      },
    ];
  }
}
