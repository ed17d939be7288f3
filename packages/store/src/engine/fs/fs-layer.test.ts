import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../errors.js';
import { initDrives } from './drives.js';
import { FsObjectLayer } from './fs-layer.js';
import { objectDir } from './layout.js';

let dir: string;
let drives: string[];
const open = async () => new FsObjectLayer(await initDrives(drives));
const body = (s: string) => Readable.from([Buffer.from(s)]);
const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-engine-'));
  drives = [join(dir, 'a'), join(dir, 'b')];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('FsObjectLayer', () => {
  it('stores keys under their hash, never as paths', async () => {
    const layer = await open();
    await layer.makeBucket('bkt');
    await layer.putObject({ bucket: 'bkt', key: 'x/y/z.txt', body: body('data') });
    const entries = await readdir(join(drives[0]!, 'bkt'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(/^[0-9a-f]{2}$/);
    expect(objectDir(drives[0]!, 'bkt', 'x/y/z.txt').startsWith(join(drives[0]!, 'bkt'))).toBe(true);
  });

  it('rebuilds listings and usage after a restart', async () => {
    const first = await open();
    await first.makeBucket('bkt');
    for (const key of ['b', 'a/1', 'a/2']) await first.putObject({ bucket: 'bkt', key, body: body(key) });
    await first.shutdown();
    const layer = await open();
    const page = await layer.listObjects({
      bucket: 'bkt',
      prefix: '',
      delimiter: '/',
      marker: '',
      maxKeys: 10,
    });
    expect(page.prefixes).toEqual(['a/']);
    expect(page.objects.map((o) => o.key)).toEqual(['b']);
    expect(await layer.bucketUsage('bkt')).toEqual({ size: 7, objects: 3 });
  });

  it('an overwrite keeps exactly one data file beside the record', async () => {
    const layer = await open();
    await layer.makeBucket('bkt');
    await layer.putObject({ bucket: 'bkt', key: 'k', body: body('one') });
    await layer.putObject({ bucket: 'bkt', key: 'k', body: body('two!') });
    expect((await readdir(objectDir(drives[0]!, 'bkt', 'k'))).sort()).toHaveLength(2);
    const { info, stream } = await layer.getObject('bkt', 'k');
    expect(await text(stream)).toBe('two!');
    expect(info.size).toBe(4);
  });

  it('a failed body commits nothing and leaves the old object whole', async () => {
    const layer = await open();
    await layer.makeBucket('bkt');
    await layer.putObject({ bucket: 'bkt', key: 'k', body: body('old') });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(layer.putObject({ bucket: 'bkt', key: 'k', body: failing })).rejects.toThrow(
      'client went away',
    );
    await expect(
      layer.putObject({ bucket: 'bkt', key: 'k', body: body('short'), size: 10 }),
    ).rejects.toMatchObject({
      code: 'IncompleteBody',
    });
    expect(await text((await layer.getObject('bkt', 'k')).stream)).toBe('old');
    expect(await readdir(join(drives[0]!, '.stowage.sys/tmp'))).toEqual([]);
  });

  it('resolves ranges and refuses unsatisfiable ones', async () => {
    const layer = await open();
    await layer.makeBucket('bkt');
    await layer.putObject({ bucket: 'bkt', key: 'k', body: body('0123456789') });
    const r = await layer.getObject('bkt', 'k', { suffix: 3 });
    expect(r.range).toEqual({ start: 7, end: 9 });
    expect(await text(r.stream)).toBe('789');
    await expect(layer.getObject('bkt', 'k', { start: 10 })).rejects.toBeInstanceOf(EngineError);
  });

  it('validates names before touching the disk', async () => {
    const layer = await open();
    await expect(layer.makeBucket('../etc')).rejects.toMatchObject({ code: 'InvalidBucketName' });
    await layer.makeBucket('bkt');
    await expect(layer.putObject({ bucket: 'bkt', key: '../x', body: body('') })).rejects.toMatchObject({
      code: 'XMinioInvalidObjectName',
    });
    await expect(layer.getObjectInfo('nope', 'k')).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });
});
