import type { Readable } from 'node:stream';
import type { BucketConfigStore } from '../engine/bucket-config-store.js';
import { EngineError } from '../engine/errors.js';
import type { ObjectInfo, ObjectLayer } from '../engine/object-layer.js';
import type { SystemStore } from '../engine/system-store.js';
import type { OutboundPolicy } from '../net/outbound.js';
import { type BucketEvent, EVENT_NAMES, type EventProbe } from '../observe/bucket-events.js';
import type { Subscribable } from '../observe/bus.js';
import type { Logger } from '../observe/logger.js';
import { type Clock, realClock, TokenBucket, throttled } from './bandwidth.js';
import { deleteReplica, putReplica, type ReplicaVersion } from './client.js';
import { DeletedTags, tagsBehindMarker } from './delete-tags.js';
import { copyReplicaMetadata, headReplica, replicationAction } from './metadata.js';
import { putReplicaInParts } from './multipart.js';
import { type JobKind, JobStore, type ReplicationJob } from './queue.js';
import { type ResyncState, type ResyncStatus, resetKey } from './resync.js';
import { Resyncs } from './resyncs.js';
import { type ReplicationRule, replicationRules, rulesFor } from './rules.js';
import {
  formatStatuses,
  parseStatuses,
  REASON_KEY,
  REPLICA,
  REPLICA_KEY,
  STATUS_KEY,
  type TargetStatus,
} from './status.js';
import { type BucketTarget, decodeTargets } from './targets.js';

// Asynchronous bucket replication (MinIO's): a write to a bucket with a matching enabled
// rule marks the version PENDING for each target and queues a persisted job; workers send it
// to the remote target, keeping the version's id and time. Failures are retried with
// exponential backoff for as long as the job exists; after FAILED_AFTER attempts the version
// shows FAILED with the reason, and still turns COMPLETED once the remote takes it.

const QUEUED_BY_WRITE: ReadonlySet<string> = new Set([
  's3:ObjectCreated:Put',
  's3:ObjectCreated:Post',
  's3:ObjectCreated:Copy',
]);

export interface ReplicatorOptions {
  layer: ObjectLayer;
  system: SystemStore;
  configs: BucketConfigStore;
  events: Subscribable<BucketEvent, EventProbe>;
  /** A version's plaintext and info (the protocol layer decrypts and decompresses). */
  read(bucket: string, key: string, versionId: string): Promise<{ info: ObjectInfo; stream: Readable }>;
  outbound: OutboundPolicy;
  log: Logger;
  clock?: Clock;
  /** Sends at once; default 4. */
  workers?: number;
  /** Backoff after the first failure, doubled per failure up to maxMs. */
  retry?: { baseMs: number; maxMs: number };
}

/** Attempts a job makes before its version shows FAILED (it is still retried). */
export const FAILED_AFTER = 3;
const DEFAULT_RETRY = { baseMs: 1000, maxMs: 5 * 60_000 };

/**
 * The longest wait between retries of a failed send, STOWAGE_REPLICATION_RETRY_MAX_MS
 * (default five minutes): tests shorten it so that a target's return is seen soon.
 */
export function replicationRetry(env: NodeJS.ProcessEnv): { retry?: { baseMs: number; maxMs: number } } {
  const raw = env.STOWAGE_REPLICATION_RETRY_MAX_MS;
  if (raw === undefined || raw === '') return {};
  const maxMs = Number(raw);
  if (!Number.isSafeInteger(maxMs) || maxMs < 1)
    throw new Error(`STOWAGE_REPLICATION_RETRY_MAX_MS: '${raw}' is not a positive number of milliseconds`);
  return { retry: { baseMs: Math.min(DEFAULT_RETRY.baseMs, maxMs), maxMs } };
}

/** Every change that makes or alters a version (its tags, retention, legal hold) is sent. */
const CREATED: ReadonlySet<string> = new Set(
  EVENT_NAMES.filter((n) => n.startsWith('s3:ObjectCreated:') && !n.endsWith('*')),
);

/** Events by name that may need a replication job queued (not those of replicas). */
const mayQueue = (name: string): boolean =>
  // What writeObject stores (PUT, POST, copy) it queues itself, before the client's answer.
  !QUEUED_BY_WRITE.has(name) &&
  (CREATED.has(name) ||
    name === 's3:ObjectRemoved:DeleteMarkerCreated' ||
    name === 's3:ObjectRemoved:Delete');

