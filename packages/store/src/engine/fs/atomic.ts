import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { open, rename, rm, sync } from './os.js';

/** fsync a directory so that a rename inside it survives a crash. */
export async function fsyncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await sync(fh, dir);
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic there.
  } finally {
    await fh.close();
  }
}

/**
 * Writes a whole file so that readers see either the old or the new content: temp file
 * (in `tmpDir`, which must be on the same filesystem), fsync, rename, fsync the directory.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Buffer,
  opts: { tmpDir?: string; mode?: number } = {},
): Promise<void> {
  const tmp = join(opts.tmpDir ?? dirname(target), `.tmp-${randomUUID()}`);
  const fh = await open(tmp, 'wx', opts.mode ?? 0o644);
  try {
    try {
      // open() honours the umask; chmod makes the mode exact (0600 must mean 0600).
      if (opts.mode !== undefined) await fh.chmod(opts.mode);
      await fh.writeFile(data);
      await sync(fh, tmp);
    } finally {
      await fh.close();
    }
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(dirname(target));
}

export function isNotFound(err: unknown): boolean {
  return err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');
}

export async function readJsonFile(path: string): Promise<unknown | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}
