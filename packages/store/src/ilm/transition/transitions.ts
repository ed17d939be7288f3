import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectInfo, ObjectLayer } from '../../engine/object-layer.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import type { Logger } from '../../observe/logger.js';
import { ApiError } from '../../s3/errors.js';
import type { TierConfig } from '../../tiers/tiers.js';
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
  /** Told once a version's data is on its tier and released here (for the tier stats). */
  onTransitioned?: (tier: string, info: ObjectInfo) => void;
}

export type RestoreOutcome = 'restored' | 'extended';

export class Transitions {
  private readonly now: () => Date;

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
      throw new ApiError('XMinioBackendDown', `Remote tier ${remote.tier} is unreachable`);
    }
  }

  /** Deletes a copy from its tier (the tier journal's worker calls it, and retries on failure). */
  async removeFromTier(tierName: string, object: string): Promise<void> {
    const tier = await this.backend(tierName);
    await tier.remove(object);
  }

  /**
   * RestoreObject: a local copy of a transitioned version for `days`. One restored already
   * has its expiry moved instead (S3 answers 200 for that, 202 for a new restore).
   */
  async restore(
    bucket: string,
    key: string,
    versionId: string | undefined,
    days: number,
  ): Promise<RestoreOutcome> {
    const { layer } = this.deps;
    const raw = await layer.getObjectInfo(bucket, key, versionId === undefined ? {} : { versionId });
    const remote = remoteOf(raw);
    if (!remote) throw new ApiError('InvalidObjectState');
    const until = restoreExpiry(this.now(), days).toISOString();
    const internal = { ...raw.internal, [TRANSITION_KEYS.restoreExpiry]: until };
    if (!onlyRemote(raw)) {
      await layer.updateObjectMeta(bucket, key, raw.versionId, () => ({ internal }));
      return 'extended';
    }
    const info = withTransitionedLayout(raw);
    const body = await this.read(info, undefined);
    await layer.restoreVersionData(bucket, key, {
      versionId: raw.versionId,
      etag: raw.etag,
      modTime: raw.modTime,
      body,
      size: info.storedSize,
      internal,
    });
    return 'restored';
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
