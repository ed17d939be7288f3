import { createHash } from 'node:crypto';
import { join } from 'node:path';

// Where things live on a drive. Bucket names are validated before they get here; object
// keys are never used as path components, only their SHA-256.
//
//   <drive>/.stowage.sys/format.json          drive identity (format/format-json.ts)
//   <drive>/.stowage.sys/tmp/                  in-flight writes, emptied at start
//   <drive>/.stowage.sys/buckets/<b>.json      bucket records (same copy on every drive)
//   <drive>/.stowage.sys/config/...            system namespace (same copy on every drive)
//   <drive>/.stowage.sys/index/                the drive's ordered index (drive-index.ts):
//                                              object records, uploads, usage counters
//   <drive>/<b>/<h[0:2]>/<h>/<dataId>/<part>   this drive's shard of one part of one
//                                              version, h = sha256(key); absent when inline
//
// A shard file is the drive's shard of each 1 MiB block of a part, in block order, each
// preceded by its SHA-256: [32-byte hash][ceil(blockLen/data) bytes] ... Objects up to
// 128 KiB keep that same stream in the record's `inline` field instead (erasure-coded per
// drive like any object, so one drive's record holds only its own shard).
//
// Format 1 drives kept one JSON record per key in <h>/meta.json with the shard file at
// <h>/<dataId>; migrate-index.ts moves them into the index.
export const SYS_DIR = '.stowage.sys';

export const sysPath = (drive: string, ...parts: string[]): string => join(drive, SYS_DIR, ...parts);
export const formatPath = (drive: string): string => sysPath(drive, 'format.json');
export const tmpDir = (drive: string): string => sysPath(drive, 'tmp');
/**
 * Present while a drive is being filled again (wiped, swapped, its index lost): a restart
 * then resumes the rebuild, which the drive's new index alone would not tell.
 */
export const rebuildMarkerPath = (drive: string): string => sysPath(drive, 'rebuilding.json');
export const REBUILD_MARKER_VERSION = 1;
export const bucketsDir = (drive: string): string => sysPath(drive, 'buckets');
export const bucketRecordPath = (drive: string, bucket: string): string =>
  join(bucketsDir(drive), `${bucket}.json`);
export const configDir = (drive: string): string => sysPath(drive, 'config');
export const bucketDir = (drive: string, bucket: string): string => join(drive, bucket);

/** The name of a key's folder: its SHA-256, in hex. */
export const keyHash = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export function objectDir(drive: string, bucket: string, key: string): string {
  const h = keyHash(key);
  return join(drive, bucket, h.slice(0, 2), h);
}

export const dataDir = (drive: string, bucket: string, key: string, dataId: string): string =>
  join(objectDir(drive, bucket, key), dataId);

/** Format 1's per-key record file (migration only). */
export const META_FILE = 'meta.json';
