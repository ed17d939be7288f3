import { bucketSettings, versioningOf } from '../../engine/bucket-settings.js';
import type { ObjectInfo, ObjectLayer } from '../../engine/object-layer.js';
import type { SystemStore } from '../../engine/system-store.js';
import { versionLocked } from '../../engine/version-lock.js';
import type { EventBus } from '../../observe/bucket-events.js';
import type { Logger } from '../../observe/logger.js';
import { IlmError } from '../errors.js';
import type { BackgroundMetric, ScannedUpload, ScannedVersion, ScanVisitor } from '../scanner.js';
import { bucketLifecycle } from './bucket-rules.js';
import { expiryAction, uploadAbortDue } from './rules.js';

// The lifecycle expiry engine, a scanner visitor: each version (and incomplete upload) the
// scanner meets is judged against its bucket's rules at `now`, and what is due goes as a
// client's delete would: a current version of a versioned bucket gets a delete marker, an
// unversioned one is deleted, a noncurrent version or lone delete marker is removed for good,
// never one that object lock still holds. Deletions are announced as MinIO's ILM does.

/** The user agent MinIO's expiry events carry. */
const ILM_AGENT = 'Internal: [ILM-Expiry]';

export interface ExpiryDeps {
  layer: Pick<ObjectLayer, 'deleteObject' | 'abortMultipartUpload' | 'listObjectVersions'>;
  system: SystemStore;
  events?: EventBus;
  log: Logger;
  /** What "now" is for due dates (tests move it days ahead). */
  now: () => Date;
}

export interface ExpiryCounts {
  /** Versions checked against a bucket's rules. */
  checked: number;
  /** Current versions given a delete marker or deleted. */
  expired: number;
  /** Noncurrent versions and delete markers removed for good. */
  removed: number;
  abortedUploads: number;
  /** Versions due but kept by object lock. */
  locked: number;
}

/** The engine's check before it removes a version: a locked one is not removed. */
const lockGuard =
  (now: Date) =>
  (info: ObjectInfo): void => {
    // The text S3 answers a refused delete with, as the scanner's log showed it before.
    if (versionLocked(info, false, now))
      throw new IlmError('VersionLocked', 'Access Denied because object protected by object lock.');
  };

export class LifecycleExpiry implements ScanVisitor {
  readonly name = 'lifecycle-expiry';
  readonly counts: ExpiryCounts = { checked: 0, expired: 0, removed: 0, abortedUploads: 0, locked: 0 };

  constructor(private readonly deps: ExpiryDeps) {}

  async visit(v: ScannedVersion): Promise<void> {
    const rules = await bucketLifecycle(this.deps.system, v.bucket, this.deps.log);
    if (rules.length === 0) return;
    this.counts.checked++;
    const now = this.deps.now();
    const action = expiryAction(rules, v, now);
    if (action.kind === 'none') return;
    const settings = await bucketSettings(this.deps, v.bucket);
    const { layer } = this.deps;
    if (action.kind === 'expire-current') {
      // On a versioned bucket (every object-lock bucket is) a delete marker: nothing is
      // removed, so object lock allows it; the guard covers a version that would go for good.
      const versioning = versioningOf(settings, v.key);
      const result = await layer.deleteObject(v.bucket, v.key, {
        versioning,
        whileLatest: v.versionId,
        ...(settings.objectLock ? { guard: lockGuard(now) } : {}),
      });
      if (result.skipped) return; // written again since the scanner saw it
      this.counts.expired++;
      this.announce(
        v,
        result.deleteMarker ? 's3:ObjectRemoved:DeleteMarkerCreated' : 's3:ObjectRemoved:Delete',
        result.versionId,
      );
      return;
    }
    if (action.kind === 'remove-all-versions') {
      const guard = settings.objectLock ? lockGuard(now) : undefined;
      await this.removeAllVersions(v, action.delMarker, guard);
      return;
    }
    if (settings.objectLock && this.lockHolds(v.info, now)) return;
    const removed = await layer.deleteObject(v.bucket, v.key, {
      versionId: v.versionId,
      versioning: settings.versioning,
      // A lone delete marker goes only while nothing was written over it.
      ...(v.isLatest ? { whileLatest: v.versionId } : {}),
      ...(settings.objectLock ? { guard: lockGuard(now) } : {}),
    });
    if (removed.skipped) return;
    this.counts.removed++;
    this.announce(v, 's3:ObjectRemoved:Delete', v.versionId);
  }

