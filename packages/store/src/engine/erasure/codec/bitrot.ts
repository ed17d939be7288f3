import { createHash } from 'node:crypto';
import { highwayHash256 } from '../../../crypto/highway.js';
import type { Bitrot } from '../../../format/object-record.js';

// The checksum before every shard block. New versions get MinIO's HighwayHash-256, several
// times faster than SHA-256 here; versions written before keep SHA-256 and are read with it.

/** A checksum new data may be written with. */
export type NewBitrot = Exclude<Bitrot, 'none'>;

/** What new versions (and new multipart uploads) are written with. */
export const NEW_BITROT: NewBitrot = 'highwayhash256';

/** Checksum bytes before each shard block. */
export const checksumLength = (bitrot: Bitrot): number => (bitrot === 'none' ? 0 : 32);

/** One shard block's checksum (empty for 'none'). */
export function shardChecksum(bitrot: Bitrot, shard: Uint8Array): Buffer {
  switch (bitrot) {
    case 'highwayhash256':
      return highwayHash256(shard);
    case 'sha256':
      return createHash('sha256').update(shard).digest();
    case 'none':
      return Buffer.alloc(0);
  }
}
