import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  corruptShard,
  damageTreePages,
  driveRecord,
  driveWithShard,
  dropRecord,
  pattern,
  putRecord,
  putRecordBytes,
  sha256,
  wipeDrive,
} from '../../../../test/faults/support.js';
import { dataDir, objectDir, rebuildMarkerPath } from '../../fs/layout.js';
import {
  bytes,
  type EngineFixture,
  engineFixture,
  externalWritesSeen,
  put,
} from '../../test-support/engine.js';
import type { ErasureObjectLayer } from '../erasure-layer.js';

let f: EngineFixture;
let layer: ErasureObjectLayer;
const SMALL = pattern(5000, 1);
const BIG = pattern(2 * 1024 * 1024 + 5, 2);

beforeEach(async () => {
  f = await engineFixture();
  layer = await f.open();
  await layer.makeBucket('bkt');
  await layer.putObject(put('bkt', 'small', SMALL));
  await layer.putObject(put('bkt', 'big', BIG));
});
afterEach(() => f.close());

/** Writes `data` into a file at `position`, as damage would. */
async function writeAt(file: string, data: Buffer, position: number): Promise<void> {
  const fh = await open(file, 'r+');
  await fh.write(data, 0, data.length, position);
  await fh.close();
}

const read = async (key: string) => sha256(await bytes((await layer.getObject('bkt', key)).stream));

/** Every file of an object on a drive (its shard files), by name, as hashes, plus its record. */
async function snapshot(drive: string, key: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const record = driveRecord(drive, 'bkt', key);
  const data = record?.versions[0]?.data;
  if (data?.inline) out.inline = sha256(data.inline);
  for (const part of data?.parts ?? [])
    if (part.file)
      out[part.file] = sha256(await readFile(join(dataDir(drive, 'bkt', key, data!.id), part.file)));
  return out;
}

