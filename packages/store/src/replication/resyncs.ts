import type { ObjectInfo, ObjectLayer } from '../engine/object-layer.js';
import type { SystemStore } from '../engine/system-store.js';
import type { Logger } from '../observe/logger.js';
import type { Clock } from './bandwidth.js';
import type { ReplicationJob } from './queue.js';
import { type ResyncState, type ResyncStatus, resetKey } from './resync.js';
import { ResyncStore } from './resync-store.js';
import { type ReplicationRule, rulesFor } from './rules.js';
import { REPLICA, REPLICA_KEY } from './status.js';

// The resyncs of the replicator (`mc replicate resync`): per bucket and target, a walk that
// hands every version written before a date to the replicator's job queue, its progress
// counted from those jobs, all kept (ResyncStore) so that a restart answers the status and
// goes on with a walk cut short.

export interface ResyncDeps {
  layer: ObjectLayer;
  system: SystemStore;
  log: Logger;
  clock: Clock;
  /** The bucket's replication rules. */
  rules(bucket: string): Promise<ReplicationRule[]>;
  /** Whether a job already exists for this version and target. */
  hasJob(bucket: string, key: string, versionId: string, arn: string): boolean;
  /** Persists and queues the job of one version for the resync's target, marked PENDING. */
  queue(state: ResyncState, version: ObjectInfo): Promise<void>;
  /** Whether jobs of this resync still wait or are being sent (not counted failed yet). */
  jobsLeft(state: ResyncState): boolean;
}

const stateKey = (bucket: string, arn: string) => `${bucket}\n${arn}`;

export class Resyncs {
  private readonly store: ResyncStore;
  /** The last resync per bucket and target. */
  private readonly states = new Map<string, ResyncState>();
  /** The resyncs of earlier runs, being read (set by load). */
  private loading: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly d: ResyncDeps) {
    this.store = new ResyncStore(d.system);
  }

  /** Reads the resyncs of earlier runs; their status is answered once this is done. */
  load(): Promise<void> {
    this.loading = this.store.all().then((kept) => {
      // A resync started since this run began is newer than the kept one.
      for (const state of kept) {
        const k = stateKey(state.bucket, state.arn);
        if (!this.states.has(k)) this.states.set(k, state);
      }
    });
    return this.loading;
  }

  /** Goes on with the walks an earlier run cut short (once its jobs are queued again). */
  resume(): void {
    for (const state of this.states.values()) if (!state.walked) this.runWalk(state);
  }

  stop(): void {
    this.stopped = true;
  }

  start(bucket: string, arn: string, before: Date, resetId: string): ResyncState {
    const state: ResyncState = {
      arn,
      resetId,
      startTime: new Date(this.d.clock.now()),
      before,
      walked: false,
      queued: 0,
      replicatedCount: 0,
      replicatedSize: 0,
      failedCount: 0,
      failedSize: 0,
      bucket,
      object: '',
    };
    this.states.set(stateKey(bucket, arn), state);
    this.save(bucket);
    this.runWalk(state);
    return state;
  }

  async status(bucket: string): Promise<{ state: ResyncState; status: ResyncStatus }[]> {
    await this.loading;
    return this.statusNow(bucket);
  }

  /** A job of a resync went: counted in its progress. */
  sent(job: ReplicationJob): void {
    const state = this.of(job);
    if (!state) return;
    state.replicatedCount++;
    state.replicatedSize += job.size;
    this.save(job.bucket);
  }

  /** A job of a resync now shows FAILED: counted in its progress. */
  failed(job: ReplicationJob): void {
    const state = this.of(job);
    if (!state) return;
    state.failedCount++;
    state.failedSize += job.size;
    this.save(job.bucket);
  }

  private of(job: ReplicationJob): ResyncState | undefined {
    const state = job.resetId ? this.states.get(stateKey(job.bucket, job.arn)) : undefined;
    return state?.resetId === job.resetId ? state : undefined;
  }

  private runWalk(state: ResyncState): void {
    const { bucket, arn } = state;
    void this.walk(state)
      .then(() => {
        if (!this.stopped) state.walked = true;
      })
      .catch((err: unknown) => {
        state.error = String(err);
        state.walked = true;
        this.d.log.error(`replication: resync of ${bucket} to ${arn} failed: ${String(err)}`);
      })
      .finally(() => {
        this.statusNow(bucket); // stamps the end time if nothing was queued
        this.save(bucket);
      });
  }

  /** Keeps a bucket's resyncs (status, counters, where the walk got to) for the next run. */
  private save(bucket: string): void {
    const states = [...this.states.values()].filter((s) => s.bucket === bucket);
    this.store
      .save(bucket, states)
      .catch((err: unknown) => this.d.log.error(`replication: keeping resync of ${bucket}: ${String(err)}`));
  }

  private statusNow(bucket: string): { state: ResyncState; status: ResyncStatus }[] {
    const out: { state: ResyncState; status: ResyncStatus }[] = [];
    for (const state of this.states.values()) {
      if (state.bucket !== bucket) continue;
      let status: ResyncStatus = 'Ongoing';
      if (state.walked && !this.d.jobsLeft(state)) {
        status = state.error || state.failedCount > 0 ? 'Failed' : 'Completed';
        if (!state.endTime) {
          state.endTime = new Date(this.d.clock.now());
          this.save(bucket);
        }
      }
      out.push({ state, status });
    }
    return out;
  }

  /**
   * Queues every version of the bucket written before `state.before` that the target's rule
   * covers, from where a previous run got to (a version that already has a job is skipped).
   */
  private async walk(state: ResyncState): Promise<void> {
    const { bucket, arn, before } = state;
    let keyMarker = state.resumeAt?.key ?? '';
    let versionIdMarker = state.resumeAt?.versionId ?? '';
    for (;;) {
      if (this.stopped) return;
      const page = await this.d.layer.listObjectVersions({
        bucket,
        prefix: '',
        delimiter: '',
        keyMarker,
        versionIdMarker,
        maxKeys: 1000,
      });
      const rules = (await this.d.rules(bucket)).filter((r) => r.arn === arn);
      for (const v of page.versions) {
        if (v.modTime > before || v.internal[REPLICA_KEY] === REPLICA) continue;
        const rule = rulesFor(rules, v.key, v.tags)[0];
        if (!rule || (v.deleteMarker && !rule.deleteMarkers)) continue;
        // Resumed after a restart: what this resync already sent, or has a job for, is not queued again.
        if (v.internal[resetKey(arn)] === state.resetId) continue;
        if (this.d.hasJob(bucket, v.key, v.versionId, arn)) continue;
        await this.d.queue(state, v);
        state.queued++;
        state.object = v.key;
      }
      if (!page.isTruncated || page.nextKeyMarker === undefined) return;
      keyMarker = page.nextKeyMarker;
      versionIdMarker = page.nextVersionIdMarker ?? '';
      // Every job of this page is kept: a restart goes on from the next one.
      state.resumeAt = { key: keyMarker, versionId: versionIdMarker };
      this.save(bucket);
    }
  }
}
