import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { objectDir } from '../fs/layout.js';
import { bytes, type EngineFixture, engineFixture } from '../test-support/engine.js';

// Drives of the first on-disk format (a meta.json per key) are migrated into the index.

let f: EngineFixture;
beforeEach(async () => {
  f = await engineFixture();
});
afterEach(() => f.close());

describe('format 1 drives', () => {
  it('move their meta.json records into the index on start, and the objects read back', async () => {
    const drives = ['m0', 'm1', 'm2', 'm3'].map((d) => join(f.dir, d));
    const dataId = '0f8e6b1e-6c2f-4d55-9a61-0d3f3c5e2b11';
    for (const [index, d] of drives.entries()) {
      await mkdir(join(d, '.stowage.sys/buckets'), { recursive: true });
      await writeFile(
        join(d, '.stowage.sys/format.json'),
        JSON.stringify({ format: 'stowage', version: 1, deploymentId: 'dep-1', drives: 4, index }),
      );
      await writeFile(
        join(d, '.stowage.sys/buckets/photos.json'),
        JSON.stringify({ v: 1, name: 'photos', created: '2026-01-01T00:00:00.000Z' }),
      );
    }
    // Object metadata version 1: the whole object as one raw file on the first drive.
    const dir = objectDir(drives[0]!, 'photos', 'photos/cat.jpg');
    await mkdir(dir, { recursive: true });
    await copyFile(
      new URL('../../../test/fixtures/object-meta-v1.json', import.meta.url),
      join(dir, 'meta.json'),
    );
    await writeFile(join(dir, dataId), 'hello');
    const migrated = await f.open({ drives });
    const { info, stream } = await migrated.getObject('photos', 'photos/cat.jpg');
    expect((await bytes(stream)).toString()).toBe('hello');
    expect(info).toMatchObject({
      versionId: 'null',
      etag: '5d41402abc4b2a76b9719d911017c592',
      contentType: 'image/jpeg',
      userMeta: { owner: 'ann' },
      headers: { 'cache-control': 'no-cache' },
      modTime: new Date('2026-01-02T03:04:05.000Z'),
    });
    expect(await readdir(dir)).toEqual([dataId]);
    const format = JSON.parse(await readFile(join(drives[0]!, '.stowage.sys/format.json'), 'utf8'));
    expect(format.version).toBe(2);
    expect(migrated.healQueue.size).toBe(0);
  });
});
