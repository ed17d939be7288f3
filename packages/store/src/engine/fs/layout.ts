import { createHash } from 'node:crypto';
import { join } from 'node:path';

// Where things live on a drive. Bucket names are validated before they get here; object
// keys are never used as path components, only their SHA-256.
//
//   <drive>/.stowage.sys/format.json          drive identity (format/format-json.ts)
//   <drive>/.stowage.sys/tmp/                  in-flight writes, emptied at start
//   <drive>/.stowage.sys/buckets/<b>.json      bucket records (same copy on every drive)
//   <drive>/.stowage.sys/config/...            system namespace (same copy on every drive)
//   <drive>/<b>/<h[0:2]>/<h>/meta.json         this drive's object record, h = sha256(key)
//   <drive>/<b>/<h[0:2]>/<h>/<dataId>          this drive's shard file, absent when inline
//
// A shard file is the drive's shard of each 1 MiB block, in block order, each preceded by
// its SHA-256: [32-byte hash][ceil(blockLen/data) bytes] ... Objects up to 128 KiB keep
// that same stream base64-encoded in the record's `inline` field instead (erasure-coded
// per drive like any object, so one drive's record holds only its own shard).
export const SYS_DIR = '.stowage.sys';

export const sysPath = (drive: string, ...parts: string[]): string => join(drive, SYS_DIR, ...parts);
export const formatPath = (drive: string): string => sysPath(drive, 'format.json');
export const tmpDir = (drive: string): string => sysPath(drive, 'tmp');
export const bucketsDir = (drive: string): string => sysPath(drive, 'buckets');
export const bucketRecordPath = (drive: string, bucket: string): string =>
  join(bucketsDir(drive), `${bucket}.json`);
export const configDir = (drive: string): string => sysPath(drive, 'config');
export const bucketDir = (drive: string, bucket: string): string => join(drive, bucket);

export function objectDir(drive: string, bucket: string, key: string): string {
  const h = createHash('sha256').update(key, 'utf8').digest('hex');
  return join(drive, bucket, h.slice(0, 2), h);
}

export const META_FILE = 'meta.json';
