import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SystemStore } from '../system-store.js';
import { isNotFound, readJsonFile, writeFileAtomic } from './atomic.js';
import { configDir, tmpDir } from './layout.js';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** System documents as JSON files under `.stowage.sys/config` of one drive. */
export class FsSystemStore implements SystemStore {
  constructor(private readonly drive: string) {}

  private resolve(path: string): string {
    const segments = path.split('/');
    if (!segments.every((s) => SEGMENT.test(s))) throw new Error(`Invalid system path: ${path}`);
    return join(configDir(this.drive), ...segments);
  }

  read(path: string): Promise<unknown | undefined> {
    return readJsonFile(this.resolve(path));
  }

  async write(path: string, value: unknown): Promise<void> {
    const file = this.resolve(path);
    await mkdir(dirname(file), { recursive: true });
    await writeFileAtomic(file, `${JSON.stringify(value)}\n`, { tmpDir: tmpDir(this.drive), mode: 0o600 });
  }

  async remove(path: string): Promise<void> {
    await rm(this.resolve(path), { force: true });
  }

  async list(folder: string): Promise<string[]> {
    try {
      const entries = await readdir(this.resolve(folder), { withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => e.name);
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
  }
}
