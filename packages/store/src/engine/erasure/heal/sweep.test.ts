import { mkdir, readdir, rename, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pattern, putRecordBytes, sha256 } from '../../../../test/faults/support.js';
import { objectDir } from '../../fs/layout.js';
import {
  body,
  bytes,
  type EngineFixture,
  engineFixture,
  externalWritesSeen,
  put,
} from '../../test-support/engine.js';
import type { ErasureObjectLayer } from '../erasure-layer.js';
import type { IndexedDrives } from '../indexed-drives.js';

let f: EngineFixture;
let layer: ErasureObjectLayer;
beforeEach(async () => {
  f = await engineFixture();
  layer = await f.open();
  await layer.makeBucket('bkt');
});
afterEach(() => f.close());

const BIG = pattern(400_000, 3);
const read = async (key: string) => sha256(await bytes((await layer.getObject('bkt', key)).stream));
const HOUR_AGO = new Date(Date.now() - 3600_000);

/** A data folder with a shard file in it on every drive, as a crashed write leaves one. */
async function leftover(key: string, dataId: string, old = true): Promise<string[]> {
  const dirs = f.drives.map((d) => join(objectDir(d, 'bkt', key), dataId));
  for (const dir of dirs) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'part.1'), 'shard bytes');
    if (old) {
      await utimes(join(dir, 'part.1'), HOUR_AGO, HOUR_AGO);
      await utimes(dir, HOUR_AGO, HOUR_AGO);
    }
  }
  return dirs;
}

const exists = (dir: string) =>
  readdir(dir).then(
    () => true,
    () => false,
  );

describe('sweeping data no record names', () => {
  it('removes what crashed writes left, and the key folders they leave empty', async () => {
    const ghost = await leftover('never-committed', '5b8f2a9e-0000-4000-8000-000000000001');
    await layer.putObject(put('bkt', 'kept', BIG));
    const beside = await leftover('kept', '5b8f2a9e-0000-4000-8000-000000000002');
    expect(await layer.sweepUnnamedData()).toBe(8);
    for (const dir of [...ghost, ...beside]) expect(await exists(dir), dir).toBe(false);
    for (const d of f.drives) expect(await exists(objectDir(d, 'bkt', 'never-committed'))).toBe(false);
    expect(await read('kept')).toBe(sha256(BIG));
  });

  it('reads no record of a bucket whose objects are all inline: it has no data folder to sweep', async () => {
    for (let i = 0; i < 30; i++) await layer.putObject(put('bkt', `small/${i}`, 'inline'));
    // Counts the range reads of the drives' record tables.
    const drives = (layer as unknown as { ctx: { drives: IndexedDrives } }).ctx.drives;
    let reads = 0;
    for (const ix of drives.all()) {
      const objects = ix!.objects;
      const getRange = objects.getRange.bind(objects);
      objects.getRange = ((...args: Parameters<typeof getRange>) => {
        reads++;
        return getRange(...args);
      }) as typeof objects.getRange;
    }
    expect(await layer.sweepUnnamedData()).toBe(0);
    expect(reads).toBe(0);
    // A data folder left by a crashed write: then the records are read, and it goes.
    await leftover('ghost', '5b8f2a9e-0000-4000-8000-000000000009');
    expect(await layer.sweepUnnamedData()).toBe(4);
    expect(reads).toBeGreaterThan(0);
    expect(await read('small/3')).toBe(sha256(Buffer.from('inline')));
  });

  it('keeps every folder of a key whose record does not decode', async () => {
    const kept = await leftover('unreadable', '5b8f2a9e-0000-4000-8000-000000000005');
    putRecordBytes(f.drives[1]!, 'bkt', 'unreadable', Buffer.from('not a record'));
    externalWritesSeen(layer);
    expect(await layer.sweepUnnamedData()).toBe(0);
    for (const dir of kept) expect(await exists(dir)).toBe(true);
  });

  it('does nothing while a drive is offline: what only it names would look unnamed', async () => {
    const ghost = await leftover('never-committed', '5b8f2a9e-0000-4000-8000-000000000004');
    const format = join(f.drives[3]!, '.stowage.sys/format.json');
    await rename(format, `${format}.aside`);
    expect(await layer.sweepUnnamedData()).toBe(0);
    for (const dir of ghost) expect(await exists(dir)).toBe(true);
    await rename(`${format}.aside`, format);
  });

  it('removes the folders of buckets that do not exist, and nothing else at a drive root', async () => {
    for (const d of f.drives) {
      await mkdir(join(d, 'half-made', 'ab'), { recursive: true });
      await utimes(join(d, 'half-made', 'ab'), HOUR_AGO, HOUR_AGO);
      await utimes(join(d, 'half-made'), HOUR_AGO, HOUR_AGO);
      await mkdir(join(d, 'lost+found'), { recursive: true });
      await mkdir(join(d, 'notes'), { recursive: true });
      await writeFile(join(d, 'notes', 'readme.txt'), 'not the store');
      await utimes(join(d, 'notes'), HOUR_AGO, HOUR_AGO);
    }
    await layer.sweepUnnamedData();
    for (const d of f.drives) {
      expect(await exists(join(d, 'half-made'))).toBe(false);
      expect(await exists(join(d, 'lost+found'))).toBe(true);
      expect(await exists(join(d, 'notes'))).toBe(true);
      expect(await exists(join(d, 'bkt'))).toBe(true);
    }
  });

  it('keeps objects, uploads in progress, recent folders and writes in flight', async () => {
    await layer.putObject(put('bkt', 'object', BIG));
    const { uploadId } = await layer.newMultipartUpload('bkt', 'upload', {});
    await layer.putObjectPart({
      bucket: 'bkt',
      key: 'upload',
      uploadId,
      partNumber: 1,
      body: body(BIG),
      size: BIG.length,
    });
    const recent = await leftover('recent', '5b8f2a9e-0000-4000-8000-000000000003', false);
    let arrive!: () => void;
    const gate = new Promise<void>((resolve) => (arrive = resolve));
    async function* slow() {
      yield BIG.subarray(0, 300_000);
      await gate;
      yield BIG.subarray(300_000);
    }
    const writing = layer.putObject(
      put('bkt', 'in-flight', Buffer.alloc(0), { body: Readable.from(slow()), size: BIG.length }),
    );
    // Its first block is on the drives, in a folder no record names yet.
    await expect
      .poll(async () => (await readdir(objectDir(f.drives[0]!, 'bkt', 'in-flight')).catch(() => [])).length)
      .toBeGreaterThan(0);
    expect(await layer.sweepUnnamedData()).toBe(0);
    arrive();
    await writing;
    expect(await read('in-flight')).toBe(sha256(BIG));
    expect(await read('object')).toBe(sha256(BIG));
    for (const dir of recent) expect(await exists(dir)).toBe(true);
    expect((await layer.listObjectParts('bkt', 'upload', uploadId)).map((p) => p.size)).toEqual([BIG.length]);
    await layer.completeMultipartUpload({
      bucket: 'bkt',
      key: 'upload',
      uploadId,
      versioning: 'unversioned',
      parts: [{ number: 1, etag: (await layer.listObjectParts('bkt', 'upload', uploadId))[0]!.etag }],
    });
    expect(await read('upload')).toBe(sha256(BIG));
  });
});
