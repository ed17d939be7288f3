import type { ObjectInfo, ObjectPartInfo } from '../../engine/object-layer.js';

// What a transitioned version keeps in its internal values (MinIO's transition-* metadata):
// the tier and remote object its data went to, and the layout of that data, which the
// version itself no longer describes once its shards are gone.

export const TRANSITION_KEYS = {
  status: 'transition-status',
  tier: 'transition-tier',
  object: 'transition-object',
  storedSize: 'transition-stored-size',
  parts: 'transition-parts',
  /** While a restored copy is kept: when it goes (ISO 8601). */
  restoreExpiry: 'restore-expiry',
  /**
   * While a restore runs: the expiry its copy will get (ISO 8601). Kept in the version so a
   * restart finds the restore and resumes it rather than showing it ongoing for ever.
   */
  restoreOngoing: 'restore-ongoing',
} as const;

export interface RemoteData {
  tier: string;
  object: string;
}

/** Where a version's data went, when it was transitioned. */
export function remoteOf(info: ObjectInfo): RemoteData | undefined {
  const tier = info.internal[TRANSITION_KEYS.tier];
  const object = info.internal[TRANSITION_KEYS.object];
  return tier && object ? { tier, object } : undefined;
}

/** Whether the version's bytes are only on its tier (no restored copy here). */
export const onlyRemote = (info: ObjectInfo): boolean =>
  remoteOf(info) !== undefined && info.parts.length === 0;

/** The internal values that say where a version's data went. */
export function transitionValues(info: ObjectInfo, remote: RemoteData): Record<string, string> {
  return {
    [TRANSITION_KEYS.status]: 'complete',
    [TRANSITION_KEYS.tier]: remote.tier,
    [TRANSITION_KEYS.object]: remote.object,
    [TRANSITION_KEYS.storedSize]: String(info.storedSize),
    [TRANSITION_KEYS.parts]: JSON.stringify(info.parts),
  };
}

/** The version as it was before it left: its parts and stored size, whatever is kept here. */
export function withTransitionedLayout(info: ObjectInfo): ObjectInfo {
  if (!remoteOf(info)) return info;
  const parts = JSON.parse(info.internal[TRANSITION_KEYS.parts] ?? '[]') as ObjectPartInfo[];
  return { ...info, parts, storedSize: Number(info.internal[TRANSITION_KEYS.storedSize] ?? 0) };
}

/** When a restored copy goes, if the version has one. */
export function restoreExpiryOf(info: ObjectInfo): Date | undefined {
  const at = info.internal[TRANSITION_KEYS.restoreExpiry];
  return at ? new Date(at) : undefined;
}

/** Whether a restore of the version's data is under way (or was, when the store stopped). */
export const restoreOngoing = (info: ObjectInfo): boolean =>
  info.internal[TRANSITION_KEYS.restoreOngoing] !== undefined;

/**
 * When a copy restored for `days` goes: midnight UTC after `days` whole days (MinIO's and
 * S3's rounding, lifecycle.ExpectedExpiryTime).
 */
export function restoreExpiry(now: Date, days: number): Date {
  const DAY = 24 * 3600 * 1000;
  return new Date(Math.floor((now.getTime() + (days + 1) * DAY) / DAY) * DAY);
}