/**
 * The events the engine subscribes to, judged before they are built: a replica's PUT (to
 * count it) and what mayQueue names; every read, and most writes, are not built for it.
 */
const interest = (p: EventProbe): boolean =>
  p.replica ? p.name === 's3:ObjectCreated:Put' : mayQueue(p.name);

/** Whether an event may need a replication job queued. */
function queues(e: BucketEvent): e is BucketEvent & { versionId: string } {
  // A replica is never sent on: two-way replication without loops.
  if (e.replica || !e.versionId || e.key === '') return false;
  return mayQueue(e.name);
}

/** Whether the engine does anything with an event: count a replica, or maybe queue a job. */
const concerns = (e: BucketEvent): boolean =>
  (e.replica === true && e.name === 's3:ObjectCreated:Put') || queues(e);

/** Per target: what waits, what failed, what went. */
export interface TargetStats {
  arn: string;
  pendingCount: number;
  pendingSize: number;
  failedCount: number;
  failedSize: number;
  replicatedCount: number;
  replicatedSize: number;
  /** The target's bandwidth limit, bytes per second (0: none). */
  bandwidthLimit: number;
}

/** A bucket's replication: per target, and the replicas other stores sent to it. */
export interface BucketReplicationStats {
  targets: TargetStats[];
  replicas: { count: number; size: number };
}

/** What the protocol layers ask of replication. */
export interface ReplicationView {
  /** The status a new version of this key starts with ("<arn>=PENDING;" per target), if any. */
  pendingStatus(bucket: string, key: string, tags: string): Promise<string | undefined>;
  /**
   * Persists the jobs of a version just written PENDING (pendingStatus), before the writer
   * is answered: an acknowledged write is never left unreplicated by a crash.
   */
  queueWritten(bucket: string, info: ObjectInfo): Promise<void>;
  /**
   * Notes the tags of a version about to be deleted by its id: a tag-filtered rule judges
   * the delete by them, once the version is gone.
   */
  beforeVersionDelete(bucket: string, key: string, versionId: string): Promise<void>;
  /**
   * The status a delete marker about to be made on this key starts with (PENDING per target
   * whose rule replicates markers and covers the object), as MinIO marks it at once.
   */
  markerStatus(bucket: string, key: string): Promise<string | undefined>;
  stats(bucket: string): Promise<BucketReplicationStats>;
  /**
   * The targets of rules that let existing objects be resynced (`arn` picks one); 'none' when
   * no rule names that target at all.
   */
  resyncTargets(bucket: string, arn: string): Promise<string[] | 'none'>;
  /** Starts sending every version written before `before` to the target again. */
  startResync(bucket: string, arn: string, before: Date, resetId: string): ResyncState;
  /** The resyncs of a bucket, per target, with their status (those of earlier runs too). */
  resyncStatus(bucket: string): Promise<{ state: ResyncState; status: ResyncStatus }[]>;
}

interface Queued {
  job: ReplicationJob;
  due: number;
}

const notFound = (err: unknown): boolean =>
  ['NoSuchKey', 'NoSuchVersion', 'MethodNotAllowed'].includes((err as { code?: string }).code ?? '');

/** A version's object lock, as a PUT sets it: the target keeps the same retention and hold. */
function lockHeaders(info: ObjectInfo): Record<string, string> {
  const out: Record<string, string> = {};
  if (info.retention) {
    out['x-amz-object-lock-mode'] = info.retention.mode;
    out['x-amz-object-lock-retain-until-date'] = info.retention.until.toISOString();
  }
  if (info.legalHold !== undefined) out['x-amz-object-lock-legal-hold'] = info.legalHold ? 'ON' : 'OFF';
  return out;
}

const jobKey = (j: { bucket: string; key: string; versionId: string; arn: string }): string =>
  `${j.bucket}\n${j.key}\n${j.versionId}\n${j.arn}`;

export class Replicator implements ReplicationView {
  private readonly jobs: JobStore;
  private readonly resyncs: Resyncs;
  private readonly clock: Clock;
  private readonly retry: { baseMs: number; maxMs: number };
  private readonly queue: Queued[] = [];
  private readonly running = new Set<Promise<void>>();
  /** Jobs being sent now (a resync is done once none of its jobs is queued or here). */
  private readonly sending = new Set<ReplicationJob>();
  /** bucket, key, version and target of every job that exists (queued, waiting or sending). */
  private readonly known = new Set<string>();
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly done = new Map<string, { count: number; size: number }>();
  /** Replicas other stores sent, per bucket, since the store started. */
  private readonly replicas = new Map<string, { count: number; size: number }>();
  private readonly parsed = new Map<string, { xml: string; rules: ReplicationRule[] }>();
  private readonly deletedTags = new DeletedTags();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly unsubscribe: () => void;
  /** Events handled in order, so that a version's jobs queue as its writes happened. */
  private intake: Promise<void> = Promise.resolve();

