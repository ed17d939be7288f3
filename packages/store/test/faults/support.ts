import { createHash } from 'node:crypto';
import { open as openFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Database, open } from 'lmdb';
import { uploadEntry } from '../../src/engine/erasure/multipart/uploads.js';
import { bucketRange, entryKey, INDEX_DIR } from '../../src/engine/fs/drive-index.js';
import { dataDir, sysPath } from '../../src/engine/fs/layout.js';
import { decodeObjectRecord, encodeObjectRecord, type ObjectRecord } from '../../src/format/object-record.js';

export const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** Deterministic, non-repeating bytes (so a misplaced block cannot pass for the right one). */
export function pattern(size: number, seed: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** Empties a drive directory as if the disk had been swapped for a blank one. */
export async function wipeDrive(drive: string): Promise<void> {
  for (const entry of await readdir(drive)) await rm(join(drive, entry), { recursive: true, force: true });
}

/** A drive's index, opened alongside the store (LMDB allows it; it is never closed here). */
function indexOf(drive: string, name = 'objects'): Database<Buffer, Buffer> {
  const env = open({
    path: sysPath(drive, INDEX_DIR),
    maxDbs: 8,
    compression: false,
    cache: false,
    keyEncoding: 'binary',
  });
  return env.openDB<Buffer, Buffer>({ name, encoding: 'binary', keyEncoding: 'binary' });
}

/** One drive's record of a key, as stored. */
export function driveRecord(drive: string, bucket: string, key: string): ObjectRecord | undefined {
  const bytes = indexOf(drive).get(entryKey(bucket, key));
  return bytes === undefined ? undefined : decodeObjectRecord(bytes);
}

/** The drive (its position in `drives`) that holds shard `shard` of the key's latest version. */
export function driveWithShard(drives: string[], bucket: string, key: string, shard: number): number {
  const i = drives.findIndex((d) => driveRecord(d, bucket, key)?.versions[0]?.data?.index === shard);
  if (i < 0) throw new Error(`no drive holds shard ${shard} of ${bucket}/${key}`);
  return i;
}

/**
 * Flips one byte in every 1 MiB region of the latest version's shard on one drive: in each
 * part file, or in the inline shard stream of the drive's record.
 */
export async function corruptShard(drive: string, bucket: string, key: string): Promise<void> {
  const db = indexOf(drive);
  const record = driveRecord(drive, bucket, key);
  const data = record?.versions[0]?.data;
  if (!record || !data) throw new Error(`no shard of ${bucket}/${key} on ${drive}`);
  if (data.inline !== undefined) {
    const inline = Buffer.from(data.inline);
    inline[inline.length - 1]! ^= 0xff;
    data.inline = inline;
    db.putSync(entryKey(bucket, key), encodeObjectRecord(record));
    return;
  }
  for (const part of data.parts) {
    const file = join(dataDir(drive, bucket, key, data.id), part.file!);
    const bytes = await readFile(file);
    for (let i = 40; i < bytes.length; i += 1024 * 1024) bytes[i]! ^= 0x5a;
    await writeFile(file, bytes);
  }
}

/**
 * Flips one byte in every 1 MiB region of every shard file a drive holds for a bucket (the
 * files only: records and inline shards stay whole); how many files it damaged.
 */
export async function corruptShardFiles(drive: string, bucket: string): Promise<number> {
  const files = (await readdir(join(drive, bucket), { recursive: true, withFileTypes: true })).filter((e) =>
    e.isFile(),
  );
  for (const e of files) {
    const file = join(e.parentPath, e.name);
    const bytes = await readFile(file);
    for (let i = 40; i < bytes.length; i += 1024 * 1024) bytes[i]! ^= 0x5a;
    await writeFile(file, bytes);
  }
  return files.length;
}

/** Writes one drive's record of a key (a stale copy put back, say). */
export function putRecord(drive: string, bucket: string, key: string, record: ObjectRecord): void {
  indexOf(drive).putSync(entryKey(bucket, key), encodeObjectRecord(record));
}

/** Writes bytes as one drive's record of a key (damaged, or of a format this code cannot read). */
export function putRecordBytes(drive: string, bucket: string, key: string, bytes: Buffer): void {
  indexOf(drive).putSync(entryKey(bucket, key), bytes);
}

/** Removes one drive's record of a key, as if that drive never committed it. */
export function dropRecord(drive: string, bucket: string, key: string): void {
  indexOf(drive).removeSync(entryKey(bucket, key));
}

/** One drive's upload record, as stored (undefined when the drive has none). */
export function uploadRecordBytes(
  drive: string,
  bucket: string,
  key: string,
  uploadId: string,
): Buffer | undefined {
  return indexOf(drive, 'uploads').get(uploadEntry(bucket, key, uploadId));
}

/** One drive's upload entries in a bucket (their index keys). */
export function uploadEntries(drive: string, bucket: string): Buffer[] {
  return [...indexOf(drive, 'uploads').getKeys(bucketRange(bucket))] as Buffer[];
}

/** One drive's part entries in a bucket, of every upload (their index keys). */
export function partEntries(drive: string, bucket: string): Buffer[] {
  return [...indexOf(drive, 'parts').getKeys(bucketRange(bucket))] as Buffer[];
}

/** One drive's state of an upload: its record and its parts' entries, as stored. */
export interface UploadOnDrive {
  record: Buffer | undefined;
  parts: [Buffer, Buffer][];
}

const partsOf = (bucket: string, key: string, uploadId: string) => {
  const entry = uploadEntry(bucket, key, uploadId);
  return { start: Buffer.concat([entry, Buffer.from([0])]), end: Buffer.concat([entry, Buffer.from([1])]) };
};

/** What one drive holds of an upload, to put back later with restoreUploadRecord. */
export function uploadOnDrive(drive: string, bucket: string, key: string, uploadId: string): UploadOnDrive {
  return {
    record: uploadRecordBytes(drive, bucket, key, uploadId),
    parts: [...indexOf(drive, 'parts').getRange(partsOf(bucket, key, uploadId))].map(
      ({ key, value }) => [key as Buffer, value] as [Buffer, Buffer],
    ),
  };
}

/** Removes one drive's upload record and parts, as if that drive never took the upload. */
export function dropUploadRecord(drive: string, bucket: string, key: string, uploadId: string): void {
  indexOf(drive, 'uploads').removeSync(uploadEntry(bucket, key, uploadId));
  const parts = indexOf(drive, 'parts');
  for (const k of [...parts.getKeys(partsOf(bucket, key, uploadId))]) parts.removeSync(k as Buffer);
}

/**
 * Puts an upload back on one drive as it was (as if a Complete never reached it): its
 * record, and exactly its parts' entries then.
 */
export function restoreUploadRecord(
  drive: string,
  bucket: string,
  key: string,
  uploadId: string,
  saved: UploadOnDrive,
): void {
  dropUploadRecord(drive, bucket, key, uploadId);
  if (saved.record) indexOf(drive, 'uploads').putSync(uploadEntry(bucket, key, uploadId), saved.record);
  const parts = indexOf(drive, 'parts');
  for (const [k, v] of saved.parts) parts.putSync(k, v);
}

/** Writes bytes as one drive's upload record (a record of an older version, say). */
export function putUploadRecordBytes(
  drive: string,
  bucket: string,
  key: string,
  uploadId: string,
  bytes: Buffer,
): void {
  indexOf(drive, 'uploads').putSync(uploadEntry(bucket, key, uploadId), bytes);
}

/** How a tree page of an LMDB file is damaged (its 24-byte header, then its node offsets). */
export type TreeDamage = 'page number' | 'free space bounds' | 'node outside its page' | 'last node cut off';

/**
 * Damages every page of an LMDB file (4 KiB pages) that looks like a branch or leaf page of
 * its trees, in place, as bitrot inside the pages would: the pages the trees reach are among them.
 */
export async function damageTreePages(file: string, damage: TreeDamage): Promise<number> {
  const fh = await openFile(file, 'r+');
  try {
    const size = (await fh.stat()).size;
    const page = Buffer.alloc(4096);
    let damaged = 0;
    for (let at = 2 * 4096; at + 4096 <= size; at += 4096) {
      await fh.read(page, 0, 4096, at);
      if (page.readBigUInt64LE(0) !== BigInt(at / 4096) || (page.readUInt16LE(18) & 3) === 0) continue;
      const lower = page.readUInt16LE(20);
      if (damage === 'page number') page.writeBigUInt64LE(BigInt(at / 4096 + 1), 0);
      else if (damage === 'free space bounds') page.writeUInt16LE(page.readUInt16LE(22) + 2, 20);
      else if (damage === 'node outside its page') page.writeUInt16LE(4096 - 24 - 4, 24);
      else if (lower >= 4) page.writeUInt16LE(lower - 2, 20);
      await fh.write(page, 0, 4096, at);
      damaged++;
    }
    return damaged;
  } finally {
    await fh.close();
  }
}
