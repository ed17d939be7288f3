import { randomUUID } from 'node:crypto';
import type { HealDriveInfo, HealOpts as HealOptsWire, HealResultItem } from '@stowage/madmin';
import { sameSecret } from '../crypto/same-secret.js';
import { isValidBucketName } from '../engine/names.js';
import type { HealResult, MaintenanceLayer, ObjectLayer, ShardState } from '../engine/object-layer.js';
import { ApiError } from '../wire/errors.js';

// Heal sequences (madmin-protocol.md §3.8): a client starts one on a path (every bucket,
// a bucket, or a prefix in it), then polls it with its token; each poll pops the items
// healed since the previous one. A finished sequence answers polls a while longer.

/** Every setting given (the wire form of madmin's HealOpts). */
export type HealOpts = Required<HealOptsWire>;

type DriveState = HealDriveInfo;

/** An engine error's code (XMinioInsufficientReadQuorum, ...), else its message. */
const errorCode = (err: unknown): string =>
  typeof (err as { code?: unknown })?.code === 'string'
    ? String((err as { code: string }).code)
    : err instanceof Error
      ? err.message
      : String(err);

interface Sequence {
  token: string;
  path: string;
  startTime: Date;
  settings: HealOpts;
  status: 'running' | 'finished' | 'stopped';
  detail?: string;
  items: HealResultItem[];
  stop: boolean;
  endedAt?: number;
}

/** How long a finished sequence keeps answering polls. */
const KEEP_FINISHED_MS = 10 * 60 * 1000;

const overlaps = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

export class HealSequences {
  private readonly byPath = new Map<string, Sequence>();

  constructor(private readonly layer: ObjectLayer & MaintenanceLayer) {}

  private purge(): void {
    const now = Date.now();
    for (const [path, s] of this.byPath)
      if (s.endedAt !== undefined && now - s.endedAt > KEEP_FINISHED_MS) this.byPath.delete(path);
  }

  /** Starts (or force-restarts, or stops) the sequence on bucket/prefix. */
  start(
    bucket: string,
    prefix: string,
    settings: HealOpts,
    flags: { forceStart: boolean; forceStop: boolean },
    clientAddress: string,
  ): { clientToken: string; clientAddress: string; startTime: string } {
    if (bucket === '' && prefix !== '') throw new ApiError('XMinioHealMissingBucket');
    // As MinIO's extractHealInitParams: a bad name is refused at once, not found by a poll.
    if (bucket !== '' && !isValidBucketName(bucket)) throw new ApiError('InvalidBucketName');
    this.purge();
    const path = `${bucket}/${prefix}`;
    const same = this.byPath.get(path);
    const running = same?.status === 'running' ? same : undefined;
    if (flags.forceStop) {
      if (running) running.stop = true;
      return { clientToken: running?.token ?? 'unknown', clientAddress, startTime: new Date().toISOString() };
    }
    for (const s of this.byPath.values())
      if (s.status === 'running' && s.path !== path && overlaps(s.path, path))
        throw new ApiError('XMinioHealOverlappingPaths');
    if (running) {
      if (!flags.forceStart) throw new ApiError('XMinioHealAlreadyRunning');
      running.stop = true;
    }
    const seq: Sequence = {
      token: randomUUID(),
      path,
      startTime: new Date(),
      settings,
      status: 'running',
      items: [],
      stop: false,
    };
    this.byPath.set(path, seq);
    void this.run(seq, bucket, prefix).then(
      () => this.end(seq, seq.stop ? 'stopped' : 'finished'),
      (err: unknown) => this.end(seq, 'stopped', err instanceof Error ? err.message : String(err)),
    );
    return { clientToken: seq.token, clientAddress, startTime: seq.startTime.toISOString() };
  }

  /** A poll: the sequence's state and the items since the previous poll. */
  status(bucket: string, prefix: string, token: string): unknown {
    const seq = this.byPath.get(`${bucket}/${prefix}`);
    if (!seq || !sameSecret(seq.token, token)) throw new ApiError('XMinioHealInvalidClientToken');
    const items = seq.items.splice(0);
    return {
      Summary: seq.status,
      ...(seq.detail ? { Detail: seq.detail } : {}),
      StartTime: seq.startTime.toISOString(),
      Settings: seq.settings,
      Items: items.length > 0 ? items : null,
    };
  }

