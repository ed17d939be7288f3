import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bucketSettings, configStore } from './bucket-settings.js';
import { ErasureSystemStore } from './erasure/erasure-system-store.js';
import { erasureParams } from './erasure/params.js';
import { tmpDir } from './fs/layout.js';

describe('bucketSettings', () => {
  let dir: string;
  let system: ErasureSystemStore;
  let reads: number;
  /** Makes the next read fail, as a drive error below quorum would, with nothing written. */
  let failNext: boolean;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'settings-'));
    const drives = [1, 2, 3, 4].map((n) => join(dir, `d${n}`));
    for (const d of drives) await mkdir(tmpDir(d), { recursive: true });
    const real = new ErasureSystemStore(drives, erasureParams(4));
    reads = 0;
    failNext = false;
    const read = real.read.bind(real);
    real.read = (path) => {
      reads++;
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('read quorum not met'));
      }
      return read(path);
    };
    system = real;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads the documents once while nothing is written', async () => {
    const first = bucketSettings({ system }, 'photos');
    expect(await first).toEqual({ versioning: 'unversioned' });
    const afterFirst = reads;
    expect(afterFirst).toBe(4);
    expect(bucketSettings({ system }, 'photos')).toBe(first);
    expect(reads).toBe(afterFirst);
    expect(Object.isFrozen(await first)).toBe(true);
  });

  it('sees a setting written since at once', async () => {
    expect((await bucketSettings({ system }, 'photos')).versioning).toBe('unversioned');
    await configStore({ system }).put('photos', 'versioning', { status: 'Enabled' });
    expect((await bucketSettings({ system }, 'photos')).versioning).toBe('enabled');
    await configStore({ system }).put('photos', 'quota', { quota: 1024, quotatype: 'hard' });
    expect(await bucketSettings({ system }, 'photos')).toEqual({ versioning: 'enabled', quota: 1024 });
    await configStore({ system }).delete('photos', 'versioning');
    expect((await bucketSettings({ system }, 'photos')).versioning).toBe('unversioned');
  });

  it('keeps buckets apart', async () => {
    await configStore({ system }).put('aaa', 'encryption', { algorithm: 'AES256' });
    expect((await bucketSettings({ system }, 'aaa')).encryption).toBe('AES256');
    expect((await bucketSettings({ system }, 'bbb')).encryption).toBeUndefined();
  });

  it('a name no bucket can have is InvalidBucketName, never a path', async () => {
    for (const name of ['..', '-bad', 'a b', 'x'])
      await expect(bucketSettings({ system }, name)).rejects.toMatchObject({ code: 'InvalidBucketName' });
  });

  it('does not keep a failed read, even with nothing written since', async () => {
    failNext = true;
    const generation = system.generation;
    await expect(bucketSettings({ system }, 'photos')).rejects.toThrow('read quorum not met');
    expect(system.generation).toBe(generation);
    expect(await bucketSettings({ system }, 'photos')).toEqual({ versioning: 'unversioned' });
  });

  it('fails on a document of an unknown shape, and reads it again once rewritten', async () => {
    // A document of an unknown shape is an error, not an absent setting.
    await system.write('buckets/photos/versioning.json', { v: 9 });
    await expect(bucketSettings({ system }, 'photos')).rejects.toThrow(/unreadable versioning/);
    await system.write('buckets/photos/versioning.json', {
      v: 1,
      kind: 'versioning',
      value: { status: 'Suspended' },
    });
    expect((await bucketSettings({ system }, 'photos')).versioning).toBe('suspended');
  });
});
