import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

// What "nothing on disk changes" means for the bad-input tests: every file under the drive
// directories, with its size and content hash. Directories named `tmp` hold in-flight
// writes that the engine empties at start, so they are left out.

export type DiskSnapshot = Map<string, string>;

async function walk(root: string, dir: string, out: DiskSnapshot): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'tmp') await walk(root, path, out);
    } else if (entry.isFile()) {
      const bytes = await readFile(path);
      const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      out.set(relative(root, path), `${bytes.length}:${digest}`);
    }
  }
}

export async function snapshotDrives(root: string): Promise<DiskSnapshot> {
  const out: DiskSnapshot = new Map();
  await walk(root, root, out);
  return out;
}

/** Files added, removed or changed between two snapshots, for a readable assertion. */
export function diskChanges(before: DiskSnapshot, after: DiskSnapshot): string[] {
  const changes: string[] = [];
  for (const [path, v] of after) {
    const was = before.get(path);
    if (was === undefined) changes.push(`+ ${path}`);
    else if (was !== v) changes.push(`~ ${path}`);
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push(`- ${path}`);
  return changes.sort();
}
