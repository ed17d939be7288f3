import type { Readable } from 'node:stream';
import type { ByteRange } from '../../engine/object-layer.js';
import { TIER_TYPES, type TierConfig } from '../../tiers/tiers.js';

// A remote tier as transitions use it (MinIO's WarmBackend): put, get a range, stat and
// remove one object by the name the transition gave it, under the tier's prefix.

export interface WarmBackend {
  /** Stores `size` bytes; resolves once the tier answered that it has them. */
  put(name: string, body: Readable, size: number): Promise<void>;
  /** The object's bytes, or the range of them. */
  get(name: string, range?: ByteRange): Promise<Readable>;
  /** The stored object's size, or undefined when the tier has no such object. */
  stat(name: string): Promise<number | undefined>;
  /** Removes the object; one already gone is no error. */
  remove(name: string): Promise<void>;
}

/** The tier could not be reached or refused the call (MinIO's XMinioBackendDown). */
export class TierUnavailable extends Error {
  constructor(
    readonly tier: string,
    why: string,
  ) {
    super(`tier ${tier}: ${why}`);
    this.name = 'TierUnavailable';
  }
}

/** A tier's settings, for its type. */
export const tierFields = (tier: TierConfig): Record<string, string> =>
  (tier[TIER_TYPES[tier.Type]] ?? {}) as Record<string, string>;

/** MinIO keeps a tier's prefix without its trailing slash and puts one between. */
export function remotePath(prefix: string | undefined, name: string): string {
  const p = (prefix ?? '').replace(/\/+$/, '');
  return p === '' ? name : `${p}/${name}`;
}