describe('bitrot and heal', () => {
  it('detects a corrupt shard, still returns the right bytes and queues the object', async () => {
    // A data shard: reads open those first.
    await corruptShard(f.drives[driveWithShard(f.drives, 'bkt', 'big', 0)]!, 'bkt', 'big');
    expect(await read('big')).toBe(sha256(BIG));
    expect([...layer.healQueue]).toEqual(['bkt/big']);
  });

  it('heal rewrites corrupt shards byte for byte, in files and inline', async () => {
    const before = await snapshot(f.drives[1]!, 'big');
    const smallBefore = await snapshot(f.drives[3]!, 'small');
    await corruptShard(f.drives[1]!, 'bkt', 'big');
    await corruptShard(f.drives[3]!, 'bkt', 'small');
    expect(await snapshot(f.drives[1]!, 'big')).not.toEqual(before);
    expect(await layer.heal('bkt', 'big', { deep: true })).toEqual({
      healed: [1],
      before: ['ok', 'corrupt', 'ok', 'ok'],
      after: ['ok', 'ok', 'ok', 'ok'],
    });
    expect(await layer.heal('bkt', 'small', { deep: true })).toEqual({
      healed: [3],
      before: ['ok', 'ok', 'ok', 'corrupt'],
      after: ['ok', 'ok', 'ok', 'ok'],
    });
    expect(await snapshot(f.drives[1]!, 'big')).toEqual(before);
    expect(await snapshot(f.drives[3]!, 'small')).toEqual(smallBefore);
    expect(await layer.heal('bkt', 'big', { deep: true })).toEqual({
      healed: [],
      before: ['ok', 'ok', 'ok', 'ok'],
      after: ['ok', 'ok', 'ok', 'ok'],
    });
  });

  it('a deep dry run names the drive with a corrupt shard and changes nothing', async () => {
    await corruptShard(f.drives[2]!, 'bkt', 'big');
    const damaged = await snapshot(f.drives[2]!, 'big');
    const dry = await layer.heal('bkt', 'big', { deep: true, dryRun: true });
    expect(dry).toEqual({
      healed: [2],
      before: ['ok', 'ok', 'corrupt', 'ok'],
      after: ['ok', 'ok', 'corrupt', 'ok'],
    });
    expect(await snapshot(f.drives[2]!, 'big')).toEqual(damaged);
    // Without deep, sizes alone cannot see it.
    expect((await layer.heal('bkt', 'big', { dryRun: true })).before).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect((await layer.heal('bkt', 'big', { deep: true })).after).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('a wiped drive is formatted again and gets every record and shard back', async () => {
    const before = await snapshot(f.drives[2]!, 'big');
    await wipeDrive(f.drives[2]!);
    expect(await read('big')).toBe(sha256(BIG));
    expect(await read('small')).toBe(sha256(SMALL));
    expect(layer.backendInfo().onlineDrives).toBe(3);
    await layer.recoverDrives();
    expect(layer.backendInfo().onlineDrives).toBe(4);
    expect(await snapshot(f.drives[2]!, 'big')).toEqual(before);
    expect(await readdir(join(f.drives[2]!, '.stowage.sys'))).toEqual(
      expect.arrayContaining(['format.json', 'buckets', 'tmp', 'index']),
    );
    // With the healed drive back, two other drives may now fail.
    await wipeDrive(f.drives[0]!);
    await wipeDrive(f.drives[1]!);
    expect(await read('big')).toBe(sha256(BIG));
    expect(await read('small')).toBe(sha256(SMALL));
  });

  it('a drive whose index files are lost, stopped or running, is filled again like a wiped one', async () => {
    const index = join(f.drives[3]!, '.stowage.sys/index');
    // Stopped: the index is made new at start, and the start heals every object onto it.
    await layer.shutdown();
    await rm(index, { recursive: true });
    layer = await f.open();
    await layer.recoverFreshDrives();
    expect(driveRecord(f.drives[3]!, 'bkt', 'big')).toBeDefined();
    expect(driveRecord(f.drives[3]!, 'bkt', 'small')).toBeDefined();
    // Running: the drive is offline at once (no write goes to the unlinked index), then back.
    await rm(index, { recursive: true });
    await layer.putObject(put('bkt', 'later', 'written while the index was gone'));
    expect(layer.backendInfo().onlineDrives).toBe(3);
    await layer.recoverDrives();
    expect(layer.backendInfo().onlineDrives).toBe(4);
    for (const key of ['big', 'small', 'later'])
      expect(driveRecord(f.drives[3]!, 'bkt', key), key).toBeDefined();
    // Every object now survives two other drives failing.
    await wipeDrive(f.drives[0]!);
    await wipeDrive(f.drives[1]!);
    expect(await read('big')).toBe(sha256(BIG));
    expect(await read('later')).toBe(sha256(Buffer.from('written while the index was gone')));
  });

  it("healing a damaged record leaves the bucket's usage as it was", async () => {
    const before = await layer.bucketUsage('bkt');
    // Drive 0 answers usage; its record of 'big' can no longer be read.
    putRecordBytes(f.drives[0]!, 'bkt', 'big', Buffer.from('damaged record bytes'));
    externalWritesSeen(layer);
    await layer.heal('bkt', 'big');
    expect(driveRecord(f.drives[0]!, 'bkt', 'big')?.versions).toHaveLength(1);
    expect(await layer.bucketUsage('bkt')).toEqual(before);
  });

  it('a rebuild a restart cut short is taken up again at the next start', async () => {
    await layer.shutdown();
    await rm(join(f.drives[3]!, '.stowage.sys/index'), { recursive: true });
    // This start finds the drive's index gone, and stops before filling it.
    layer = await f.open();
    expect(existsSync(rebuildMarkerPath(f.drives[3]!))).toBe(true);
    await layer.shutdown();
    // The next start has an index on the drive, but knows the drive is not whole yet.
    layer = await f.open();
    await layer.recoverFreshDrives();
    expect(driveRecord(f.drives[3]!, 'bkt', 'big')).toBeDefined();
    expect(driveRecord(f.drives[3]!, 'bkt', 'small')).toBeDefined();
    expect(existsSync(rebuildMarkerPath(f.drives[3]!))).toBe(false);
  });

  it('a drive is noted as being filled again before its new index is made', async () => {
    await layer.shutdown();
    const index = join(f.drives[3]!, '.stowage.sys/index');
    await rm(index, { recursive: true });
    // The index cannot be made (a file in its way), as if the start ended right there.
    await writeFile(index, 'in the way');
    layer = await f.open();
    expect(existsSync(rebuildMarkerPath(f.drives[3]!))).toBe(true);
    await layer.shutdown();
    await rm(index);
    layer = await f.open();
    await layer.recoverFreshDrives();
    expect(driveRecord(f.drives[3]!, 'bkt', 'big')).toBeDefined();
    expect(existsSync(rebuildMarkerPath(f.drives[3]!))).toBe(false);
  });

  /** Drive 3, its index damaged, is offline; once recovered it holds every record, the damaged index kept aside. */
  async function expectDrive3FilledAgain(): Promise<void> {
    expect(layer.backendInfo().onlineDrives).toBe(3);
    expect(await read('big')).toBe(sha256(BIG));
    await layer.putObject(put('bkt', 'later', 'written while the index was damaged'));
    await layer.recoverDrives();
    expect(layer.backendInfo().onlineDrives).toBe(4);
    for (const key of ['big', 'small', 'later'])
      expect(driveRecord(f.drives[3]!, 'bkt', key), key).toBeDefined();
    // Kept for inspection beside the new index.
    expect(
      (await readdir(join(f.drives[3]!, '.stowage.sys'))).filter((n) => n.startsWith('index.damaged-')),
    ).toHaveLength(1);
  }

  it.each([
    ['cut short', (file: string) => truncate(file, 8192)],
    ['its meta pages zeroed', (file: string) => writeAt(file, Buffer.alloc(8192), 0)],
    ['overwritten at random', (file: string) => writeAt(file, pattern(64 * 1024, 9), 0)],
    // LMDB would read on, a node beyond its page's end (an abort, or garbage).
    ['damaged in its tree pages', (file: string) => damageTreePages(file, 'node outside its page')],
  ])(
    'a drive whose index file is %s is never mapped: offline, set aside, filled again',
    async (_, damage) => {
      await layer.shutdown();
      const index = join(f.drives[3]!, '.stowage.sys/index');
      await damage(join(index, 'data.mdb'));
      layer = await f.open();
      await expectDrive3FilledAgain();
    },
  );

  it('an index file cut short while the store runs takes its drive offline before any read of it', async () => {
    const file = join(f.drives[3]!, '.stowage.sys/index/data.mdb');
    await truncate(file, 8192);
    await layer.putObject(put('bkt', 'during', 'written after the cut'));
    expect(await read('big')).toBe(sha256(BIG));
    expect(layer.backendInfo().onlineDrives).toBe(3);
    await layer.recoverDrives();
    expect(layer.backendInfo().onlineDrives).toBe(4);
    expect(driveRecord(f.drives[3]!, 'bkt', 'during')).toBeDefined();
  });

  it('an index damaged while the store runs is found by a check: offline, set aside, filled again', async () => {
    // Nothing reads the drive between the damage and the check (LMDB would follow it).
    expect(
      await damageTreePages(join(f.drives[3]!, '.stowage.sys/index/data.mdb'), 'last node cut off'),
    ).toBeGreaterThan(0);
    expect(await layer.checkIndexes()).toEqual([3]);
    await expectDrive3FilledAgain();
    expect(await layer.checkIndexes()).toEqual([]);
  });

  it('a check of sound indexes while writes commit finds nothing', async () => {
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing; i++) {
        await layer.putObject(put('bkt', `w/${i % 50}`, pattern(i % 3 === 0 ? 200_000 : 3000, i)));
        if (i % 5 === 0) await layer.deleteObject('bkt', `w/${(i * 7) % 50}`, { versioning: 'unversioned' });
      }
    })();
    for (let round = 0; round < 60; round++) expect(await layer.checkIndexes()).toEqual([]);
    writing = false;
    await writes;
    expect(layer.backendInfo().onlineDrives).toBe(4);
  });

  it('drives being filled again are no votes against a version: its last record is kept', async () => {
    await layer.shutdown();
    // Beyond parity: two drives wiped and a third's index lost. Drive 2 alone still names
    // the objects; heal must not delete that record, the only thing left to recover from.
    await wipeDrive(f.drives[0]!);
    await wipeDrive(f.drives[1]!);
    await rm(join(f.drives[3]!, '.stowage.sys/index'), { recursive: true });
    layer = await f.open();
    await layer.recoverFreshDrives();
    expect(driveRecord(f.drives[2]!, 'bkt', 'big')).toBeDefined();
    expect(driveRecord(f.drives[2]!, 'bkt', 'small')).toBeDefined();
  });

  it('a write that misses quorum fails, and the old object stays', async () => {
    await wipeDrive(f.drives[0]!);
    await wipeDrive(f.drives[1]!);
    await expect(layer.putObject(put('bkt', 'big', 'new'))).rejects.toMatchObject({
      code: 'XMinioInsufficientWriteQuorum',
    });
    expect(await read('big')).toBe(sha256(BIG));
  });

  it('a commit that reaches only two drives is undone on them', async () => {
    // A file where drives 0 and 1 keep the key's data folders makes their commits fail.
    for (const d of f.drives.slice(0, 2)) {
      await rename(objectDir(d, 'bkt', 'big'), `${objectDir(d, 'bkt', 'big')}.aside`);
      await writeFile(objectDir(d, 'bkt', 'big'), 'not a folder');
    }
    const before = await snapshot(f.drives[3]!, 'big');
    await expect(layer.putObject(put('bkt', 'big', pattern(300_000, 9)))).rejects.toMatchObject({
      code: 'XMinioInsufficientWriteQuorum',
    });
    expect(await snapshot(f.drives[3]!, 'big')).toEqual(before);
    expect(await read('big')).toBe(sha256(BIG));
    expect(await readdir(objectDir(f.drives[3]!, 'bkt', 'big'))).toHaveLength(1);
    for (const d of f.drives) expect(await readdir(join(d, '.stowage.sys/tmp'))).toEqual([]);
  });
});