  private end(seq: Sequence, status: 'finished' | 'stopped', detail?: string): void {
    seq.status = status;
    if (detail) seq.detail = detail;
    seq.endedAt = Date.now();
  }

  private async run(seq: Sequence, bucket: string, prefix: string): Promise<void> {
    const buckets = bucket === '' ? (await this.layer.listBuckets()).map((b) => b.name) : [bucket];
    const drives = await this.layer.drives();
    const { dataShards, parityShards, sets } = this.layer.backendInfo();
    const { dryRun, scanMode, remove, recursive } = seq.settings;
    let id = 0;
    const push = (item: Omit<HealResultItem, 'resultId' | 'versionId' | 'setCount'>) =>
      seq.items.push({ resultId: ++id, versionId: '', setCount: sets, ...item });
    // A bucket's record is a copy on every drive: each online drive holds it once healed.
    const bucketDrives = drives.map((d) => ({ uuid: '', endpoint: d.path, state: d.state }));
    // Bucket records and configuration first: objects are no use in a bucket that vanished.
    if (!dryRun) await this.layer.healDocuments();
    for (const b of buckets) {
      if (seq.stop) return;
      await this.layer.getBucketInfo(b);
      push({
        type: 'bucket',
        bucket: b,
        object: '',
        detail: '',
        diskCount: drives.length,
        before: { drives: bucketDrives },
        after: { drives: bucketDrives },
        objectSize: 0,
      });
      // As MinIO's listAndHeal: without recursive, only the object named exactly by the
      // prefix (none for an empty one); with it, every key any drive holds under the
      // prefix: delete markers and leftovers too, not only what lists.
      if (!recursive && prefix === '') continue;
      let after: string | undefined;
      for (;;) {
        const page = await this.layer.keysToHeal(b, prefix, after, recursive ? 1000 : 1);
        const keys = recursive ? page : page.filter((k) => k === prefix);
        for (const key of keys) {
          if (seq.stop) return;
          const size = await this.layer
            .getObjectInfo(b, key)
            .then((o) => o.size)
            .catch(() => 0);
          // A deep scan (MinIO's scanMode 2) checks every shard block's checksum, not only sizes.
          const outcome = await this.layer
            .heal(b, key, { dryRun, deep: scanMode === 2, remove })
            .catch((err: unknown): HealResult => ({ healed: [], failed: errorCode(err) }));
          const on = drives.filter((d) => d.set === (outcome.set ?? d.set)).sort((x, y) => x.inSet - y.inSet);
          const states = (list: readonly ShardState[] | undefined): DriveState[] =>
            on.map((d, i) => ({
              uuid: '',
              endpoint: d.path,
              // Without the engine's word (the heal failed outright) nothing is known "ok".
              state: d.state === 'offline' ? 'offline' : (list?.[i] ?? 'unknown'),
            }));
          push({
            type: 'object',
            bucket: b,
            object: key,
            detail: itemDetail(outcome, seq.settings),
            parityBlocks: parityShards,
            dataBlocks: dataShards,
            diskCount: on.length,
            before: { drives: states(outcome.before) },
            after: { drives: states(outcome.after) },
            objectSize: size,
          });
        }
        if (!recursive || page.length < 1000) break;
        after = page.at(-1);
      }
    }
  }
}

/**
 * What an object's item says beyond its drives: a dangling object (MinIO reports it by
 * its error and drive states) removed, or left because remove was off or it was a dry
 * run; a heal that could not rebuild some version.
 */
function itemDetail(outcome: HealResult, settings: HealOpts): string {
  if (outcome.dangling === 'removed') return 'dangling object removed';
  if (outcome.dangling === 'kept')
    return settings.dryRun && settings.remove
      ? 'dangling object: would be removed (dry run)'
      : 'dangling object: not removed (heal with remove to delete it)';
  return outcome.failed ? `heal failed: ${outcome.failed}` : '';
}
