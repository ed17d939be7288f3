import { crc32 } from 'node:zlib';
import type { VersionRecord } from '../../format/object-record.js';

// Which drive holds which shard of a version. As MinIO's hashOrder does, the order turns by
// the CRC-32 of the key, so that data shards (the ones reads open) and parity shards spread
// over every drive rather than sitting on the same few. Drive d holds shard (d + offset) mod
// n; each drive's record names its shard, so reads need no offset, and versions written
// before the order turned (offset 0) read as they are.

/** The offset a new version of `key` (or a new upload of it) takes over `total` shards. */
export function shardOffset(key: string, total: number): number {
  // hashOrder: drive i (0-based) holds shard ((crc mod n) + i + 1) mod n.
  return ((crc32(key) % total) + 1) % total;
}

/** The shard drive `drive` holds. */
export const shardOn = (offset: number, drive: number, total: number): number => (drive + offset) % total;

/** The drive that holds shard `shard`. */
export const driveOf = (offset: number, shard: number, total: number): number =>
  (shard - offset + total) % total;

/**
 * The offset the holders of a version (or an upload) show: that of the first one. A drive
 * with no copy gets its shard from it when heal rebuilds the drive.
 */
export function heldOffset(holders: readonly ({ index: number } | undefined)[], total: number): number {
  const i = holders.findIndex((h) => h !== undefined);
  return i < 0 ? 0 : (holders[i]!.index - i + total) % total;
}

/** The shard indexes of a version's holders, as heldOffset reads them. */
export const versionIndexes = (
  holders: readonly (VersionRecord | undefined)[],
): ({ index: number } | undefined)[] => holders.map((h) => h?.data);
