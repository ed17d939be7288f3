import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeObjectMeta, type ObjectMetaRecord } from '../../format/object-meta.js';
import { isNotFound, readJsonFile } from '../fs/atomic.js';
import { KeyIndex } from '../fs/key-index.js';
import { META_FILE } from '../fs/layout.js';
import { pickVersion } from './meta.js';
import type { DriveAnswer } from './quorum.js';

async function dirs(path: string): Promise<string[]> {
  try {
    return (await readdir(path, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (err) {
    if (isNotFound(err)) return [];
    throw err;
  }
}

/** Every object record of a bucket on one drive, by object folder (<hh>/<hash>). */
async function scanDrive(bucketPath: string): Promise<Map<string, DriveAnswer<ObjectMetaRecord>>> {
  const found = new Map<string, DriveAnswer<ObjectMetaRecord>>();
  for (const shard of await dirs(bucketPath)) {
    const objects = await dirs(join(bucketPath, shard));
    await Promise.all(
      objects.map(async (o) => {
        try {
          const raw = await readJsonFile(join(bucketPath, shard, o, META_FILE));
          if (raw !== undefined) found.set(`${shard}/${o}`, { value: decodeObjectMeta(raw) });
        } catch {
          found.set(`${shard}/${o}`, 'error');
        }
      }),
    );
  }
  return found;
}

/**
 * Rebuilds a bucket's key index from the records on all drives, keeping only objects
 * whose newest version reached quorum: a write that crashed before its commit is not listed.
 * `onIncomplete` hears of objects some drive lacks, and of uncommitted leftovers (for heal).
 */
export async function scanBucketErasure(
  bucketPaths: readonly string[],
  onIncomplete?: (key: string) => void,
): Promise<KeyIndex> {
  const perDrive = await Promise.all(bucketPaths.map((p) => scanDrive(p).catch(() => new Map())));
  const names = new Set<string>();
  for (const m of perDrive) for (const k of m.keys()) names.add(k);
  const index = new KeyIndex();
  for (const name of names) {
    const answers = perDrive.map((m) => m.get(name) ?? 'absent');
    const chosen = pickVersion(answers);
    if (!chosen) {
      // Records of a write that never reached quorum (crash): heal removes them.
      const any = answers.find((a): a is { value: ObjectMetaRecord } => typeof a === 'object');
      if (any) onIncomplete?.(any.value.key);
      continue;
    }
    index.set(chosen.record.key, chosen.record.size);
    if (!chosen.complete) onIncomplete?.(chosen.record.key);
  }
  return index;
}
