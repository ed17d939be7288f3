import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStore } from '../../store.js';
import { EngineError } from '../errors.js';
import { initDrives } from '../fs/drives.js';
import { objectDir } from '../fs/layout.js';
import { ErasureObjectLayer } from './erasure-layer.js';

let dir: string;
let drives: string[];
const open = async (parity?: number) =>
  new ErasureObjectLayer(await initDrives(drives), parity === undefined ? {} : { parity });
const body = (s: string) => Readable.from([Buffer.from(s)]);
const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-engine-'));
  drives = ['a', 'b', 'c', 'd'].map((d) => join(dir, d));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('ErasureObjectLayer', () => {
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

  it('an overwrite keeps exactly one shard file beside the record on every drive', async () => {
    const layer = await open();
    await layer.makeBucket('bkt');
    const big = (c: string) => c.repeat(200 * 1024);
    await layer.putObject({ bucket: 'bkt', key: 'k', body: body(big('1')) });
    await layer.putObject({ bucket: 'bkt', key: 'k', body: body(big('2')) });
    for (const d of drives) expect(await readdir(objectDir(d, 'bkt', 'k'))).toHaveLength(2);
    const { info, stream } = await layer.getObject('bkt', 'k');
    expect(await text(stream)).toBe(big('2'));
    expect(info.size).toBe(200 * 1024);
  });

  it('keeps small objects inline: the record is the only file', async () => {
    const layer = await open();
    await layer.makeBucket('bkt');
    await layer.putObject({ bucket: 'bkt', key: 'k', body: body('small') });
    for (const d of drives) expect(await readdir(objectDir(d, 'bkt', 'k'))).toEqual(['meta.json']);
    expect(await text((await layer.getObject('bkt', 'k')).stream)).toBe('small');
  });

  it('EC 2+2 by default; parity is settable and checked', async () => {
    expect((await open()).backendInfo()).toMatchObject({ dataShards: 2, parityShards: 2, drives: 4 });
    expect((await open(1)).backendInfo()).toMatchObject({ dataShards: 3, parityShards: 1 });
    expect((await open(0)).backendInfo()).toMatchObject({ dataShards: 4, parityShards: 0 });
    await expect(open(3)).rejects.toThrow(/Parity must be an integer from 0 to 2/);
    drives = [join(dir, 'single')];
    expect((await open()).backendInfo()).toMatchObject({ dataShards: 1, parityShards: 0, drives: 1 });
  });

  it('stores and reads back on other set sizes: 1 drive (no EC), 2 (1+1), 6 (3+3), 5 with parity 1', async () => {
    const data = Buffer.alloc(1024 * 1024 + 4097, 7);
    for (const [n, parity] of [
      [1, undefined],
      [2, undefined],
      [6, undefined],
      [5, 1],
    ] as const) {
      drives = Array.from({ length: n }, (_, i) => join(dir, `set${n}-${i}`));
      const layer = await open(parity);
      await layer.makeBucket('bkt');
      await layer.putObject({ bucket: 'bkt', key: 'k', body: Readable.from([data]) });
      await layer.putObject({ bucket: 'bkt', key: 's', body: body('tiny') });
      const chunks: Buffer[] = [];
      for await (const c of (await layer.getObject('bkt', 'k')).stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(data)).toBe(true);
      expect(await text((await layer.getObject('bkt', 's')).stream)).toBe('tiny');
    }
  });

  it('startStore refuses a parity the drives cannot carry, before formatting them', async () => {
    await expect(
      startStore({ drives, parity: 3, rootCredentials: { accessKey: 'root', secretKey: 'root-secret' } }),
    ).rejects.toThrow(/Parity must be an integer from 0 to 2 for 4 drive\(s\)/);
    await expect(readdir(drives[0]!)).rejects.toThrow();
  });

  it('reads every range of a multi-block object across block edges', async () => {
    const layer = await open(1);
    await layer.makeBucket('bkt');
    const data = Buffer.alloc(2 * 1024 * 1024 + 333);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 11)) & 0xff;
    await layer.putObject({ bucket: 'bkt', key: 'k', body: Readable.from([data]) });
    for (const [start, end] of [
      [0, 0],
      [1048575, 1048577],
      [5, data.length - 1],
      [2 * 1048576, data.length - 1],
    ] as const) {
      const r = await layer.getObject('bkt', 'k', { start, end });
      const chunks: Buffer[] = [];
      for await (const c of r.stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(data.subarray(start, end + 1))).toBe(true);
    }
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
    for (const d of drives) expect(await readdir(join(d, '.stowage.sys/tmp'))).toEqual([]);
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
