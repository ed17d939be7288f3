import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeObjectMeta } from '../../format/object-meta.js';
import { isNotFound, readJsonFile } from './atomic.js';
import { KeyIndex } from './key-index.js';
import { META_FILE } from './layout.js';

async function dirs(path: string): Promise<string[]> {
  try {
    return (await readdir(path, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (err) {
    if (isNotFound(err)) return [];
    throw err;
  }
}

/** Rebuilds a bucket's key index from its object records (<bucket>/<hh>/<hash>/meta.json). */
export async function scanBucket(bucketPath: string): Promise<KeyIndex> {
  const index = new KeyIndex();
  for (const shard of await dirs(bucketPath)) {
    const objects = await dirs(join(bucketPath, shard));
    const metas = await Promise.all(objects.map((o) => readJsonFile(join(bucketPath, shard, o, META_FILE))));
    for (const raw of metas) {
      if (raw === undefined) continue;
      const meta = decodeObjectMeta(raw);
      index.set(meta.key, meta.size);
    }
  }
  return index;
}
