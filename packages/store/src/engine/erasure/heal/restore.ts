import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { writeFileAtomic } from '../../fs/atomic.js';
import { bucketsDir, configDir, tmpDir } from '../../fs/layout.js';
import type { ErasureParams } from '../params.js';
import { doAll } from '../quorum.js';
import { readReplicated } from '../replicated.js';

/** Files under a folder on the drives `from` marks, as paths relative to it. */
async function filesUnder(
  drives: readonly string[],
  from: boolean[],
  dirOf: (d: string) => string,
): Promise<string[]> {
  const names = new Set<string>();
  await doAll(drives, async (d, i) => {
    if (!from[i]) return;
    for (const e of await readdir(dirOf(d), { recursive: true, withFileTypes: true }))
      if (e.isFile()) names.add(relative(dirOf(d), join(e.parentPath, e.name)));
  });
  return [...names];
}

/** The folders of replicated documents: bucket records, and the system namespace (secrets). */
const DOCUMENT_DIRS = [
  [bucketsDir, 0o644],
  [configDir, 0o600],
] as const;

/**
 * Writes every document quorum agrees on (found on the `sources`) to the `targets` whose
 * copy `needs` it; how many copies were written.
 */
async function copyDocuments(
  drives: readonly string[],
  params: ErasureParams,
  sources: boolean[],
  targets: boolean[],
  needs: (target: string, content: string) => Promise<boolean>,
): Promise<number> {
  let written = 0;
  for (const [dirOf, mode] of DOCUMENT_DIRS) {
    for (const rel of await filesUnder(drives, sources, dirOf)) {
      const content = await readReplicated(drives, params, (d) => join(dirOf(d), rel)).catch(() => undefined);
      if (content === undefined) continue;
      await doAll(drives, async (d, i) => {
        const target = join(dirOf(d), rel);
        if (!targets[i] || !(await needs(target, content))) return;
        await mkdir(join(target, '..'), { recursive: true });
        await writeFileAtomic(target, content, { tmpDir: tmpDir(d), mode });
        written++;
      });
    }
  }
  return written;
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
  await copyDocuments(
    drives,
    params,
    fresh.map((f) => !f),
    fresh,
    async () => true,
  );
}

/**
 * Gives the online drives every document quorum agrees on where their copy is missing or
 * differs (admin heal): a bucket record lost on some drives is then not one more loss away
 * from the bucket vanishing. How many copies were written.
 */
export function repairDocuments(
  drives: readonly string[],
  params: ErasureParams,
  online: boolean[],
): Promise<number> {
  return copyDocuments(drives, params, online, online, async (target, content) => {
    const held = await readFile(target, 'utf8').catch(() => undefined);
    return held !== content;
  });
}