describe('metadata changed in place (tags, retention, legal hold)', () => {
  it('a stale drive is outvoted, never read as the version, and heal gives it the agreed metadata', async () => {
    for (const key of ['small', 'big']) {
      const stale = driveRecord(f.drives[0]!, 'bkt', key)!;
      const shards = await snapshot(f.drives[0]!, key);
      await layer.updateObjectMeta('bkt', key, undefined, () => ({ legalHold: true, tags: 'a=1' }));
      // Drive 0 comes back from before the change (restored, or it missed the commit).
      putRecord(f.drives[0]!, 'bkt', key, stale);
      const info = await layer.getObjectInfo('bkt', key);
      expect([info.legalHold, info.tags]).toEqual([true, 'a=1']);
      await layer.heal('bkt', key);
      for (const d of f.drives) {
        const versions = driveRecord(d, 'bkt', key)!.versions;
        expect(versions.map((v) => [v.legalHold, v.tags])).toEqual([[true, 'a=1']]);
      }
      // The drive kept its own shards: only its record changed.
      expect(await snapshot(f.drives[0]!, key)).toEqual(shards);
      expect(await read(key)).toBe(sha256(key === 'big' ? BIG : SMALL));
    }
  });

  it('a change that reached half the drives: one answer for every read, one copy per drive after heal', async () => {
    const before = f.drives.map((d) => driveRecord(d, 'bkt', 'big')!);
    await layer.updateObjectMeta('bkt', 'big', undefined, () => ({ tags: 'state=new' }));
    for (const i of [0, 1]) putRecord(f.drives[i]!, 'bkt', 'big', before[i]!);
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) seen.add((await layer.getObjectInfo('bkt', 'big')).tags);
    expect(seen.size).toBe(1);
    await layer.heal('bkt', 'big');
    const copies = f.drives.map((d) => driveRecord(d, 'bkt', 'big')!.versions.map((v) => v.tags ?? ''));
    expect(new Set(copies.map((c) => JSON.stringify(c))).size).toBe(1);
    expect(copies[0]).toHaveLength(1);
    expect(await read('big')).toBe(sha256(BIG));
    // A later change applies to every drive from the agreed copy.
    await layer.updateObjectMeta('bkt', 'big', undefined, () => ({ legalHold: false }));
    for (const d of f.drives) expect(driveRecord(d, 'bkt', 'big')!.versions[0]!.legalHold).toBe(false);
  });
});

