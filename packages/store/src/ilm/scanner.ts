import { configDuration, MAX_TIMER_MS } from '../config/duration.js';
import type { ServerConfig } from '../config/kv.js';
import type { ObjectInfo, ObjectLayer } from '../engine/object-layer.js';
import { storedTags } from '../format/object-tags.js';
import { type BitrotScanPolicy, scannerPace } from '../maintenance/bitrot-scan.js';
import type { Logger } from '../observe/logger.js';

// MinIO's data scanner (cmd/data-scanner.go): one background walk over every bucket's object
// versions and incomplete uploads, in cycles, through the object layer. It decides nothing
// itself: visitors (lifecycle expiry, and later replication, transition, heal) look at each
// version and act. After each key it sleeps `delay` times what the key took (at most
// `max_wait`), so that foreground requests keep the drives; `speed=fastest` never sleeps.

/** Environment variable that sets the pause between cycles (a Go duration), over `scanner cycle`. */
export const SCANNER_CYCLE_SETTING = 'STOWAGE_SCANNER_CYCLE';

/** One object version as the scanner met it, with what its key's other versions tell. */
export interface ScannedVersion {
  bucket: string;
  key: string;
  versionId: string;
  isLatest: boolean;
  isDeleteMarker: boolean;
  size: number;
  modTime: Date;
  /** The version's tags, decoded. */
  tags: ReadonlyMap<string, string>;
  userMeta: Record<string, string>;
  /** Everything the engine keeps of the version (retention, legal hold, internal values). */
  info: ObjectInfo;
  /** Noncurrent versions: when the next newer version was made, i.e. when this one became noncurrent. */
  successorModTime?: Date;
  /** How many noncurrent versions of the key are newer than this one (0 for the latest). */
  newerNoncurrent: number;
  /** Every version of the key, delete markers included. */
  versionCount: number;
}

/** An incomplete multipart upload (for AbortIncompleteMultipartUpload). */
export interface ScannedUpload {
  bucket: string;
  key: string;
  uploadId: string;
  initiated: Date;
}

/** A counter or gauge the metrics endpoint exposes, named as MinIO names it. */
export interface BackgroundMetric {
  name: string;
  type: 'counter' | 'gauge';
  help: string;
  value: number;
}

export interface ScanVisitor {
  name: string;
  visit(entry: ScannedVersion): Promise<void>;
  visitUpload?(upload: ScannedUpload): Promise<void>;
  /** Before the first bucket of a cycle is walked. */
  cycleStarted?(): Promise<void>;
  /** After every bucket was walked. */
  cycleDone?(): Promise<void>;
  /** What the visitor did so far, for /minio/v2/metrics/node. */
  metrics?(): BackgroundMetric[];
}

/** What the scanner walks: the object layer's listings. */
export type ScanSource = Pick<ObjectLayer, 'listBuckets' | 'listObjectVersions' | 'listMultipartUploads'>;

export interface ScannerStatus {
  cycles: number;
  /** Since the start: keys and versions visited, bucket walks begun and ended. */
  objectsScanned: number;
  versionsScanned: number;
  bucketScansStarted: number;
  bucketScansFinished: number;
  /** Versions visited by the last complete cycle. */
  lastCycleVersions: number;
  lastCycleStarted?: Date;
  lastCycleEnded?: Date;
  running: boolean;
}

/**
 * Versions (or uploads) asked for in one listing: a listing runs on the event loop, so a
 * short one keeps a foreground request from waiting long behind it.
 */
const PAGE = 25;

/** STOWAGE_SCANNER_CYCLE in milliseconds, undefined when unset; a value that is no duration throws. */
export function scannerCycleSetting(
  env: Record<string, string | undefined> = process.env,
): number | undefined {
  const raw = env[SCANNER_CYCLE_SETTING];
  if (raw === undefined || raw === '') return undefined;
  const ms = configDuration(raw);
  if (ms === undefined || ms <= 0)
    throw new Error(`${SCANNER_CYCLE_SETTING}: '${raw}' is not a positive duration (e.g. 500ms, 1m)`);
  return Math.min(MAX_TIMER_MS, ms);
}

/** The scanner's pace: the `scanner` sub-system, its cycle overridden by STOWAGE_SCANNER_CYCLE. */
export function scannerPolicy(config: ServerConfig, cycleMs?: number): BitrotScanPolicy {
  const pace = scannerPace(config);
  return cycleMs === undefined ? pace : { ...pace, cycleMs };
}

