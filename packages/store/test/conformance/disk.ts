import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

// What "nothing on disk changes" means for the bad-input tests: every file under the drive
// directories, with its size and content hash. Directories named `tmp` hold in-flight
// writes that the engine empties at start, so they are left out; so is the heal-on-read
// journal (`.stowage.sys/heal`), which the background checks of earlier tests' reads keep writing.

export type DiskSnapshot = Map<string, string>;

/** Left out wherever they are: in-flight writes. */
const TMP = 'tmp';
/** Left out in a drive's system folder: the heal-on-read journal. */
const HEAL_JOURNAL = join('.stowage.sys', 'heal');

async function walk(root: string, dir: string, out: DiskSnapshot): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped = entry.name === TMP || relative(root, path).endsWith(HEAL_JOURNAL);
      if (!skipped) await walk(root, path, out);
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
