import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { dirname, join } from 'node:path';

// Whole-file writes that readers see either before or after, for any module that keeps
// files (the engine, IAM's root file, the notification queues). It sits below them all,
// so it takes the file calls it makes: the engine passes its traced ones (engine/fs/os.ts).

/** The file calls an atomic write makes. */
export interface FileCalls {
  open(path: string, flags: string, mode?: number): Promise<fs.FileHandle>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, opts: { force: true }): Promise<void>;
  sync(fh: fs.FileHandle, path: string): Promise<void>;
}

/** node:fs itself, for files outside the engine's drives. */
export const nodeFileCalls: FileCalls = {
  open: (path, flags, mode) => fs.open(path, flags, mode),
  rename: (from, to) => fs.rename(from, to),
  rm: (path, opts) => fs.rm(path, opts),
  sync: (fh) => fh.sync(),
};

export interface AtomicFiles {
  /** fsync a directory so that a rename inside it survives a crash. */
  fsyncDir(dir: string): Promise<void>;
  /**
   * Writes a whole file so that readers see either the old or the new content: temp file
   * (in `tmpDir`, which must be on the same filesystem), fsync, rename, fsync the directory.
   */
  writeFileAtomic(
    target: string,
    data: string | Buffer,
    opts?: { tmpDir?: string; mode?: number },
  ): Promise<void>;
}

export function atomicFiles(calls: FileCalls): AtomicFiles {
  const { open, rename, rm, sync } = calls;
  async function fsyncDir(dir: string): Promise<void> {
    const fh = await open(dir, 'r');
    try {
      await sync(fh, dir);
    } catch {
      // Some filesystems refuse fsync on directories; the rename is still atomic there.
    } finally {
      await fh.close();
    }
  }

  async function writeFileAtomic(
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
  return { fsyncDir, writeFileAtomic };
}

export function isNotFound(err: unknown): boolean {
  return err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');
}

export async function readJsonFile(path: string): Promise<unknown | undefined> {
  try {
    return JSON.parse(await fs.readFile(path, 'utf8')) as unknown;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}