export interface ScannerOptions {
  /** Milliseconds, for pacing (what a key took). */
  clock?: () => number;
  /** Versions and uploads asked for in one listing. */
  page?: number;
  /** Foreground requests being served: while there are any, the scanner waits (up to `max_wait`). */
  inFlight?: () => number;
}

/** How often a scanner giving way to clients looks again. */
const YIELD_TICK_MS = 10;

export class Scanner {
  private readonly visitors: ScanVisitor[] = [];
  private policy: BitrotScanPolicy | undefined;
  private loopRun: Promise<void> | undefined;
  private cycleRun: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Ends the pauses under way (a test's cycle may pause beside the loop's wait). */
  private readonly wakers = new Set<() => void>();
  private readonly stats: ScannerStatus = {
    cycles: 0,
    objectsScanned: 0,
    versionsScanned: 0,
    bucketScansStarted: 0,
    bucketScansFinished: 0,
    lastCycleVersions: 0,
    running: false,
  };

  private readonly clock: () => number;
  private readonly page: number;
  private readonly inFlight: () => number;

  constructor(
    private readonly source: ScanSource,
    private readonly log: Logger,
    opts: ScannerOptions = {},
  ) {
    this.clock = opts.clock ?? Date.now;
    this.page = opts.page ?? PAGE;
    this.inFlight = opts.inFlight ?? (() => 0);
  }

  use(visitor: ScanVisitor): this {
    this.visitors.push(visitor);
    return this;
  }

  status(): ScannerStatus {
    return { ...this.stats };
  }

  /** MinIO's scanner metrics (minio_node_scanner_*), then each visitor's. */
  metrics(): BackgroundMetric[] {
    const s = this.stats;
    const counter = (name: string, help: string, value: number): BackgroundMetric => ({
      name: `minio_node_scanner_${name}`,
      type: 'counter',
      help,
      value,
    });
    return [
      counter(
        'objects_scanned',
        'Total number of unique objects scanned since server uptime',
        s.objectsScanned,
      ),
      counter(
        'versions_scanned',
        'Total number of object versions scanned since server uptime',
        s.versionsScanned,
      ),
      counter(
        'bucket_scans_started',
        'Total number of bucket scans started since server uptime',
        s.bucketScansStarted,
      ),
      counter(
        'bucket_scans_finished',
        'Total number of bucket scans finished since server uptime',
        s.bucketScansFinished,
      ),
      ...this.visitors.flatMap((v) => v.metrics?.() ?? []),
    ];
  }

  /** Takes the configuration's pace; the first call starts the cycles. */
  apply(policy: BitrotScanPolicy): void {
    this.policy = policy;
    this.wakeAll(); // a pause under the old pace ends now
    if (!this.loopRun && !this.stopped) this.loopRun = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeAll();
    await this.loopRun;
    await this.cycleRun;
  }

  /** One cycle now, after any under way (tests; a cycle never overlaps another). */
  runCycle(): Promise<void> {
    const run = this.cycleRun.then(() => this.cycle());
    this.cycleRun = run.catch(() => {});
    return run;
  }

  private async loop(): Promise<void> {
    // The first cycle waits one pause too: a store just started has other work (fresh drives).
    while (!this.stopped) {
      await this.pause(this.policy?.cycleMs ?? 60_000);
      if (this.stopped) return;
      await this.runCycle().catch((err: unknown) =>
        this.log.error(`scanner cycle failed: ${String(err)}`, { err }),
      );
    }
  }

  private async cycle(): Promise<void> {
    this.stats.running = true;
    this.stats.lastCycleStarted = new Date();
    let versions = 0;
    try {
      for (const v of this.visitors)
        await v.cycleStarted?.().catch((err: unknown) => this.failed(v, 'starting its cycle', err));
      for (const { name: bucket } of await this.source.listBuckets()) {
        if (this.stopped) return;
        this.stats.bucketScansStarted++;
        versions += await this.walkVersions(bucket);
        await this.walkUploads(bucket);
        this.stats.bucketScansFinished++;
      }
      for (const v of this.visitors)
        await v.cycleDone?.().catch((err: unknown) => this.failed(v, 'ending its cycle', err));
      this.stats.cycles++;
      this.stats.lastCycleVersions = versions;
      this.stats.lastCycleEnded = new Date();
    } finally {
      this.stats.running = false;
    }
  }

