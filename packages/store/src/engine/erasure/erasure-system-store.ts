import { join } from 'node:path';
import { configDir } from '../fs/layout.js';
import type { SystemStore } from '../system-store.js';
import type { ErasureParams } from './params.js';
import { listReplicated, readReplicated, removeReplicated, writeReplicated } from './replicated.js';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** System documents as JSON files under `.stowage.sys/config`, on every drive, read by quorum. */
export class ErasureSystemStore implements SystemStore {
  constructor(
    private readonly drives: readonly string[],
    private readonly params: ErasureParams,
  ) {}

  private pathOf(path: string): (drive: string) => string {
    const segments = path.split('/');
    if (!segments.every((s) => SEGMENT.test(s))) throw new Error(`Invalid system path: ${path}`);
    return (drive) => join(configDir(drive), ...segments);
  }

  async read(path: string): Promise<unknown | undefined> {
    const text = await readReplicated(this.drives, this.params, this.pathOf(path));
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }

  write(path: string, value: unknown): Promise<void> {
    return writeReplicated(this.drives, this.params, this.pathOf(path), `${JSON.stringify(value)}\n`, 0o600);
  }

  remove(path: string): Promise<void> {
    return removeReplicated(this.drives, this.params, this.pathOf(path));
  }

  list(folder: string): Promise<string[]> {
    return listReplicated(this.drives, this.pathOf(folder));
  }
}
