import { type ObjectRecord, RecordCodec } from '../../../format/object-record.js';
import { commonPrefix, compareKeys, listPage, pastPrefix } from '../../listing.js';
import type {
  ListObjectsInput,
  ListObjectsResult,
  ListVersionsInput,
  ListVersionsResult,
} from '../../object-layer.js';
import type { EngineContext } from '../context.js';
import { toObjectInfo } from '../object-info.js';
import type { DriveAnswer } from '../quorum.js';
import { latestObject, type Merged, mergeRecords } from '../versions.js';
import type { MergedCursor } from './cursor.js';

/**
 * A cursor over a bucket's object records on every online drive (read quorum checked). The
 * cursor decodes a key's copies one after another, so one codec decodes the part they share
 * once per key, not once per drive.
 */
export function objectCursor(ctx: EngineContext, bucket: string): MergedCursor<ObjectRecord> {
  const codec = new RecordCodec();
  return ctx.drives.cursor('objects', bucket, ctx.params.readQuorum, (bytes) => codec.decode(bytes));
}

function merge(
  ctx: EngineContext,
  bucket: string,
  name: string,
  answers: DriveAnswer<ObjectRecord>[],
): Merged {
  const merged = mergeRecords(answers, ctx.params.readQuorum);
  if (!merged.complete) ctx.queueHeal(bucket, name);
  return merged;
}

export function listObjects(ctx: EngineContext, input: ListObjectsInput): ListObjectsResult {
  const cursor = objectCursor(ctx, input.bucket);
  try {
    const page = listPage(cursor, input, (name, answers) => {
      const latest = latestObject(merge(ctx, input.bucket, name, answers));
      return latest && toObjectInfo(input.bucket, name, latest.version, true);
    });
    const result: ListObjectsResult = {
      objects: page.items,
      prefixes: page.prefixes,
      isTruncated: page.isTruncated,
    };
    if (page.nextMarker !== undefined) result.nextMarker = page.nextMarker;
    return result;
  } finally {
    cursor.close();
  }
}

/** Whether the bucket holds any version or delete marker (what makes it non-empty to S3). */
export function hasAnyVersion(ctx: EngineContext, bucket: string): boolean {
  const cursor = objectCursor(ctx, bucket);
  try {
    cursor.seek(Buffer.alloc(0));
    for (let e = cursor.next(); e; e = cursor.next())
      if (merge(ctx, bucket, e.name, e.value).versions.length > 0) return true;
    return false;
  } finally {
    cursor.close();
  }
}

/**
 * ListObjectVersions: every version and delete marker, by key, newest first within a key.
 * Versions count toward max-keys one by one, so a page can end inside a key; the version
 * id marker continues from there.
 */
export function listObjectVersions(ctx: EngineContext, input: ListVersionsInput): ListVersionsResult {
  const { bucket, prefix, delimiter, keyMarker, versionIdMarker, maxKeys } = input;
  const out: ListVersionsResult = { versions: [], prefixes: [], isTruncated: false };
  if (maxKeys <= 0) return out;
  const cursor = objectCursor(ctx, bucket);
  const full = () => out.versions.length + out.prefixes.length === maxKeys;
  let last: { key: string; versionId?: string } | undefined;
  try {
    // A key marker alone starts after the key. With a version id marker the page goes on
    // after that version; if it is gone meanwhile (a client deleting page by page), the key's
    // versions are listed from its newest, as MinIO does: repeating some beats skipping
    // versions that then never get listed (or deleted).
    const afterMarker = <V extends { version: { id: string } }>(versions: V[], name: string): V[] => {
      if (name !== keyMarker) return versions;
      if (versionIdMarker === '') return [];
      const at = versions.findIndex((v) => v.version.id === versionIdMarker);
      return at >= 0 ? versions.slice(at + 1) : versions;
    };
    const markerIsPrefix = keyMarker !== '' && commonPrefix(keyMarker, prefix, delimiter) === keyMarker;
    const from = compareKeys(keyMarker, prefix) > 0 ? keyMarker : prefix;
    cursor.seek(markerIsPrefix ? pastPrefix(keyMarker) : Buffer.from(from, 'utf8'));
    walk: for (let e = cursor.next(); e; e = cursor.next()) {
      if (!e.name.startsWith(prefix)) break;
      const cp = commonPrefix(e.name, prefix, delimiter);
      if (cp !== undefined) {
        let shown = false;
        // Shown when a version after the marker is under it (the marker key's own count only
        // from the version after the version-id marker).
        for (let x: typeof e | undefined = e; x?.name.startsWith(cp); x = cursor.next())
          if (afterMarker(merge(ctx, bucket, x.name, x.value).versions, x.name).length > 0) {
            shown = true;
            break;
          }
        cursor.seek(pastPrefix(cp));
        if (!shown) continue;
        if (full()) {
          out.isTruncated = true;
          break;
        }
        out.prefixes.push(cp);
        last = { key: cp };
        continue;
      }
      const all = merge(ctx, bucket, e.name, e.value).versions;
      for (const mv of afterMarker(all, e.name)) {
        if (full()) {
          out.isTruncated = true;
          break walk;
        }
        out.versions.push(toObjectInfo(bucket, e.name, mv.version, mv === all[0]));
        last = { key: e.name, versionId: mv.version.id };
      }
    }
  } finally {
    cursor.close();
  }
  if (out.isTruncated && last) {
    out.nextKeyMarker = last.key;
    if (last.versionId !== undefined) out.nextVersionIdMarker = last.versionId;
  }
  return out;
}