  /** Every version of the bucket, a key's versions together (newest first); how many. */
  private async walkVersions(bucket: string): Promise<number> {
    let group: ObjectInfo[] = [];
    let seen = 0;
    let keyMarker = '';
    let versionIdMarker = '';
    for (;;) {
      const listed = this.clock();
      const page = await this.source
        .listObjectVersions({
          bucket,
          prefix: '',
          delimiter: '',
          keyMarker,
          versionIdMarker,
          maxKeys: this.page,
        })
        .catch((err: unknown) => {
          // A bucket removed while walked ends its walk.
          this.log.error(`scanner: listing ${bucket} failed: ${String(err)}`, { err });
          return undefined;
        });
      if (!page) break;
      // Listing is scanner work too: it earns its pause like a key's visit.
      await this.breathe(listed);
      for (const v of page.versions) {
        if (group.length > 0 && group[0]!.key !== v.key) {
          seen += await this.visitKey(bucket, group);
          group = [];
          if (this.stopped) return seen;
        }
        group.push(v);
      }
      if (!page.isTruncated || !page.nextKeyMarker) break;
      keyMarker = page.nextKeyMarker;
      versionIdMarker = page.nextVersionIdMarker ?? '';
    }
    if (group.length > 0) seen += await this.visitKey(bucket, group);
    return seen;
  }

  private async visitKey(bucket: string, versions: ObjectInfo[]): Promise<number> {
    const began = this.clock();
    let noncurrentBefore = 0;
    for (const [i, info] of versions.entries()) {
      const entry: ScannedVersion = {
        bucket,
        key: info.key,
        versionId: info.versionId,
        isLatest: i === 0,
        isDeleteMarker: info.deleteMarker,
        size: info.size,
        modTime: info.modTime,
        tags: new Map(storedTags(info.tags).map((t) => [t.key, t.value])),
        userMeta: info.userMeta,
        info,
        ...(i > 0 ? { successorModTime: versions[i - 1]!.modTime } : {}),
        newerNoncurrent: i === 0 ? 0 : noncurrentBefore++,
        versionCount: versions.length,
      };
      for (const v of this.visitors)
        await v.visit(entry).catch((err: unknown) => this.failed(v, `${bucket}/${info.key}`, err));
    }
    this.stats.objectsScanned++;
    this.stats.versionsScanned += versions.length;
    await this.breathe(began);
    return versions.length;
  }

  private async walkUploads(bucket: string): Promise<void> {
    const visitors = this.visitors.filter((v) => v.visitUpload);
    if (visitors.length === 0) return;
    let keyMarker = '';
    let uploadIdMarker = '';
    for (;;) {
      const listed = this.clock();
      const page = await this.source
        .listMultipartUploads({
          bucket,
          prefix: '',
          delimiter: '',
          keyMarker,
          uploadIdMarker,
          maxUploads: this.page,
        })
        .catch(() => undefined);
      if (!page) return;
      await this.breathe(listed);
      for (const u of page.uploads) {
        const began = this.clock();
        const upload = { bucket, key: u.key, uploadId: u.uploadId, initiated: u.initiated };
        for (const v of visitors)
          await v.visitUpload!(upload).catch((err: unknown) => this.failed(v, `${bucket}/${u.key}`, err));
        await this.breathe(began);
      }
      if (!page.isTruncated || !page.nextKeyMarker) return;
      keyMarker = page.nextKeyMarker;
      uploadIdMarker = page.nextUploadIdMarker ?? '';
    }
  }

  private failed(v: ScanVisitor, what: string, err: unknown): void {
    this.log.error(`scanner: ${v.name} failed on ${what}: ${String(err)}`, { err });
  }

  /** MinIO's dynamic sleeper: `delay` times what the work took, at most `max_wait`. */
  private async breathe(began: number): Promise<void> {
    const p = this.policy;
    if (!p || p.delay === 0) return;
    await this.pause(Math.min(p.maxWaitMs, (this.clock() - began) * p.delay));
    await this.giveWay(p.maxWaitMs);
  }

  /** While clients are being served, waits a tick at a time, `limit` at most: they come first. */
  private async giveWay(limit: number): Promise<void> {
    for (let left = limit; left > 0 && this.inFlight() > 0 && !this.stopped; left -= YIELD_TICK_MS)
      await this.pause(Math.min(YIELD_TICK_MS, left));
  }

  /** Waits `ms`, or less when the pace changes or the scanner stops. */
  private pause(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakers.add(done);
    });
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }
}