describe('a metadata change and drives without the version', () => {
  it('counts only drives that hold the version: enough of them commit it, heal brings the rest', async () => {
    dropRecord(f.drives[0]!, 'bkt', 'big');
    externalWritesSeen(layer);
    await layer.updateObjectMeta('bkt', 'big', undefined, () => ({ legalHold: true }));
    expect(driveRecord(f.drives[0]!, 'bkt', 'big')).toBeUndefined();
    await layer.healQueued();
    for (const d of f.drives) expect(driveRecord(d, 'bkt', 'big')!.versions[0]!.legalHold).toBe(true);
    // With two holders gone, a change cannot reach write quorum: refused, and nothing changed.
    dropRecord(f.drives[0]!, 'bkt', 'big');
    dropRecord(f.drives[1]!, 'bkt', 'big');
    externalWritesSeen(layer);
    await expect(
      layer.updateObjectMeta('bkt', 'big', undefined, () => ({ legalHold: false })),
    ).rejects.toMatchObject({
      code: 'XMinioInsufficientWriteQuorum',
    });
    for (const d of f.drives.slice(2))
      expect(driveRecord(d, 'bkt', 'big')!.versions[0]!.legalHold).toBe(true);
  });
});

describe('leftovers of a crashed write', () => {
  it('a record on fewer drives than quorum is not listed, not readable, and heal removes it', async () => {
    await layer.putObject(put('bkt', 'torn', pattern(300_000, 5)));
    // As if the process died after the first drive's commit: only drive 0 has the record.
    for (const d of f.drives.slice(1)) dropRecord(d, 'bkt', 'torn');
    // A data folder renamed in just before the crash, with no record pointing to it.
    await mkdir(join(objectDir(f.drives[0]!, 'bkt', 'big'), 'stray'));
    await layer.shutdown();
    const fresh = await f.open();
    const list = await fresh.listObjects({
      bucket: 'bkt',
      prefix: '',
      delimiter: '',
      marker: '',
      maxKeys: 10,
    });
    expect(list.objects.map((o) => o.key)).toEqual(['big', 'small']);
    await expect(fresh.getObjectInfo('bkt', 'torn')).rejects.toMatchObject({ code: 'NoSuchKey' });
    expect([...fresh.healQueue]).toContain('bkt/torn');
    await fresh.healQueued();
    expect(driveRecord(f.drives[0]!, 'bkt', 'torn')).toBeUndefined();
    // Its folder goes too once nothing is left in it.
    expect(
      await readdir(objectDir(f.drives[0]!, 'bkt', 'torn')).catch((e: NodeJS.ErrnoException) => e.code),
    ).toBe('ENOENT');
    await fresh.heal('bkt', 'big');
    expect(await readdir(objectDir(f.drives[0]!, 'bkt', 'big'))).not.toContain('stray');
  });
});