  constructor(private readonly o: ReplicatorOptions) {
    this.jobs = new JobStore(o.system);
    this.clock = o.clock ?? realClock;
    this.resyncs = new Resyncs({
      layer: o.layer,
      system: o.system,
      log: o.log,
      clock: this.clock,
      rules: (bucket) => this.rules(bucket),
      hasJob: (bucket, key, versionId, arn) => this.known.has(jobKey({ bucket, key, versionId, arn })),
      queue: (state, v) => this.queueResync(state, v),
      jobsLeft: (state) => {
        const mine = (j: ReplicationJob) => j.resetId === state.resetId && j.attempts < FAILED_AFTER;
        return this.queue.some((q) => mine(q.job)) || [...this.sending].some(mine);
      },
    });
    this.retry = o.retry ?? DEFAULT_RETRY;
    this.unsubscribe = o.events.subscribe((e) => {
      // Events of other publishers (lifecycle, tiering) come unasked; those the engine has
      // nothing to do for are turned away before they join the chain.
      if (!concerns(e)) return;
      this.intake = this.intake
        .then(() => this.onEvent(e))
        .catch((err: unknown) =>
          o.log.error(`replication: queuing ${e.bucket}/${e.key} failed: ${String(err)}`),
        );
    }, interest);
  }

  /**
   * Picks up the jobs a previous run left, and its resyncs: their status is answered at once,
   * walks cut short go on once the jobs are known (what has a job is not queued twice).
   */
  async start(): Promise<void> {
    const loading = this.resyncs.load();
    for (const job of await this.jobs.all()) this.schedule(job);
    this.pump();
    await loading;
    this.resyncs.resume();
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.resyncs.stop();
    this.unsubscribe();
    clearTimeout(this.timer);
    await this.intake;
    await Promise.all(this.running);
  }

  /** Queued work and what went, per target of a bucket (what madmin's replication metrics show). */
  async stats(bucket: string): Promise<BucketReplicationStats> {
    const out = new Map<string, TargetStats>();
    const targets = decodeTargets(await this.o.configs.get(bucket, 'targets'));
    const of = (arn: string) => {
      let s = out.get(arn);
      if (!s) {
        const d = this.done.get(`${bucket}\n${arn}`);
        s = {
          arn,
          pendingCount: 0,
          pendingSize: 0,
          failedCount: 0,
          failedSize: 0,
          replicatedCount: d?.count ?? 0,
          replicatedSize: d?.size ?? 0,
          bandwidthLimit: targets.find((t) => t.arn === arn)?.bandwidthlimit ?? 0,
        };
        out.set(arn, s);
      }
      return s;
    };
    for (const t of targets) of(t.arn);
    for (const [k] of this.done) if (k.startsWith(`${bucket}\n`)) of(k.slice(bucket.length + 1));
    // Jobs waiting and jobs being sent both still wait for the target.
    for (const job of [...this.queue.map((q) => q.job), ...this.sending]) {
      if (job.bucket !== bucket) continue;
      const s = of(job.arn);
      if (job.attempts >= FAILED_AFTER) {
        s.failedCount++;
        s.failedSize += job.size;
      } else {
        s.pendingCount++;
        s.pendingSize += job.size;
      }
    }
    return {
      targets: [...out.values()],
      replicas: { ...(this.replicas.get(bucket) ?? { count: 0, size: 0 }) },
    };
  }

  async pendingStatus(bucket: string, key: string, tags: string): Promise<string | undefined> {
    const chosen = rulesFor(await this.rules(bucket), key, tags);
    if (chosen.length === 0) return undefined;
    return formatStatuses(new Map(chosen.map((r) => [r.arn, 'PENDING' as const])));
  }

  async resyncTargets(bucket: string, arn: string): Promise<string[] | 'none'> {
    const rules = await this.rules(bucket);
    if (arn !== '' && !rules.some((r) => r.arn === arn)) return 'none';
    const eligible = rules.filter((r) => r.existingObjects && (arn === '' || r.arn === arn));
    return [...new Set(eligible.map((r) => r.arn))];
  }

