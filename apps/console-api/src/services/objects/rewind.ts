import type { ObjectItem } from '@stowage/contract';
import type { Client as S3Client } from 'minio';
import { ApiError } from '../../http/errors.js';
import { versionPages } from './list.js';

/** Versions read for one rewind view; beyond this the answer would be partial, so say so. */
export const REWIND_MAX_VERSIONS = 100_000;

/**
 * The level under `prefix` as it was at `at`: for each key, the version that was current then
 * (a delete marker shows as delete_flag); keys created later are absent. null when empty.
 */
export async function rewind(
  s3: S3Client,
  bucket: string,
  prefix: string,
  at: Date,
): Promise<{ objects: ObjectItem[] | null }> {
  const atIso = at.toISOString();
  const current = new Map<string, ObjectItem>();
  const folders = new Set<string>();
  let read = 0;
  for await (const items of versionPages(s3, bucket, prefix, false)) {
    for (const v of items) {
      if (v.last_modified === undefined) {
        folders.add(v.name);
        continue;
      }
      if (v.last_modified > atIso) continue;
      const seen = current.get(v.name);
      if (!seen || (seen.last_modified ?? '') < v.last_modified) current.set(v.name, v);
    }
    read += items.length;
    if (read > REWIND_MAX_VERSIONS) {
      throw new ApiError(
        'badRequest',
        `more than ${REWIND_MAX_VERSIONS} versions under this prefix; rewind a deeper folder`,
      );
    }
  }
  const objects: ObjectItem[] = [...folders].sort().map((name) => ({ name, size: 0 }));
  for (const v of [...current.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const { is_delete_marker, is_latest, ...rest } = v;
    objects.push({ ...rest, delete_flag: Boolean(is_delete_marker) });
  }
  return { objects: objects.length ? objects : null };
}