describe('heal beside writes in progress', () => {
  it('leaves the shard files of a body still arriving: the write lands and reads back whole', async () => {
    const first = pattern(2 * 1024 * 1024, 6);
    const rest = pattern(1024 * 1024, 7);
    let arrive!: () => void;
    const gate = new Promise<void>((resolve) => (arrive = resolve));
    async function* slowBody() {
      yield first;
      await gate;
      yield rest;
    }
    for (const key of ['big', 'fresh']) {
      const writing = layer.putObject({
        ...put('bkt', key, ''),
        body: Readable.from(slowBody()),
        size: first.length + rest.length,
      });
      // The body's first block is on the drives, in a folder no record names yet.
      await expect
        .poll(async () => (await readdir(objectDir(f.drives[0]!, 'bkt', key)).catch(() => [])).length)
        .toBeGreaterThan(key === 'big' ? 1 : 0);
      await layer.heal('bkt', key);
      arrive();
      await writing;
      expect(await read(key)).toBe(sha256(Buffer.concat([first, rest])));
    }
  });

  it('still clears a stray folder no write is filling', async () => {
    await mkdir(join(objectDir(f.drives[2]!, 'bkt', 'big'), 'stray'));
    await layer.heal('bkt', 'big');
    expect(await readdir(objectDir(f.drives[2]!, 'bkt', 'big'))).not.toContain('stray');
    expect(await read('big')).toBe(sha256(BIG));
  });
});

describe('documents on a drive that comes back blank', () => {
  it('a restart or a drive recovery copies bucket records and system documents back to it', async () => {
    await layer.system.write('iam/users/ann.json', { v: 1, name: 'ann' });
    await layer.shutdown();
    await wipeDrive(f.drives[1]!);
    const restarted = await f.open();
    await restarted.recoverFreshDrives();
    const copy = (d: number, p: string) => readFile(join(f.drives[d]!, '.stowage.sys', p), 'utf8');
    expect(JSON.parse(await copy(1, 'config/iam/users/ann.json'))).toEqual({ v: 1, name: 'ann' });
    expect(JSON.parse(await copy(1, 'buckets/bkt.json'))).toMatchObject({ name: 'bkt' });
    expect(driveRecord(f.drives[1]!, 'bkt', 'small')).toBeDefined();
    await wipeDrive(f.drives[2]!);
    await restarted.getObjectInfo('bkt', 'small'); // notices the drive is gone
    await restarted.recoverDrives();
    expect(JSON.parse(await copy(2, 'config/iam/users/ann.json'))).toEqual({ v: 1, name: 'ann' });
    // Two other drives may now go: the documents still have read quorum.
    await wipeDrive(f.drives[0]!);
    await wipeDrive(f.drives[3]!);
    expect(await restarted.system.read('iam/users/ann.json')).toEqual({ v: 1, name: 'ann' });
  });
});