  startResync(bucket: string, arn: string, before: Date, resetId: string): ResyncState {
    return this.resyncs.start(bucket, arn, before, resetId);
  }

  resyncStatus(bucket: string): Promise<{ state: ResyncState; status: ResyncStatus }[]> {
    return this.resyncs.status(bucket);
  }

  /** A version a resync walk met: its job persisted, the version marked, the job queued. */
  private async queueResync(state: ResyncState, v: ObjectInfo): Promise<void> {
    const job = await this.jobs.add({
      bucket: state.bucket,
      key: v.key,
      versionId: v.versionId,
      kind: v.deleteMarker ? 'delete-marker' : 'object',
      arn: state.arn,
      size: v.size,
      resetId: state.resetId,
    });
    await this.mark(state.bucket, v.key, v.versionId, [state.arn], 'PENDING');
    this.schedule(job);
    this.pump();
  }

  private async rules(bucket: string): Promise<ReplicationRule[]> {
    const stored = (await this.o.configs.get(bucket, 'replication')) as { xml?: string } | undefined;
    if (!stored?.xml) {
      this.parsed.delete(bucket);
      return [];
    }
    // Every write asks: the document is parsed again only when it changed.
    const known = this.parsed.get(bucket);
    if (known?.xml === stored.xml) return known.rules;
    const rules = replicationRules(stored.xml);
    this.parsed.set(bucket, { xml: stored.xml, rules });
    return rules;
  }

  private async onEvent(e: BucketEvent): Promise<void> {
    if (e.replica && e.name === 's3:ObjectCreated:Put') {
      const r = this.replicas.get(e.bucket) ?? { count: 0, size: 0 };
      this.replicas.set(e.bucket, { count: r.count + 1, size: r.size + (e.size ?? 0) });
    }
    if (this.stopped || !queues(e)) return;
    const created = CREATED.has(e.name);
    const marker = e.name === 's3:ObjectRemoved:DeleteMarkerCreated';
    const rules = await this.rules(e.bucket).catch(() => []);
    if (rules.length === 0) return;
    let info: ObjectInfo | undefined;
    if (created) {
      info = await this.o.layer
        .getObjectInfo(e.bucket, e.key, { versionId: e.versionId })
        .catch(() => undefined);
      if (!info || info.internal[REPLICA_KEY] === REPLICA) return;
    }
    const kind: JobKind = created ? 'object' : marker ? 'delete-marker' : 'version-delete';
    const chosen = rulesFor(rules, e.key, await this.tagsOf(e, kind, rules, info)).filter((r) =>
      kind === 'delete-marker' ? r.deleteMarkers : kind === 'version-delete' ? r.versionDeletes : true,
    );
    if (chosen.length === 0) return;
    const arns = chosen.map((r) => r.arn);
    // Marked before the job may run: a fast send must not be overwritten by PENDING.
    if (kind !== 'version-delete') await this.mark(e.bucket, e.key, e.versionId, arns, 'PENDING');
    await this.enqueue(e.bucket, e.key, e.versionId, kind, arns, info?.size ?? 0);
    this.pump();
  }

  /** The tags a rule's filter judges the change by (a delete: the object's before it). */
  private async tagsOf(
    e: BucketEvent,
    kind: JobKind,
    rules: ReplicationRule[],
    info: ObjectInfo | undefined,
  ): Promise<string> {
    if (kind === 'object') return info?.tags ?? '';
    if (kind === 'version-delete') return this.deletedTags.take(e.bucket, e.key, e.versionId ?? '') ?? '';
    if (!rules.some((r) => r.deleteMarkers && r.tags.length > 0)) return '';
    return tagsBehindMarker(this.o.layer, e.bucket, e.key, e.versionId ?? '').catch(() => '');
  }

  async markerStatus(bucket: string, key: string): Promise<string | undefined> {
    const rules = (await this.rules(bucket)).filter((r) => r.deleteMarkers);
    if (rules.length === 0) return undefined;
    const latest = await this.o.layer.getObjectInfo(bucket, key).catch(() => undefined);
    const chosen = rulesFor(rules, key, latest?.tags ?? '');
    if (chosen.length === 0) return undefined;
    return formatStatuses(new Map(chosen.map((r) => [r.arn, 'PENDING' as const])));
  }

