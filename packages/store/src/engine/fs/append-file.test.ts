import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { osCalls } from '../../observe/op-trace.js';
import { ALIGN, freeAlignedSlots, giveAlignedSlot, SLOT_SIZE, takeAlignedSlot } from './aligned-slots.js';
import { AppendFile, FLUSH_EVERY } from './append-file.js';

/** Whether this file system takes O_DIRECT at all (tmpfs before Linux 6.6 did not). */
function directAllowed(dir: string): boolean {
  try {
    closeSync(openSync(join(dir, 'probe'), constants.O_WRONLY | constants.O_CREAT | constants.O_DIRECT));
    return true;
  } catch {
    return false;
  }
}

async function writeInPieces(file: AppendFile, pieces: Buffer[]): Promise<Buffer> {
  for (let i = 0; i < pieces.length; i += 2) await file.append(pieces.slice(i, i + 2));
  await file.finish();
  return Buffer.concat(pieces);
}

describe('AppendFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'append-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes exactly the bytes appended, whatever their sizes', async () => {
    const sizes = [
      [32, 524288],
      [1],
      [ALIGN - 1, 1],
      [ALIGN, ALIGN + 1],
      [32, 1 << 20],
      [7, 3, 70001],
      [SLOT_SIZE, SLOT_SIZE + 5],
    ];
    for (const [n, list] of sizes.entries()) {
      const path = join(dir, `f${n}`);
      const file = await AppendFile.create(path);
      expect(file.direct).toBe(directAllowed(dir));
      const expected = await writeInPieces(
        file,
        list.map((size) => randomBytes(size)),
      );
      expect(statSync(path).size).toBe(expected.length);
      expect(readFileSync(path).equals(expected)).toBe(true);
    }
  });

  it('returns its staging slot when finished or closed', async () => {
    const before = freeAlignedSlots();
    const a = await AppendFile.create(join(dir, 'a'));
    const b = await AppendFile.create(join(dir, 'b'));
    await a.append([randomBytes(5000)]);
    await b.append([randomBytes(5000)]);
    await a.finish();
    await b.close();
    expect(freeAlignedSlots()).toBe(before);
  });

  it('goes through the page cache when every slot is taken', async () => {
    const held: Buffer[] = [];
    for (let slot = takeAlignedSlot(); slot; slot = takeAlignedSlot()) held.push(slot);
    try {
      const path = join(dir, 'buffered');
      const file = await AppendFile.create(path);
      expect(file.direct).toBe(false);
      const expected = await writeInPieces(file, [randomBytes(32), randomBytes(300_000), randomBytes(9)]);
      expect(readFileSync(path).equals(expected)).toBe(true);
    } finally {
      for (const slot of held) giveAlignedSlot(slot);
    }
  });

  it('carries on through the page cache when a direct write is refused', async () => {
    // Staging memory 16 bytes off alignment: the kernel refuses the direct write (EINVAL).
    const misaligned = Buffer.from(new ArrayBuffer(SLOT_SIZE + ALIGN), 16, SLOT_SIZE);
    const path = join(dir, 'refused');
    const opens: string[] = [];
    const stop = osCalls.bus.subscribe((t) => {
      if (t.path === path) opens.push(t.func);
    });
    try {
      const file = await AppendFile.create(path, misaligned);
      const expected = await writeInPieces(file, [
        randomBytes(32),
        randomBytes(600_000),
        randomBytes(32),
        randomBytes(77),
      ]);
      expect(statSync(path).size).toBe(expected.length);
      expect(readFileSync(path).equals(expected)).toBe(true);
      // Opened direct, refused, opened again through the page cache.
      expect(opens.filter((f) => f === 'os.OpenFileW')).toHaveLength(directAllowed(dir) ? 2 : 1);
    } finally {
      stop();
    }
  });

  it('flushes as it goes and once at the end', async () => {
    const synced: string[] = [];
    const stop = osCalls.bus.subscribe((t) => {
      if (t.func === 'os.Fdatasync') synced.push(t.path);
    });
    try {
      const path = join(dir, 'big');
      const file = await AppendFile.create(path);
      for (let i = 0; i < 6; i++) await file.append([randomBytes(32), randomBytes(FLUSH_EVERY / 2)]);
      await file.finish();
      // 3 MiB and change: early flushes after each MiB, then the final one.
      expect(synced.filter((p) => p === path).length).toBe(4);
    } finally {
      stop();
    }
  });

  it('refuses to create a file that exists', async () => {
    const path = join(dir, 'once');
    await (await AppendFile.create(path)).finish();
    await expect(AppendFile.create(path)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(freeAlignedSlots()).toBeGreaterThan(0);
  });
});
