import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { freeAlignedSlots } from './aligned-slots.js';
import { AppendFile } from './append-file.js';

// A file system without O_DIRECT support, as Linux answers for one: the file is made, then
// the open fails with EINVAL.
vi.mock('./os.js', async (original) => {
  const os = await original<typeof import('./os.js')>();
  return {
    ...os,
    open: async (path: string, flags: number, mode: number) => {
      if (typeof flags === 'number' && flags & constants.O_DIRECT) {
        closeSync(openSync(path, flags & ~constants.O_DIRECT, mode));
        throw Object.assign(new Error('EINVAL: invalid argument, open'), { code: 'EINVAL' });
      }
      return os.open(path, flags, mode);
    },
  };
});

describe('AppendFile where O_DIRECT is refused at open', () => {
  it('writes through the page cache, over the file the refused open left, and keeps no slot', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'append-refused-'));
    try {
      const free = freeAlignedSlots();
      const path = join(dir, 'shard');
      const file = await AppendFile.create(path);
      expect(file.direct).toBe(false);
      expect(freeAlignedSlots()).toBe(free);
      const bytes = [randomBytes(32), randomBytes(70_001)];
      await file.append(bytes);
      await file.finish();
      expect(readFileSync(path).equals(Buffer.concat(bytes))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