  async beforeVersionDelete(bucket: string, key: string, versionId: string): Promise<void> {
    const rules = await this.rules(bucket).catch(() => []);
    if (!rules.some((r) => r.versionDeletes && r.tags.length > 0)) return;
    const info = await this.o.layer.getObjectInfo(bucket, key, { versionId }).catch(() => undefined);
    if (info) this.deletedTags.remember(bucket, key, versionId, info.tags);
  }

  async queueWritten(bucket: string, info: ObjectInfo): Promise<void> {
    const arns = [...parseStatuses(info.internal[STATUS_KEY])]
      .filter(([, st]) => st === 'PENDING')
      .map(([arn]) => arn);
    if (arns.length > 0) await this.enqueue(bucket, info.key, info.versionId, 'object', arns, info.size);
  }

  /** A job for the workers to run now. */
  private schedule(job: ReplicationJob): void {
    this.known.add(jobKey(job));
    this.queue.push({ job, due: this.clock.now() });
  }

  /**
   * A version the scanner meets: one shown PENDING or FAILED for a target that has no job
   * (a crash came between its write and its job) gets one, as MinIO's scanner re-queues.
   */
  async revisit(bucket: string, info: ObjectInfo): Promise<void> {
    if (this.stopped || info.internal[REPLICA_KEY] === REPLICA) return;
    const lost = [...parseStatuses(info.internal[STATUS_KEY])]
      .filter(
        ([arn, st]) =>
          st !== 'COMPLETED' &&
          !this.known.has(jobKey({ bucket, key: info.key, versionId: info.versionId, arn })),
      )
      .map(([arn]) => arn);
    const kind: JobKind = info.deleteMarker ? 'delete-marker' : 'object';
    if (lost.length > 0) await this.enqueue(bucket, info.key, info.versionId, kind, lost, info.size);
  }

  /** Persists a job per target, then hands them to the workers. */
  private async enqueue(
    bucket: string,
    key: string,
    versionId: string,
    kind: JobKind,
    arns: string[],
    size: number,
  ): Promise<void> {
    const jobs: ReplicationJob[] = [];
    for (const arn of arns) jobs.push(await this.jobs.add({ bucket, key, versionId, kind, arn, size }));
    for (const job of jobs) this.schedule(job);
    this.pump();
  }

  /** Sets the status of some targets on the source version (gone: nothing to mark). */
  private async mark(
    bucket: string,
    key: string,
    versionId: string,
    arns: string[],
    status: TargetStatus,
    reason?: string,
    extra: Record<string, string> = {},
  ): Promise<void> {
    await this.o.layer
      .updateObjectMeta(bucket, key, versionId, (info) => {
        const all = parseStatuses(info.internal[STATUS_KEY]);
        for (const arn of arns) all.set(arn, status);
        return {
          internal: { [STATUS_KEY]: formatStatuses(all), [REASON_KEY]: reason ?? null, ...extra },
        };
      })
      .catch((err: unknown) => {
        if (!notFound(err)) throw err;
      });
  }

