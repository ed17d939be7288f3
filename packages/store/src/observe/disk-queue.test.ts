import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskQueue } from './disk-queue.js';

let root = '';
let dir = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('DiskQueue', () => {
  it('gives back what was saved and not removed, oldest first, and numbers on after it', async () => {
    root = await mkdtemp(join(tmpdir(), 'stowage-dq-'));
    dir = join(root, 'q');
    const { queue } = await DiskQueue.open<{ n: number }>(dir);
    const files = [];
    for (let n = 0; n < 12; n++) files.push(await queue.save({ n }));
    await queue.remove(files[0]!);
    await writeFile(join(dir, '.tmp-half-written'), '{"n":');
    await writeFile(join(dir, `${'9'.padStart(16, '0')}.event`.replace('9', 'x')), 'not json');

    const reopened = await DiskQueue.open<{ n: number }>(dir);
    expect(reopened.pending.map((p) => p.entry.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // The torn write and the unreadable entry are gone; new entries sort after the old.
    const next = await reopened.queue.save({ n: 12 });
    const names = (await readdir(dir)).sort();
    expect(names).toHaveLength(12);
    expect(names.at(-1)).toBe(next.slice(dir.length + 1));
  });
});
