import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { damageTreePages } from '../../../../test/faults/support.js';
import { EngineError } from '../../errors.js';
import { indexFilePath } from '../../fs/drive-index.js';
import { initDrives } from '../../fs/drives.js';
import { bucketDir, bucketRecordPath } from '../../fs/layout.js';
import { commonPrefix, compareKeys } from '../../listing.js';
import { bytes, put } from '../../test-support/engine.js';
import { deploymentKey, setOfKey } from './set-layout.js';
import { ErasureSets } from './sets-layer.js';

// A deployment of 32 drives: two erasure sets of 16 (EC 12+4), as MinIO would make them.

let dir: string;
let paths: string[];
let layer: ErasureSets;
const opened: ErasureSets[] = [];

let deploymentId = '';

async function open(): Promise<ErasureSets> {
  const deployment = await initDrives(paths);
  deploymentId = deployment.deploymentId;
  const l = await ErasureSets.open(deployment);
  opened.push(l);
  return l;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-sets-'));
  paths = Array.from({ length: 32 }, (_, i) => join(dir, `d${i}`));
  layer = await open();
  await layer.makeBucket('bkt');
});

afterEach(async () => {
  for (const l of opened.splice(0)) await l.shutdown().catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

const setOf = (key: string) => setOfKey(key, 2, deploymentKey(deploymentId));

/** Keys that land in set `s`, from a numbered name pattern. */
function keysIn(s: number, count: number, name = (i: number) => `k${i}`): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) if (setOf(name(i)) === s) out.push(name(i));
  return out;
}

const isMissing = (code: string) => (err: unknown) => err instanceof EngineError && err.code === code;

/** Every page of a listing, followed by its continuation, as one list of names. */
async function pageAll(prefix: string, delimiter: string, maxKeys: number): Promise<string[]> {
  const names: string[] = [];
  let marker = '';
  for (;;) {
    const page = await layer.listObjects({ bucket: 'bkt', prefix, delimiter, marker, maxKeys });
    const entries = [...page.objects.map((o) => o.key), ...page.prefixes].sort(compareKeys);
    expect(entries.length).toBeLessThanOrEqual(maxKeys);
    names.push(...entries);
    if (!page.isTruncated) return names;
    expect(page.nextMarker).toBe(entries.at(-1));
    marker = page.nextMarker!;
  }
}

function expected(keys: string[], prefix: string, delimiter: string): string[] {
  const out = new Set<string>();
  for (const k of keys) if (k.startsWith(prefix)) out.add(commonPrefix(k, prefix, delimiter) ?? k);
  return [...out].sort(compareKeys);
}

