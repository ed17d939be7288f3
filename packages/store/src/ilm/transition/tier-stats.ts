import type { ObjectInfo } from '../../engine/object-layer.js';
import type { SystemStore } from '../../engine/system-store.js';
import type { Logger } from '../../observe/logger.js';
import type { ScannedVersion, ScanVisitor } from '../scanner.js';
import { remoteOf } from './transitioned.js';

// What each tier holds (madmin.TierStats: bytes, versions, and objects whose latest version
// is there). As MinIO's data-usage cache does (allTierStats), the scanner counts them while
// it walks, a finished cycle's figures replace the published ones, and they are kept with
// the system documents so that a restarted store answers before its first cycle ends.
// Between cycles, transitions and removals done here move the figures at once.

export interface TierStats {
  totalSize: number;
  numVersions: number;
  numObjects: number;
}

/** Where the last cycle's figures are kept; `version` is the shape of the document. */
export const TIER_STATS_DOC = 'ilm/tier-stats.json';
const SHAPE = 1;

interface TierStatsDoc {
  version: typeof SHAPE;
  updatedAt: string;
  tiers: Record<string, TierStats>;
}

const zero = (): TierStats => ({ totalSize: 0, numVersions: 0, numObjects: 0 });

function add(
  into: Map<string, TierStats>,
  tier: string | undefined,
  info: ObjectInfo,
  sign: 1 | -1,
  isLatest: boolean,
): void {
  if (!tier) return;
  const stats = into.get(tier) ?? zero();
  // A removal noticed here of a version the last cycle never counted must not go below zero.
  stats.totalSize = Math.max(0, stats.totalSize + sign * info.size);
  stats.numVersions = Math.max(0, stats.numVersions + sign);
  if (isLatest) stats.numObjects = Math.max(0, stats.numObjects + sign);
  // A tier holds no more objects than versions.
  stats.numObjects = Math.min(stats.numObjects, stats.numVersions);
  into.set(tier, stats);
}

export class TierUsage implements ScanVisitor {
  readonly name = 'tier-stats';
  private published = new Map<string, TierStats>();
  private counting = new Map<string, TierStats>();
  private updated: Date | undefined;
  /** The figures last written down (JSON), so that unchanged ones are not written again. */
  private kept: string | undefined;
  /** The key the cycle under way visited last (buckets and keys are walked in order). */
  private at: { bucket: string; key: string } | undefined;

  constructor(
    private readonly system: SystemStore,
    private readonly log: Logger,
  ) {}

  /** The figures the last run kept; a document of another shape is ignored (the next cycle counts). */
  async load(): Promise<void> {
    const doc = (await this.system.read(TIER_STATS_DOC).catch(() => undefined)) as TierStatsDoc | undefined;
    if (!doc) return;
    if (doc.version !== SHAPE || typeof doc.tiers !== 'object' || doc.tiers === null) {
      this.log.warn(`tier stats: ${TIER_STATS_DOC} has an unknown shape; counting again`);
      return;
    }
    this.published = new Map(Object.entries(doc.tiers).map(([tier, s]) => [tier, { ...zero(), ...s }]));
    this.updated = new Date(doc.updatedAt);
    this.kept = JSON.stringify(Object.fromEntries(this.published));
  }

  /** Per tier, as of the last cycle and what this process did since. */
  stats(): ReadonlyMap<string, TierStats> {
    return this.published;
  }

  /** When the last cycle ended (or the loaded figures were counted). */
  updatedAt(): Date | undefined {
    return this.updated;
  }

  async cycleStarted(): Promise<void> {
    this.counting = new Map();
    this.at = { bucket: '', key: '' };
  }

  async visit(entry: ScannedVersion): Promise<void> {
    this.at = { bucket: entry.bucket, key: entry.key };
    add(this.counting, remoteOf(entry.info)?.tier, entry.info, 1, entry.isLatest);
  }

  async cycleDone(): Promise<void> {
    this.published = this.counting;
    this.counting = new Map();
    this.at = undefined;
    this.updated = new Date();
    // Short cycles over a quiet store find the same figures: no write for those.
    const tiers = JSON.stringify(Object.fromEntries(this.published));
    if (tiers === this.kept) return;
    const doc: TierStatsDoc = {
      version: SHAPE,
      updatedAt: this.updated.toISOString(),
      tiers: JSON.parse(tiers),
    };
    await this.system.write(TIER_STATS_DOC, doc);
    this.kept = tiers;
  }

  /** A version whose data just went to `tier`. */
  transitioned(tier: string, info: ObjectInfo): void {
    add(this.published, tier, info, 1, info.isLatest);
    if (this.walked(info)) add(this.counting, tier, info, 1, info.isLatest);
  }

  /**
   * A transitioned version removed for good (its tier copy goes too). Whether it was its key's
   * latest, and what is latest now, the engine does not say: the object count follows at the
   * next cycle (bounded by the versions left meanwhile).
   */
  removed(info: ObjectInfo): void {
    const tier = remoteOf(info)?.tier;
    add(this.published, tier, info, -1, false);
    if (this.walked(info)) add(this.counting, tier, info, -1, false);
  }

  /**
   * Whether the cycle under way has passed the version's key (so its count needs the change
   * too); a key still ahead is counted as the walk finds it. The key being visited counts as
   * passed: visitors before this one may have just moved it.
   */
  private walked(info: ObjectInfo): boolean {
    const at = this.at;
    if (!at) return false;
    return info.bucket < at.bucket || (info.bucket === at.bucket && info.key <= at.key);
  }
}
