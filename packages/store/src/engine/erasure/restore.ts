import { mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { writeFileAtomic } from '../fs/atomic.js';
import { bucketsDir, configDir, tmpDir } from '../fs/layout.js';
import type { ErasureParams } from './params.js';
import { doAll } from './quorum.js';
import { readReplicated } from './replicated.js';

/** Files under a folder on the drives that are not fresh, as paths relative to it. */
async function filesUnder(
  drives: readonly string[],
  fresh: boolean[],
  dirOf: (d: string) => string,
): Promise<string[]> {
  const names = new Set<string>();
  await doAll(drives, async (d, i) => {
    if (fresh[i]) return;
    for (const e of await readdir(dirOf(d), { recursive: true, withFileTypes: true }))
      if (e.isFile()) names.add(relative(dirOf(d), join(e.parentPath, e.name)));
  });
  return [...names];
}

/**
 * Copies the replicated documents (bucket records, the system namespace) that quorum
 * agrees on to drives that came back blank, so they count towards quorum again.
 */
export async function restoreDocuments(
  drives: readonly string[],
  params: ErasureParams,
  fresh: boolean[],
): Promise<void> {
  if (!fresh.some(Boolean) || fresh.every(Boolean)) return;
  for (const [dirOf, mode] of [
    [bucketsDir, 0o644],
    [configDir, 0o600],
  ] as const) {
    for (const rel of await filesUnder(drives, fresh, dirOf)) {
      const content = await readReplicated(drives, params, (d) => join(dirOf(d), rel)).catch(() => undefined);
      if (content === undefined) continue;
      await doAll(drives, async (d, i) => {
        if (!fresh[i]) return;
        const target = join(dirOf(d), rel);
        await mkdir(join(target, '..'), { recursive: true });
        await writeFileAtomic(target, content, { tmpDir: tmpDir(d), mode });
      });
    }
  }
}