  /**
   * Every version of the key, newest first, the latest only while it is still the one judged.
   * Object-lock buckets refuse these rules; `guard` still stops at a locked version.
   */
  private async removeAllVersions(
    v: ScannedVersion,
    delMarker: boolean,
    guard: ((info: ObjectInfo) => void) | undefined,
  ): Promise<void> {
    const { layer } = this.deps;
    const ids: string[] = [];
    let keyMarker = '';
    let versionIdMarker = '';
    for (;;) {
      const page = await layer.listObjectVersions({
        bucket: v.bucket,
        prefix: v.key,
        delimiter: '',
        keyMarker,
        versionIdMarker,
        maxKeys: 1000,
      });
      const mine = page.versions.filter((x) => x.key === v.key);
      ids.push(...mine.map((x) => x.versionId));
      // Keys that only begin with this one come after all of its versions.
      if (!page.isTruncated || mine.length < page.versions.length || !page.nextKeyMarker) break;
      keyMarker = page.nextKeyMarker;
      versionIdMarker = page.nextVersionIdMarker ?? '';
    }
    if (ids[0] !== v.versionId) return; // written again since the scanner saw it
    for (const [i, versionId] of ids.entries()) {
      const done = await layer.deleteObject(v.bucket, v.key, {
        versionId,
        versioning: 'enabled',
        ...(i === 0 ? { whileLatest: versionId } : {}),
        ...(guard ? { guard } : {}),
      });
      if (done.skipped) return;
      this.counts.removed++;
    }
    this.announce(
      v,
      delMarker ? 's3:LifecycleDelMarkerExpiration:Delete' : 's3:ObjectRemoved:DeleteAllVersions',
      undefined,
    );
  }

  async visitUpload(u: ScannedUpload): Promise<void> {
    const rules = await bucketLifecycle(this.deps.system, u.bucket, this.deps.log);
    if (rules.length === 0) return;
    if (!uploadAbortDue(rules, u.key, u.initiated, this.deps.now())) return;
    await this.deps.layer.abortMultipartUpload(u.bucket, u.key, u.uploadId);
    this.counts.abortedUploads++;
  }

  /** MinIO's names: versions checked, and each action's outcomes (DeleteAction, DeleteVersionAction). */
  metrics(): BackgroundMetric[] {
    const counter = (name: string, help: string, value: number): BackgroundMetric => ({
      name: `minio_node_ilm_${name}`,
      type: 'counter',
      help,
      value,
    });
    const outcome = 'Total action outcome of lifecycle checks since server uptime';
    return [
      counter(
        'versions_scanned',
        'Total number of object versions checked for ilm actions since server uptime',
        this.counts.checked,
      ),
      counter('action_count_delete_action', outcome, this.counts.expired),
      counter('action_count_delete_version_action', outcome, this.counts.removed),
    ];
  }

  /** Retention not yet over, or a legal hold: the version stays, whatever the rules say. */
  private lockHolds(info: ObjectInfo, now: Date): boolean {
    if (!versionLocked(info, false, now)) return false;
    this.counts.locked++;
    return true;
  }

  private announce(v: ScannedVersion, name: string, versionId: string | undefined): void {
    const bus = this.deps.events;
    if (!bus?.active) return;
    bus.publish({
      name,
      bucket: v.bucket,
      key: v.key,
      time: new Date(),
      ...(versionId && versionId !== 'null' ? { versionId } : {}),
      principal: '',
      requestId: '',
      host: '',
      sourceIp: '',
      userAgent: ILM_AGENT,
    });
  }
}