describe('a deployment of two erasure sets', () => {
  it('reports 32 drives in two sets of 16, each drive with its set and position', async () => {
    expect(layer.backendInfo()).toMatchObject({
      drives: 32,
      onlineDrives: 32,
      sets: 2,
      setDrives: 16,
      dataShards: 12,
      parityShards: 4,
    });
    const drives = await layer.drives();
    expect(drives.map((d) => [d.index, d.set, d.inSet])).toEqual(paths.map((_, i) => [i, i >> 4, i % 16]));
    expect(drives[20]!.path).toBe(paths[20]);
  });

  it('keeps each key in the set its name hashes to, and reads every one back', async () => {
    const keys = Array.from({ length: 60 }, (_, i) => `photos/${i}.jpg`);
    for (const k of keys) await layer.putObject(put('bkt', k, `content of ${k}`));
    const placed = [0, 0];
    for (const k of keys) {
      const s = setOf(k);
      placed[s]!++;
      expect((await bytes((await layer.getObject('bkt', k)).stream)).toString()).toBe(`content of ${k}`);
      await expect(layer.sets[s]!.getObjectInfo('bkt', k)).resolves.toMatchObject({ key: k });
      await expect(layer.sets[1 - s]!.getObjectInfo('bkt', k)).rejects.toSatisfy(isMissing('NoSuchKey'));
    }
    expect(placed[0]).toBeGreaterThan(10);
    expect(placed[1]).toBeGreaterThan(10);
    expect(await layer.bucketUsage('bkt')).toMatchObject({ objects: 60, versions: 60 });
  });

  it('lists the sets as one bucket, page after page, with and without a delimiter', async () => {
    const keys = [
      ...Array.from({ length: 40 }, (_, i) => `a/${i}`),
      ...Array.from({ length: 30 }, (_, i) => `b/${i % 3}/${i}`),
      ...Array.from({ length: 25 }, (_, i) => `c${i}`),
      'a',
      'b/',
    ];
    for (const k of keys) await layer.putObject(put('bkt', k, 'x'));
    for (const [prefix, delimiter] of [
      ['', ''],
      ['', '/'],
      ['a/', ''],
      ['b/', '/'],
      ['c', '/'],
    ] as const)
      for (const maxKeys of [1, 7, 1000])
        expect(await pageAll(prefix, delimiter, maxKeys), `${prefix}|${delimiter}|${maxKeys}`).toEqual(
          expected(keys, prefix, delimiter),
        );
  });

  it('lists versions and uploads across the sets, page after page, as one listing', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `v/${i}`);
    for (const k of keys)
      for (let n = 0; n < 3; n++)
        await layer.putObject(put('bkt', k, `${k}#${n}`, { versioning: 'enabled' }));
    await layer.deleteObject('bkt', 'v/3', { versioning: 'enabled' });
    const whole = await layer.listObjectVersions({
      bucket: 'bkt',
      prefix: '',
      delimiter: '',
      keyMarker: '',
      versionIdMarker: '',
      maxKeys: 1000,
    });
    expect(whole.versions).toHaveLength(37);
    expect(whole.versions.map((v) => v.key)).toEqual(whole.versions.map((v) => v.key).sort(compareKeys));
    const paged: string[] = [];
    let keyMarker = '';
    let versionIdMarker = '';
    for (;;) {
      const page = await layer.listObjectVersions({
        bucket: 'bkt',
        prefix: '',
        delimiter: '',
        keyMarker,
        versionIdMarker,
        maxKeys: 4,
      });
      paged.push(...page.versions.map((v) => `${v.key}@${v.versionId}`));
      if (!page.isTruncated) break;
      keyMarker = page.nextKeyMarker!;
      versionIdMarker = page.nextVersionIdMarker ?? '';
    }
    expect(paged).toEqual(whole.versions.map((v) => `${v.key}@${v.versionId}`));

    const uploads: string[] = [];
    for (const k of [...keys, keys[0]!, keys[5]!])
      uploads.push(`${k}@${(await layer.newMultipartUpload('bkt', k, {})).uploadId}`);
    const listed: string[] = [];
    let uploadMarker = { key: '', id: '' };
    for (;;) {
      const page = await layer.listMultipartUploads({
        bucket: 'bkt',
        prefix: '',
        delimiter: '',
        keyMarker: uploadMarker.key,
        uploadIdMarker: uploadMarker.id,
        maxUploads: 5,
      });
      listed.push(...page.uploads.map((u) => `${u.key}@${u.uploadId}`));
      if (!page.isTruncated) break;
      uploadMarker = { key: page.nextKeyMarker!, id: page.nextUploadIdMarker ?? '' };
    }
    expect([...listed].sort()).toEqual([...uploads].sort());
    expect(listed.map((u) => u.split('@')[0]!)).toEqual(
      listed.map((u) => u.split('@')[0]!).sort(compareKeys),
    );
  });

  it('makes and removes a bucket in every set; a set that holds an object refuses before any set removes it', async () => {
    for (const s of layer.sets) await expect(s.getBucketInfo('bkt')).resolves.toMatchObject({ name: 'bkt' });
    const [inSecond] = keysIn(1, 1);
    await layer.putObject(put('bkt', inSecond!, 'kept'));
    await expect(layer.deleteBucket('bkt')).rejects.toSatisfy(isMissing('BucketNotEmpty'));
    for (const s of layer.sets) await expect(s.getBucketInfo('bkt')).resolves.toMatchObject({ name: 'bkt' });
    expect((await bytes((await layer.getObject('bkt', inSecond!)).stream)).toString()).toBe('kept');

    await layer.deleteObject('bkt', inSecond!, { versioning: 'unversioned' });
    let removedAfter = false;
    await layer.deleteBucket('bkt', {
      afterRemove: async () => {
        removedAfter = true;
      },
    });
    expect(removedAfter).toBe(true);
    for (const s of layer.sets)
      await expect(s.getBucketInfo('bkt')).rejects.toSatisfy(isMissing('NoSuchBucket'));
    await layer.makeBucket('bkt');
    await expect(layer.makeBucket('bkt')).rejects.toSatisfy(isMissing('BucketAlreadyOwnedByYou'));

    // Forced: with objects in both sets.
    for (const k of [...keysIn(0, 2), ...keysIn(1, 2)]) await layer.putObject(put('bkt', k, 'x'));
    await layer.deleteBucket('bkt', { force: true });
    expect(await layer.listBuckets()).toEqual([]);
    for (const s of layer.sets) expect(await s.listBuckets()).toEqual([]);
  });

  it('gives a set that lost a bucket the bucket back when a call meets its absence', async () => {
    const [inFirst] = keysIn(0, 1);
    const [inSecond] = keysIn(1, 1);
    await layer.putObject(put('bkt', inSecond!, 'before'));
    // The second set's part of the bucket is gone (a deletion that failed half-way, say).
    await layer.sets[1]!.deleteBucket('bkt', { force: true });
    await expect(layer.getObject('bkt', inSecond!)).rejects.toSatisfy(isMissing('NoSuchKey'));
    await layer.putObject(put('bkt', inSecond!, 'after'));
    expect((await bytes((await layer.getObject('bkt', inSecond!)).stream)).toString()).toBe('after');
    await layer.sets[1]!.deleteBucket('bkt', { force: true });
    expect(await pageAll('', '', 10)).toEqual([]);
    await layer.putObject(put('bkt', inFirst!, 'first'));
    await layer.sets[1]!.deleteBucket('bkt');
    await expect(layer.bucketUsage('bkt')).resolves.toMatchObject({ objects: 1 });
    // A bucket nobody has is still missing.
    await expect(layer.putObject(put('nope', inSecond!, 'x'))).rejects.toSatisfy(isMissing('NoSuchBucket'));
    await expect(
      layer.listObjects({ bucket: 'nope', prefix: '', delimiter: '', marker: '', maxKeys: 5 }),
    ).rejects.toSatisfy(isMissing('NoSuchBucket'));
  });

  it('counts what a set that lost its bucket record still holds when the bucket is deleted', async () => {
    const [key] = keysIn(1, 1);
    await layer.putObject(put('bkt', key!, 'kept'));
    // The second set's record of the bucket is gone from its drives (its index still holds
    // the object), and nothing has read it since.
    for (const drive of paths.slice(16)) await rm(bucketRecordPath(drive, 'bkt'), { force: true });
    (layer.sets[1] as unknown as { buckets: { forget(): void } }).buckets.forget();
    await expect(layer.deleteBucket('bkt')).rejects.toSatisfy(isMissing('BucketNotEmpty'));
    expect((await bytes((await layer.getObject('bkt', key!)).stream)).toString()).toBe('kept');

    await layer.deleteBucket('bkt', { force: true });
    for (const s of layer.sets) expect(await s.listBuckets()).toEqual([]);
    // A new bucket of the name starts empty in every set.
    await layer.makeBucket('bkt');
    expect(await pageAll('', '', 10)).toEqual([]);
  });

  it('makes the sets agree on their buckets at start', async () => {
    // The second set lost a bucket; it kept a stray empty one and a stray one with an object
    // (a creation or deletion a crash cut short).
    await layer.sets[1]!.deleteBucket('bkt');
    await layer.sets[1]!.makeBucket('stray');
    await layer.sets[1]!.makeBucket('kept');
    const [key] = keysIn(1, 1);
    await layer.sets[1]!.putObject(put('kept', key!, 'still here'));
    await layer.shutdown();

    layer = await open();
    expect((await layer.listBuckets()).map((b) => b.name)).toEqual(['bkt', 'kept']);
    for (const s of layer.sets) expect((await s.listBuckets()).map((b) => b.name)).toEqual(['bkt', 'kept']);
    expect((await bytes((await layer.getObject('kept', key!)).stream)).toString()).toBe('still here');
  });

  it('settles buckets between the sets without undoing a creation or deletion under way', async () => {
    const made = Array.from({ length: 8 }, (_, i) => `race${i}`);
    const heals = () => Array.from({ length: 8 }, () => layer.healDocuments());
    await Promise.all([...made.map((b) => layer.makeBucket(b)), ...heals()]);
    for (const s of layer.sets)
      expect((await s.listBuckets()).map((b) => b.name)).toEqual(['bkt', ...made].sort(compareKeys));
    await Promise.all([...made.map((b) => layer.deleteBucket(b)), ...heals()]);
    for (const s of layer.sets) expect((await s.listBuckets()).map((b) => b.name)).toEqual(['bkt']);
  });

  it('heals a key in its own set, naming the drive by its place in the deployment', async () => {
    const [key] = keysIn(1, 1, (i) => `big/${i}`);
    const content = randomBytes(300 * 1024);
    await layer.putObject(put('bkt', key!, content));
    // Drive 20 is drive 4 of the second set: its shard files of the object go.
    await rm(bucketDir(paths[20]!, 'bkt'), { recursive: true, force: true });
    const dry = await layer.heal('bkt', key!, { dryRun: true });
    expect(dry.healed).toEqual([20]);
    expect((await layer.heal('bkt', key!)).healed).toEqual([20]);
    expect((await layer.heal('bkt', key!)).healed).toEqual([]);
    const files = await readdir(bucketDir(paths[20]!, 'bkt'), { recursive: true });
    expect(files.some((f) => f.endsWith('part.1'))).toBe(true);
    expect(await bytes((await layer.getObject('bkt', key!)).stream)).toEqual(content);
  });

  it("checks every drive's index, naming a damaged one by its place in the deployment", async () => {
    expect(await layer.checkIndexes()).toEqual([]);
    await damageTreePages(indexFilePath(paths[20]!), 'page number');
    expect(await layer.checkIndexes()).toEqual([20]);
    expect(layer.backendInfo().onlineDrives).toBe(31);
  });

  it('walks the keys to heal of every set in one order', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `w/${String(i).padStart(2, '0')}`);
    for (const k of keys) await layer.putObject(put('bkt', k, 'x'));
    expect(await layer.keysToHeal('bkt', 'w/', undefined, 10)).toEqual(keys.slice(0, 10));
    expect(await layer.keysToHeal('bkt', 'w/', keys[9], 10)).toEqual(keys.slice(10, 20));
    expect(await layer.keysToHeal('bkt', 'w/', keys[29], 10)).toEqual([]);
  });
});

