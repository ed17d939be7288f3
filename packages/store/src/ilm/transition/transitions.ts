import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectInfo, ObjectLayer } from '../../engine/object-layer.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import type { EventBus } from '../../observe/bucket-events.js';
import type { Logger } from '../../observe/logger.js';
import type { TierConfig } from '../../tiers/tiers.js';
import { IlmError } from '../errors.js';
import { warmBackend } from './backend-for.js';
import {
  onlyRemote,
  type RemoteData,
  remoteOf,
  restoreExpiry,
  restoreExpiryOf,
  TRANSITION_KEYS,
  transitionValues,
  withTransitionedLayout,
} from './transitioned.js';
import { TierUnavailable, type WarmBackend } from './warm-backend.js';

// Lifecycle transitions (MinIO's transitionObject, getTransitionedObjectReader,
// restoreTransitionedObject): a version's stored bytes (encrypted or compressed as they are
// kept) go to a tier under a fresh random name; only once the tier holds all of them does
// the version here give up its data. A crash before that leaves the object whole here and
// at most an orphan on the tier.

export interface TransitionDeps {
  /** The engine itself, not the read-through view of it. */
  layer: ObjectLayer;
  tiers: () => Promise<TierConfig[]>;
  outbound: OutboundPolicy;
  deploymentId: string;
  log: Logger;
  now?: () => Date;
  /** Where s3:ObjectRestore:Completed goes when a restored copy is back. */
  events?: EventBus;
  /** Told once a version's data is on its tier and released here (for the tier stats). */
  onTransitioned?: (tier: string, info: ObjectInfo) => void;
}

export type RestoreOutcome = 'restored' | 'extended';

const restoreId = (bucket: string, key: string, versionId: string) =>
  `${bucket}\u0000${key}\u0000${versionId}`;

export class Transitions {
  private readonly now: () => Date;
  /** Restores under way in this process, by version. */
  private readonly restoring = new Map<string, Promise<void>>();