  private pump(): void {
    if (this.stopped) return;
    const workers = this.o.workers ?? 4;
    const now = this.clock.now();
    this.queue.sort((a, b) => a.due - b.due);
    while (this.running.size < workers && this.queue[0] && this.queue[0].due <= now) {
      const next = this.queue.shift()!;
      this.sending.add(next.job);
      const run: Promise<void> = this.run(next.job).finally(() => {
        this.sending.delete(next.job);
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
    clearTimeout(this.timer);
    const first = this.queue[0];
    if (first && this.running.size < workers) {
      this.timer = setTimeout(() => this.pump(), Math.max(0, first.due - now));
      this.timer.unref();
    }
  }

  private async run(job: ReplicationJob): Promise<void> {
    try {
      const target = await this.target(job);
      if (!target) {
        // The target was removed: nothing will ever take this job.
        await this.finish(job, 'FAILED', 'remote target removed');
        return;
      }
      const sent = await this.send(job, target);
      await this.finish(job, sent ? 'COMPLETED' : undefined);
    } catch (err) {
      await this.failed(job, err instanceof Error ? err.message : String(err)).catch((e: unknown) =>
        this.o.log.error(`replication: ${job.bucket}/${job.key}: ${String(e)}`),
      );
    }
  }

  private async target(job: ReplicationJob): Promise<BucketTarget | undefined> {
    const targets = decodeTargets(await this.o.configs.get(job.bucket, 'targets'));
    return targets.find((t) => t.arn === job.arn);
  }

  /** Sends the job's change; false when the source version is gone (nothing left to send). */
  private async send(job: ReplicationJob, target: BucketTarget): Promise<boolean> {
    if (job.kind === 'version-delete') {
      await deleteReplica(
        target,
        { key: job.key, versionId: job.versionId, modTime: new Date(), marker: false },
        this.o.outbound,
      );
      return true;
    }
    if (job.kind === 'delete-marker') {
      const modTime = await this.markerTime(job);
      if (!modTime) return false;
      await deleteReplica(
        target,
        { key: job.key, versionId: job.versionId, modTime, marker: true },
        this.o.outbound,
      );
      return true;
    }
    const read = await this.o.read(job.bucket, job.key, job.versionId).catch((err: unknown) => {
      if (notFound(err)) return undefined;
      throw err;
    });
    if (!read) return false;
    const { info, stream } = read;
    try {
      const remote = await headReplica(target, job.key, job.versionId, this.o.outbound);
      if (replicationAction(info, remote) === 'metadata') {
        await copyReplicaMetadata(target, { ...info, lock: lockHeaders(info) }, this.o.outbound);
        return true;
      }
      const version: ReplicaVersion = {
        key: job.key,
        versionId: job.versionId,
        modTime: info.modTime,
        body: this.throttle(target, stream),
        size: info.size,
        contentType: info.contentType,
        userMeta: info.userMeta,
        headers: { ...info.headers, ...lockHeaders(info) },
        tags: info.tags,
      };
      // Uploaded in parts: sent in the same parts, so that the replica's ETag is the source's.
      if (info.parts.length > 1)
        await putReplicaInParts(
          target,
          version,
          info.parts.map((p) => p.size),
          this.o.outbound,
        );
      else await putReplica(target, version, this.o.outbound);
    } finally {
      stream.destroy();
    }
    return true;
  }

  /** When the job's delete marker was made; undefined once it is gone. */
  private async markerTime(job: ReplicationJob): Promise<Date | undefined> {
    try {
      await this.o.layer.getObjectInfo(job.bucket, job.key, { versionId: job.versionId });
      return undefined; // not a delete marker (the id names an object version)
    } catch (err) {
      // A delete marker's version is no object: the engine says so, with its time.
      if (err instanceof EngineError && err.detail.deleteMarker && err.detail.modTime)
        return err.detail.modTime;
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  /** The target's bandwidth limit on what is sent to it (one bucket per target, shared). */
  private throttle(target: BucketTarget, stream: Readable): Readable {
    const rate = target.bandwidthlimit ?? 0;
    if (rate <= 0) return stream;
    let bucket = this.buckets.get(target.arn);
    if (!bucket || bucket.rate !== rate) {
      bucket = new TokenBucket(rate, this.clock);
      this.buckets.set(target.arn, bucket);
    }
    return throttled(stream, bucket);
  }

  private async finish(
    job: ReplicationJob,
    status: TargetStatus | undefined,
    reason?: string,
  ): Promise<void> {
    // A version a resync sent keeps the reset's id (as MinIO's replication-reset metadata):
    // a resync resumed after a restart does not send it again.
    const reset = status === 'COMPLETED' && job.resetId ? { [resetKey(job.arn)]: job.resetId } : {};
    if (status && job.kind !== 'version-delete')
      await this.mark(job.bucket, job.key, job.versionId, [job.arn], status, reason, reset);
    await this.jobs.remove(job);
    this.known.delete(jobKey(job));
    if (status === 'COMPLETED') {
      this.resyncs.sent(job);
      const k = `${job.bucket}\n${job.arn}`;
      const d = this.done.get(k) ?? { count: 0, size: 0 };
      this.done.set(k, { count: d.count + 1, size: d.size + job.size });
    }
  }

  private async failed(job: ReplicationJob, reason: string): Promise<void> {
    job.attempts++;
    job.reason = reason;
    await this.jobs.save(job);
    if (job.attempts === FAILED_AFTER && job.kind !== 'version-delete') {
      this.o.log.error(`replication: ${job.bucket}/${job.key} (${job.versionId}) to ${job.arn}: ${reason}`);
      await this.mark(job.bucket, job.key, job.versionId, [job.arn], 'FAILED', reason);
      this.resyncs.failed(job);
    }
    const wait = Math.min(this.retry.maxMs, this.retry.baseMs * 2 ** (job.attempts - 1));
    this.queue.push({ job, due: this.clock.now() + wait });
  }
}
