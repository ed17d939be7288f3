import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { corruptShard, pattern, sha256, wipeDrive } from '../../../test/faults/support.js';
import { initDrives } from '../fs/drives.js';
import { objectDir } from '../fs/layout.js';
import { ErasureObjectLayer } from './erasure-layer.js';

let dir: string;
let drives: string[];
let layer: ErasureObjectLayer;
const SMALL = pattern(5000, 1);
const BIG = pattern(2 * 1024 * 1024 + 5, 2);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-heal-'));
  drives = ['a', 'b', 'c', 'd'].map((d) => join(dir, d));
  layer = new ErasureObjectLayer(await initDrives(drives));
  await layer.makeBucket('bkt');
  await layer.putObject({ bucket: 'bkt', key: 'small', body: Readable.from([SMALL]) });
  await layer.putObject({ bucket: 'bkt', key: 'big', body: Readable.from([BIG]) });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const read = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const c of (await layer.getObject('bkt', key)).stream) chunks.push(c as Buffer);
  return sha256(Buffer.concat(chunks));
};

/** Every file of an object on a drive, by name, as bytes. */
async function snapshot(drive: string, key: string): Promise<Record<string, string>> {
  const d = objectDir(drive, 'bkt', key);
  const out: Record<string, string> = {};
  for (const f of await readdir(d)) out[f] = sha256(await readFile(join(d, f)));
  return out;
}

describe('bitrot and heal', () => {
  it('detects a corrupt shard, still returns the right bytes and queues the object', async () => {
    await corruptShard(drives[0]!, 'bkt', 'big');
    expect(await read('big')).toBe(sha256(BIG));
    expect([...layer.healQueue]).toEqual(['bkt/big']);
  });

  it('heal rewrites corrupt shards byte for byte', async () => {
    const before = await snapshot(drives[1]!, 'big');
    const smallBefore = await snapshot(drives[3]!, 'small');
    await corruptShard(drives[1]!, 'bkt', 'big');
    await corruptShard(drives[3]!, 'bkt', 'small');
    expect(await snapshot(drives[1]!, 'big')).not.toEqual(before);
    expect(await layer.heal('bkt', 'big')).toEqual({ healed: [1] });
    expect(await layer.heal('bkt', 'small')).toEqual({ healed: [3] });
    expect(await snapshot(drives[1]!, 'big')).toEqual(before);
    // The inline record differs only in nothing: same shard stream, same fields.
    expect(await snapshot(drives[3]!, 'small')).toEqual(smallBefore);
    expect(await layer.heal('bkt', 'big')).toEqual({ healed: [] });
  });

  it('heal restores a wiped drive: format, bucket record, records and shards', async () => {
    const before = await snapshot(drives[2]!, 'big');
    await wipeDrive(drives[2]!);
    expect(await read('big')).toBe(sha256(BIG));
    expect(await read('small')).toBe(sha256(SMALL));
    expect([...layer.healQueue].sort()).toEqual(['bkt/big', 'bkt/small']);
    expect(await layer.healQueued()).toBe(2);
    expect(layer.healQueue.size).toBe(0);
    expect(await snapshot(drives[2]!, 'big')).toEqual(before);
    expect(await readdir(join(drives[2]!, '.stowage.sys'))).toEqual(
      expect.arrayContaining(['format.json', 'buckets', 'tmp']),
    );
    // With the healed drive back, two other drives may now fail.
    await wipeDrive(drives[0]!);
    await wipeDrive(drives[1]!);
    expect(await read('big')).toBe(sha256(BIG));
    expect(await read('small')).toBe(sha256(SMALL));
  });

  it('a write that misses quorum rolls back: the old object stays, nothing is left behind', async () => {
    await wipeDrive(drives[0]!);
    await wipeDrive(drives[1]!);
    await expect(
      layer.putObject({ bucket: 'bkt', key: 'big', body: Readable.from([Buffer.from('new')]) }),
    ).rejects.toMatchObject({ code: 'XMinioInsufficientWriteQuorum' });
    expect(await read('big')).toBe(sha256(BIG));
  });

  it('a commit that reaches only two drives is undone on them', async () => {
    // A folder where drives 0 and 1 expect the record makes their commits fail.
    for (const d of drives.slice(0, 2)) {
      const meta = join(objectDir(d, 'bkt', 'big'), 'meta.json');
      await rm(meta);
      await mkdir(meta);
    }
    const before = await snapshot(drives[3]!, 'big');
    await expect(
      layer.putObject({ bucket: 'bkt', key: 'big', body: Readable.from([pattern(300_000, 9)]) }),
    ).rejects.toMatchObject({ code: 'XMinioInsufficientWriteQuorum' });
    expect(await snapshot(drives[3]!, 'big')).toEqual(before);
    expect(await read('big')).toBe(sha256(BIG));
    for (const d of drives) expect(await readdir(join(d, '.stowage.sys/tmp'))).toEqual([]);
  });
});

describe('leftovers of a crashed write', () => {
  it('a record on fewer drives than quorum is not listed, not readable, and heal removes it', async () => {
    await layer.putObject({ bucket: 'bkt', key: 'torn', body: Readable.from([pattern(300_000, 5)]) });
    // As if the process died after the first drive's commit: only drive 0 has the record.
    for (const d of drives.slice(1)) await rm(objectDir(d, 'bkt', 'torn'), { recursive: true });
    // A shard file renamed in just before the crash, with no record pointing to it.
    await writeFile(join(objectDir(drives[0]!, 'bkt', 'big'), 'stray'), 'x');
    const fresh = new ErasureObjectLayer(await initDrives(drives));
    const list = await fresh.listObjects({
      bucket: 'bkt',
      prefix: '',
      delimiter: '',
      marker: '',
      maxKeys: 10,
    });
    expect(list.objects.map((o) => o.key)).toEqual(['big', 'small']);
    await expect(fresh.getObjectInfo('bkt', 'torn')).rejects.toMatchObject({ code: 'NoSuchKey' });
    expect([...fresh.healQueue]).toEqual(['bkt/torn']);
    await fresh.healQueued();
    await expect(readdir(objectDir(drives[0]!, 'bkt', 'torn'))).rejects.toThrow();
    await fresh.heal('bkt', 'big');
    expect((await readdir(objectDir(drives[0]!, 'bkt', 'big'))).sort()).not.toContain('stray');
  });
});

describe('documents on a drive that comes back blank', () => {
  it('a restart or a heal copies bucket records and system documents back to it', async () => {
    await layer.system.write('iam/users/ann.json', { v: 1, name: 'ann' });
    await wipeDrive(drives[1]!);
    const restarted = new ErasureObjectLayer(await initDrives(drives));
    await restarted.restoreFreshDrives();
    const copy = (p: string) => readFile(join(drives[1]!, '.stowage.sys', p), 'utf8');
    expect(JSON.parse(await copy('config/iam/users/ann.json'))).toEqual({ v: 1, name: 'ann' });
    expect(JSON.parse(await copy('buckets/bkt.json'))).toMatchObject({ name: 'bkt' });
    await wipeDrive(drives[2]!);
    await restarted.heal('bkt', 'small');
    expect(
      JSON.parse(await readFile(join(drives[2]!, '.stowage.sys/config/iam/users/ann.json'), 'utf8')),
    ).toEqual({
      v: 1,
      name: 'ann',
    });
    // Two other drives may now go: the documents still have read quorum.
    await wipeDrive(drives[0]!);
    await wipeDrive(drives[3]!);
    expect(await restarted.system.read('iam/users/ann.json')).toEqual({ v: 1, name: 'ann' });
  });
});