  constructor(private readonly deps: TransitionDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async backend(tierName: string): Promise<WarmBackend> {
    const tier = (await this.deps.tiers()).find((t) => t.Name === tierName);
    if (!tier) throw new TierUnavailable(tierName, 'no such tier is configured');
    return warmBackend(tier, this.deps.outbound);
  }

  /** MinIO's genTransitionObjName: <hash of deployment and bucket>/<uu>/<id>/<uuid>. */
  private remoteName(bucket: string): string {
    const hash = createHash('sha256')
      .update(`${this.deps.deploymentId}/${bucket}`)
      .digest('hex')
      .slice(0, 16);
    const id = randomUUID();
    return `${hash}/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
  }

  /**
   * Moves one version's data to a tier. A version already transitioned, or a delete marker,
   * is left as it is; a version overwritten meanwhile is not touched (PreconditionFailed),
   * and its copy on the tier removed.
   */
  async transitionVersion(
    bucket: string,
    key: string,
    versionId: string | undefined,
    tierName: string,
  ): Promise<void> {
    const { layer } = this.deps;
    const found = await layer.getObjectInfo(bucket, key, versionId === undefined ? {} : { versionId });
    if (found.deleteMarker || remoteOf(found)) return;
    const tier = await this.backend(tierName);
    const remote: RemoteData = { tier: tierName, object: this.remoteName(bucket) };
    const { info, stream } = await layer.getObject(bucket, key, { versionId: found.versionId });
    await tier.put(remote.object, stream, info.storedSize);
    try {
      const held = await tier.stat(remote.object);
      if (held !== info.storedSize)
        throw new TierUnavailable(tierName, `holds ${held ?? 'nothing'} of ${info.storedSize} bytes`);
      const { 'x-amz-storage-class': _, ...headers } = info.headers;
      await layer.releaseVersionData(bucket, key, {
        versionId: info.versionId,
        etag: info.etag,
        modTime: info.modTime,
        headers: { ...headers, 'x-amz-storage-class': tierName },
        internal: { ...info.internal, ...transitionValues(info, remote) },
      });
    } catch (err) {
      await tier.remove(remote.object).catch(() => {});
      throw err;
    }
    this.deps.onTransitioned?.(tierName, info);
  }

  /** The stored bytes of a version only its tier holds (a range of them when asked). */
  async read(info: ObjectInfo, range: ByteRange | undefined): Promise<Readable> {
    const remote = remoteOf(info)!;
    try {
      const tier = await this.backend(remote.tier);
      return await tier.get(remote.object, range);
    } catch (err) {
      if (!(err instanceof TierUnavailable)) throw err;
      this.deps.log.error(`${info.bucket}/${info.key}: ${err.message}`);
      throw new IlmError('TierUnreachable', `Remote tier ${remote.tier} is unreachable`);
    }
  }

  /** Deletes a copy from its tier (the tier journal's worker calls it, and retries on failure). */
  async removeFromTier(tierName: string, object: string): Promise<void> {
    const tier = await this.backend(tierName);
    await tier.remove(object);
  }

  /**
   * RestoreObject: a local copy of a transitioned version for `days`, brought back in the
   * background (S3 answers 202 and HEAD shows ongoing-request="true" meanwhile). One restored
   * already has its expiry moved instead (200); one being restored by this process is
   * RestoreAlreadyInProgress. A restore a stopped store left ongoing starts again.
   */
  async restore(
    bucket: string,
    key: string,
    versionId: string | undefined,
    days: number,
  ): Promise<RestoreOutcome> {
    const { layer } = this.deps;
    const raw = await layer.getObjectInfo(bucket, key, versionId === undefined ? {} : { versionId });
    if (!remoteOf(raw)) throw new IlmError('NotTransitioned');
    if (this.restoring.has(restoreId(bucket, key, raw.versionId))) throw new IlmError('RestoreInProgress');
    const until = restoreExpiry(this.now(), days).toISOString();
    if (!onlyRemote(raw)) {
      await layer.updateObjectMeta(bucket, key, raw.versionId, () => ({
        internal: { [TRANSITION_KEYS.restoreExpiry]: until },
      }));
      return 'extended';
    }
    await this.resumeRestore(bucket, key, raw.versionId, until);
    return 'restored';
  }

  /**
   * Brings a version's data back for a restore marked ongoing (by restore(), or by a store
   * that stopped before it ended), unless this process is at it already. With `until`, first
   * marks the version ongoing (the copy's expiry to come); resolves once it is marked.
   */
  resumeRestore(bucket: string, key: string, versionId: string, until?: string): Promise<void> {
    const id = restoreId(bucket, key, versionId);
    if (this.restoring.has(id)) return Promise.resolve();
    const { layer, log } = this.deps;
    const ongoing = (value: string | null) =>
      layer.updateObjectMeta(bucket, key, versionId, () => ({
        internal: { [TRANSITION_KEYS.restoreOngoing]: value },
      }));
    const marked = until === undefined ? Promise.resolve() : ongoing(until).then(() => {});
    const job = marked
      .then(() => this.copyBack(bucket, key, versionId))
      .catch(async (err: unknown) => {
        log.error(`${bucket}/${key} (${versionId}): restore failed: ${String(err)}`, { err });
        // Not ongoing any more: the client may ask again.
        await ongoing(null).catch(() => {});
      })
      .finally(() => this.restoring.delete(id));
    // Claimed at once: a second request meanwhile is RestoreAlreadyInProgress.
    this.restoring.set(id, job);
    return marked;
  }

  /** Resolves once no restore runs in this process. */
  async restoresSettled(): Promise<void> {
    while (this.restoring.size > 0) await Promise.all(this.restoring.values());
  }

  private async copyBack(bucket: string, key: string, versionId: string): Promise<void> {
    const { layer } = this.deps;
    const raw = await layer.getObjectInfo(bucket, key, { versionId });
    const until = raw.internal[TRANSITION_KEYS.restoreOngoing];
    if (until === undefined || !onlyRemote(raw)) return;
    const { [TRANSITION_KEYS.restoreOngoing]: _, ...internal } = raw.internal;
    const info = withTransitionedLayout(raw);
    const body = await this.read(info, undefined);
    const restored = await layer.restoreVersionData(bucket, key, {
      versionId: raw.versionId,
      etag: raw.etag,
      modTime: raw.modTime,
      body,
      size: info.storedSize,
      internal: { ...internal, [TRANSITION_KEYS.restoreExpiry]: until },
    });
    const bus = this.deps.events;
    if (bus?.active)
      bus.publish({
        name: 's3:ObjectRestore:Completed',
        bucket,
        key,
        time: this.now(),
        size: restored.size,
        etag: restored.etag,
        ...(versionId !== 'null' ? { versionId } : {}),
        principal: '',
        requestId: '',
        host: '',
        sourceIp: '',
        userAgent: 'Internal: [ILM-Restore]',
      });
  }

  /**
   * Drops a restored copy whose days are over by `now` (the scanner calls this for the
   * versions it meets, with its own clock); whether it did.
   */
  async expireRestored(
    bucket: string,
    key: string,
    versionId: string | undefined,
    now: Date = this.now(),
  ): Promise<boolean> {
    const { layer } = this.deps;
    const raw = await layer.getObjectInfo(bucket, key, versionId === undefined ? {} : { versionId });
    const expiry = restoreExpiryOf(raw);
    if (!remoteOf(raw) || onlyRemote(raw) || !expiry || expiry > now) return false;
    const { [TRANSITION_KEYS.restoreExpiry]: _, ...internal } = raw.internal;
    await layer.releaseVersionData(bucket, key, {
      versionId: raw.versionId,
      etag: raw.etag,
      modTime: raw.modTime,
      headers: raw.headers,
      internal,
    });
    return true;
  }
}
