import { join } from 'node:path';
import { configDir } from '../fs/layout.js';
import { rmdir } from '../fs/os.js';
import type { SystemStore } from '../system-store.js';
import type { ErasureParams } from './params.js';
import {
  listReplicated,
  readAnyCopy,
  readReplicated,
  removeReplicated,
  writeReplicated,
} from './replicated.js';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_CACHED = 50_000;

/**
 * System documents as JSON files under `.stowage.sys/config`, on every drive, read by
 * quorum. The store is the only writer of its drives, so what was read or written is kept
 * in memory: bucket settings consulted on every request cost no disk reads.
 */
export class ErasureSystemStore implements SystemStore {
  private readonly cache = new Map<string, string | undefined>();
  /** Bumped by every write: a read that raced one must not cache what it saw. */
  private writes = 0;

  constructor(
    private readonly drives: readonly string[],
    private readonly params: ErasureParams,
  ) {}

  private pathOf(path: string): (drive: string) => string {
    const segments = path.split('/');
    if (!segments.every((s) => SEGMENT.test(s))) throw new Error(`Invalid system path: ${path}`);
    return (drive) => join(configDir(drive), ...segments);
  }

  get generation(): number {
    return this.writes;
  }

  async read(path: string): Promise<unknown | undefined> {
    let text: string | undefined;
    if (this.cache.has(path)) text = this.cache.get(path);
    else {
      const seen = this.writes;
      text = await readReplicated(this.drives, this.params, this.pathOf(path));
      if (seen === this.writes) {
        // Reads of documents that do not exist are kept too (a bucket's absent settings):
        // any name a client sends can end up here, so the cache starts over past a bound.
        if (this.cache.size >= MAX_CACHED) this.cache.clear();
        this.cache.set(path, text);
      }
    }
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }

  async readAnyCopy(path: string): Promise<unknown | undefined> {
    const text = await readAnyCopy(this.drives, this.pathOf(path));
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }

  async write(path: string, value: unknown): Promise<void> {
    const text = `${JSON.stringify(value)}\n`;
    this.forget(path);
    try {
      await writeReplicated(this.drives, this.params, this.pathOf(path), text, 0o600);
    } finally {
      this.forget(path);
    }
  }

  async remove(path: string): Promise<void> {
    this.forget(path);
    try {
      await removeReplicated(this.drives, this.params, this.pathOf(path));
    } finally {
      this.forget(path);
    }
  }

  /** After a write, the next read goes to the drives (and caches what quorum says). */
  private forget(path: string): void {
    this.writes++;
    this.cache.delete(path);
  }

  list(folder: string): Promise<string[]> {
    return listReplicated(this.drives, this.pathOf(folder));
  }

  async removeFolder(folder: string): Promise<void> {
    const dirOf = this.pathOf(folder);
    // rmdir refuses a folder still holding documents: those (and their drives) keep it.
    await Promise.all(this.drives.map((d) => rmdir(dirOf(d)).catch(() => {})));
  }
}