describe('a deployment of three erasure sets', () => {
  beforeEach(async () => {
    await layer.shutdown();
    await rm(dir, { recursive: true, force: true });
    paths = Array.from({ length: 27 }, (_, i) => join(dir, `t${i}`));
    layer = await open();
    await layer.makeBucket('bkt');
  });

  it('forms 27 drives into three sets of 9 and lists them as one', async () => {
    expect(layer.backendInfo()).toMatchObject({
      drives: 27,
      sets: 3,
      setDrives: 9,
      dataShards: 5,
      parityShards: 4,
    });
    const keys = Array.from({ length: 45 }, (_, i) => `n/${i}`);
    for (const k of keys) await layer.putObject(put('bkt', k, k));
    expect(await pageAll('', '', 4)).toEqual(expected(keys, '', ''));
    const used = new Set(keys.map((k) => setOfKey(k, 3, deploymentKey(deploymentId))));
    expect(used.size).toBe(3);
  });

  it('undoes a creation that failed in a later set', async () => {
    const third = layer.sets[2]!;
    const make = third.makeBucket.bind(third);
    third.makeBucket = () => Promise.reject(new Error('drive gone'));
    await expect(layer.makeBucket('half')).rejects.toThrow(/drive gone/);
    third.makeBucket = make;
    for (const s of layer.sets) expect((await s.listBuckets()).map((b) => b.name)).toEqual(['bkt']);
    await layer.makeBucket('half');
    for (const s of layer.sets) expect((await s.listBuckets()).map((b) => b.name)).toEqual(['bkt', 'half']);
  });

  it('removes a bucket from the sets after one that lost it', async () => {
    await layer.sets[1]!.deleteBucket('bkt');
    await layer.deleteBucket('bkt');
    for (const s of layer.sets) expect(await s.listBuckets()).toEqual([]);
  });
});
