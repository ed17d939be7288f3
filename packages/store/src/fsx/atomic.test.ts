import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { atomicFiles, type FileCalls, nodeFileCalls, readJsonFile } from './atomic.js';

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('atomicFiles', () => {
  it('replaces a file whole, with the exact mode, through the calls it was given', async () => {
    root = await mkdtemp(join(tmpdir(), 'stowage-fsx-'));
    const made: string[] = [];
    const counted: FileCalls = {
      ...nodeFileCalls,
      open: (path, flags, mode) => {
        made.push(`open ${flags}`);
        return nodeFileCalls.open(path, flags, mode);
      },
      rename: (from, to) => {
        made.push('rename');
        return nodeFileCalls.rename(from, to);
      },
    };
    const { writeFileAtomic } = atomicFiles(counted);
    const target = join(root, 'doc.json');
    await writeFileAtomic(target, '{"v":1}');
    await writeFileAtomic(target, '{"v":2}', { mode: 0o600 });

    expect(await readJsonFile(target)).toEqual({ v: 2 });
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await readdir(root)).toEqual(['doc.json']);
    // Temp file, rename, then the folder opened for its fsync: twice.
    expect(made).toEqual(['open wx', 'rename', 'open r', 'open wx', 'rename', 'open r']);
  });

  it('leaves the old content and no temp file when the rename fails', async () => {
    root = await mkdtemp(join(tmpdir(), 'stowage-fsx-'));
    const target = join(root, 'doc.json');
    await atomicFiles(nodeFileCalls).writeFileAtomic(target, 'old');
    const failing = atomicFiles({
      ...nodeFileCalls,
      rename: () => Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' })),
    });
    await expect(failing.writeFileAtomic(target, 'new')).rejects.toThrow('no space');
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(root)).toEqual(['doc.json']);
  });

  it('reads a missing JSON file as undefined', async () => {
    root = await mkdtemp(join(tmpdir(), 'stowage-fsx-'));
    expect(await readJsonFile(join(root, 'absent', 'doc.json'))).toBeUndefined();
  });
});
