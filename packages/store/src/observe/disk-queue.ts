import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicFiles, nodeFileCalls } from '../fsx/atomic.js';

// A target's queue_dir, as MinIO keeps one: every entry waiting for delivery is also a file
// (`<sequence>.event`, JSON, mode 0600, written atomically), removed once delivered. Entries
// left by a stopped or crashed server are read back in order when the target starts again.

// Plain node:fs, as the queue's other calls: queue files are not the engine's drives.
const { writeFileAtomic } = atomicFiles(nodeFileCalls);

const SUFFIX = '.event';
const WIDTH = 16;

export class DiskQueue<T> {
  private next = 0;

  private constructor(readonly dir: string) {}

  /** Opens (creating) the directory; returns the queue and the entries it still holds, oldest first. */
  static async open<T>(dir: string): Promise<{ queue: DiskQueue<T>; pending: { entry: T; file: string }[] }> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const queue = new DiskQueue<T>(dir);
    const names = (await readdir(dir)).sort();
    const pending: { entry: T; file: string }[] = [];
    for (const name of names) {
      const path = join(dir, name);
      if (!name.endsWith(SUFFIX)) {
        // A write that never completed.
        if (name.startsWith('.tmp-')) await rm(path, { force: true });
        continue;
      }
      queue.next = Math.max(queue.next, Number.parseInt(name, 10) + 1 || 0);
      try {
        pending.push({ entry: JSON.parse(await readFile(path, 'utf8')) as T, file: path });
      } catch {
        await rm(path, { force: true }); // Unreadable: it can never be delivered.
      }
    }
    return { queue, pending };
  }

  /** Writes one entry; resolves with its file once it is durable. */
  async save(entry: T): Promise<string> {
    const file = join(this.dir, `${String(this.next++).padStart(WIDTH, '0')}${SUFFIX}`);
    await writeFileAtomic(file, JSON.stringify(entry), { mode: 0o600 });
    return file;
  }

  /** Forgets a delivered entry. */
  async remove(file: string): Promise<void> {
    await rm(file, { force: true });
  }
}
