import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../errors.js';
import { DriveSpace, reserveOf, writeQuorumFailure } from './space.js';

// Real small file systems (tmpfs, mounted as root as the tests run here): statfs is the
// thing under test, so nothing stands in for it.

const MiB = 1024 * 1024;
let dir: string;
let drives: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-space-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
  for (const d of drives) {
    await mkdir(d);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=10m', 'tmpfs', d]);
  }
});
afterAll(async () => {
  for (const d of drives) execFileSync('umount', [d]);
  await rm(dir, { recursive: true, force: true });
});

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof EngineError ? err.code : String(err);
  }
};

describe('reserveOf', () => {
  it('keeps 64 MiB of a drive free, a tenth of a small drive', () => {
    expect(reserveOf(100 * 1024 * MiB)).toBe(64 * MiB);
    expect(reserveOf(640 * MiB)).toBe(64 * MiB);
    expect(reserveOf(10 * MiB)).toBe(MiB);
  });
});

describe('DriveSpace', () => {
  it('refuses a claim that would leave fewer than a write quorum of drives their reserve', () => {
    const space = new DriveSpace(drives, 3, () => 0); // one reading: claims count down from it
    expect(codeOf(() => space.claim(4 * MiB))).toBeUndefined();
    expect(codeOf(() => space.claim(4 * MiB))).toBeUndefined();
    // 10 MiB drives with a 1 MiB reserve: 8 MiB claimed, 1.5 more does not fit.
    expect(codeOf(() => space.claim(1.5 * MiB))).toBe('XMinioStorageFull');
    expect(codeOf(() => space.claim(0.5 * MiB))).toBeUndefined();
  });

  it('reads the drives again after a second, and one full drive of four leaves quorum', async () => {
    let now = 0;
    const space = new DriveSpace(drives, 3, () => now);
    await writeFile(join(drives[0]!, 'filler'), Buffer.alloc(9.5 * MiB));
    try {
      now = 2000;
      expect(codeOf(() => space.claim(MiB))).toBeUndefined(); // three drives still have room
      await writeFile(join(drives[1]!, 'filler'), Buffer.alloc(9.5 * MiB));
      expect(codeOf(() => space.claim(MiB))).toBeUndefined(); // still the reading of t=2000
      now = 4000;
      expect(codeOf(() => space.claim(MiB))).toBe('XMinioStorageFull');
    } finally {
      await rm(join(drives[0]!, 'filler'));
      await rm(join(drives[1]!, 'filler'));
    }
  });
});

describe('writeQuorumFailure', () => {
  it('names full drives StorageFull, anything else the quorum error a client retries', async () => {
    expect(writeQuorumFailure(drives, 3).code).toBe('XMinioInsufficientWriteQuorum');
    await writeFile(join(drives[2]!, 'filler'), Buffer.alloc(9.5 * MiB));
    await writeFile(join(drives[3]!, 'filler'), Buffer.alloc(9.5 * MiB));
    try {
      expect(writeQuorumFailure(drives, 3).code).toBe('XMinioStorageFull');
      // A drive that cannot be read is not known to be full.
      expect(writeQuorumFailure([...drives.slice(0, 2), join(dir, 'gone'), drives[3]!], 3).code).toBe(
        'XMinioInsufficientWriteQuorum',
      );
    } finally {
      await rm(join(drives[2]!, 'filler'));
      await rm(join(drives[3]!, 'filler'));
    }
  });
});
