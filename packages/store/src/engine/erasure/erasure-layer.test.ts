import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driveRecord, uploadEntries } from '../../../test/faults/support.js';
import { osCalls } from '../../observe/op-trace.js';
import { startStore } from '../../store.js';
import { EngineError } from '../errors.js';
import { objectDir } from '../fs/layout.js';
import { bytes, type EngineFixture, engineFixture, put, text } from '../test-support/engine.js';

let f: EngineFixture;
beforeEach(async () => {
  f = await engineFixture();
});
afterEach(() => f.close());

const list = { prefix: '', delimiter: '', marker: '', maxKeys: 1000 };

describe('ErasureObjectLayer', () => {
  it('stores keys under their hash, never as paths', async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    await layer.putObject(put('bkt', 'x/y/z.txt', 'a'.repeat(200 * 1024)));
    const entries = await readdir(join(f.drives[0]!, 'bkt'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(/^[0-9a-f]{2}$/);
    expect(objectDir(f.drives[0]!, 'bkt', 'x/y/z.txt').startsWith(join(f.drives[0]!, 'bkt'))).toBe(true);
  });

  it('keeps listings and usage across a restart', async () => {
    const first = await f.open();
    await first.makeBucket('bkt');
    for (const key of ['b', 'a/1', 'a/2']) await first.putObject(put('bkt', key, key));
    await first.shutdown();
    const layer = await f.open();
    const page = await layer.listObjects({ ...list, bucket: 'bkt', delimiter: '/' });
    expect(page.prefixes).toEqual(['a/']);
    expect(page.objects.map((o) => o.key)).toEqual(['b']);
    expect(await layer.bucketUsage('bkt')).toEqual({
      size: 7,
      objects: 3,
      versions: 3,
      deleteMarkers: 0,
      sizes: [3, 0, 0, 0, 0, 0, 0],
    });
  });

  it('an overwrite leaves one data folder per drive, the new one', async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    const big = (c: string) => c.repeat(200 * 1024);
    const first = await layer.putObject(put('bkt', 'k', big('1')));
    await layer.putObject(put('bkt', 'k', big('2')));
    for (const d of f.drives) expect(await readdir(objectDir(d, 'bkt', 'k'))).toHaveLength(1);
    const { info, stream } = await layer.getObject('bkt', 'k');
    expect(await text(stream)).toBe(big('2'));
    expect(info).toMatchObject({ size: 200 * 1024, versionId: 'null', isLatest: true });
    expect(info.modTime.getTime()).toBeGreaterThan(first.modTime.getTime());
  });

  it("deleting a key's last data leaves no folder for the key; interleaved puts and deletes all succeed", async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    const big = (c: string) => c.repeat(200 * 1024);
    await layer.putObject(put('bkt', 'k', big('1')));
    await layer.deleteObject('bkt', 'k', { versioning: 'unversioned' });
    for (const d of f.drives)
      await expect(readdir(objectDir(d, 'bkt', 'k'))).rejects.toMatchObject({ code: 'ENOENT' });
    // A delete that empties the key's folder while a put makes its new folder there.
    const ops = Array.from({ length: 40 }, (_, i) =>
      i % 2
        ? layer.deleteObject('bkt', 'k', { versioning: 'unversioned' })
        : layer.putObject(put('bkt', 'k', big(String(i % 10)))),
    );
    await Promise.all(ops);
    await layer.putObject(put('bkt', 'k', big('z')));
    expect(await text((await layer.getObject('bkt', 'k')).stream)).toBe(big('z'));
    for (const d of f.drives) expect(await readdir(objectDir(d, 'bkt', 'k'))).toHaveLength(1);
  });

  it('keeps small objects inline: no data folder at all', async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    await layer.putObject(put('bkt', 'k', 'small'));
    for (const d of f.drives) expect(await readdir(objectDir(d, 'bkt', 'k')).catch(() => [])).toEqual([]);
    expect(await text((await layer.getObject('bkt', 'k')).stream)).toBe('small');
  });

  it('stores a body given as one buffer as it stores the same bytes streamed', async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    for (const size of [0, 1, 4096, 128 * 1024, 128 * 1024 + 1, 3 * 1024 * 1024 + 5]) {
      const body = Buffer.alloc(size, size % 251);
      const asBuffer = await layer.putObject({
        bucket: 'bkt',
        key: `b/${size}`,
        body,
        size,
        versioning: 'unversioned',
      });
      const streamed = await layer.putObject(put('bkt', `s/${size}`, body));
      expect(asBuffer.etag).toBe(streamed.etag);
      expect((await bytes((await layer.getObject('bkt', `b/${size}`)).stream)).equals(body)).toBe(true);
    }
    await expect(
      layer.putObject({
        bucket: 'bkt',
        key: 'short',
        body: Buffer.alloc(3),
        size: 4,
        versioning: 'unversioned',
      }),
    ).rejects.toMatchObject({ code: 'IncompleteBody' });
  });

  it('EC 2+2 by default; parity is settable and checked', async () => {
    expect((await f.open()).backendInfo()).toMatchObject({ dataShards: 2, parityShards: 2, drives: 4 });
    expect((await f.open({ parity: 1 })).backendInfo()).toMatchObject({ dataShards: 3, parityShards: 1 });
    expect((await f.open({ parity: 0 })).backendInfo()).toMatchObject({ dataShards: 4, parityShards: 0 });
    await expect(f.open({ parity: 3 })).rejects.toThrow(/Parity must be an integer from 0 to 2/);
    const single = [join(f.dir, 'single')];
    expect((await f.open({ drives: single })).backendInfo()).toMatchObject({
      dataShards: 1,
      parityShards: 0,
      drives: 1,
    });
  });

  it('stores and reads back on other set sizes: 1 drive (no EC), 2 (1+1), 6 (3+3), 5 with parity 1', async () => {
    const data = Buffer.alloc(1024 * 1024 + 4097, 7);
    for (const [n, parity] of [
      [1, undefined],
      [2, undefined],
      [6, undefined],
      [5, 1],
    ] as const) {
      const drives = Array.from({ length: n }, (_, i) => join(f.dir, `set${n}-${i}`));
      const layer = await f.open({ drives, ...(parity === undefined ? {} : { parity }) });
      await layer.makeBucket('bkt');
      await layer.putObject(put('bkt', 'k', data));
      await layer.putObject(put('bkt', 's', 'tiny'));
      expect((await bytes((await layer.getObject('bkt', 'k')).stream)).equals(data)).toBe(true);
      expect(await text((await layer.getObject('bkt', 's')).stream)).toBe('tiny');
    }
  });

  it('startStore refuses a parity the drives cannot carry, before formatting them', async () => {
    await expect(
      startStore({
        drives: f.drives,
        parity: 3,
        rootCredentials: { accessKey: 'root', secretKey: 'root-secret' },
      }),
    ).rejects.toThrow(/Parity must be an integer from 0 to 2 for 4 drive\(s\)/);
    await expect(readdir(f.drives[0]!)).rejects.toThrow();
  });

  it('reads every range of a multi-block object across block edges', async () => {
    const layer = await f.open({ parity: 1 });
    await layer.makeBucket('bkt');
    const data = Buffer.alloc(2 * 1024 * 1024 + 333);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7 + (i >> 11)) & 0xff;
    await layer.putObject(put('bkt', 'k', data));
    for (const [start, end] of [
      [0, 0],
      [1048575, 1048577],
      [5, data.length - 1],
      [2 * 1048576, data.length - 1],
    ] as const) {
      const r = await layer.getObject('bkt', 'k', { range: { start, end } });
      expect((await bytes(r.stream)).equals(data.subarray(start, end + 1))).toBe(true);
    }
  });

  it('a failed body commits nothing and leaves the old object whole', async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    await layer.putObject(put('bkt', 'k', 'old'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(layer.putObject({ ...put('bkt', 'k', ''), body: failing })).rejects.toThrow(
      'client went away',
    );
    await expect(layer.putObject(put('bkt', 'k', 'short', { size: 10 }))).rejects.toMatchObject({
      code: 'IncompleteBody',
    });
    await expect(
      layer.putObject(
        put('bkt', 'k', 'refused', {
          finish: () => {
            throw new EngineError('BadDigest');
          },
        }),
      ),
    ).rejects.toMatchObject({ code: 'BadDigest' });
    expect(await text((await layer.getObject('bkt', 'k')).stream)).toBe('old');
    for (const d of f.drives) expect(await readdir(join(d, '.stowage.sys/tmp'))).toEqual([]);
  });

  it('resolves ranges and refuses unsatisfiable ones', async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    await layer.putObject(put('bkt', 'k', '0123456789'));
    const r = await layer.getObject('bkt', 'k', { range: { suffix: 3 } });
    expect(r.range).toEqual({ start: 7, end: 9 });
    expect(await text(r.stream)).toBe('789');
    await expect(layer.getObject('bkt', 'k', { range: { start: 10 } })).rejects.toBeInstanceOf(EngineError);
  });

  it('validates names before touching the disk', async () => {
    const layer = await f.open();
    await expect(layer.makeBucket('../etc')).rejects.toMatchObject({ code: 'InvalidBucketName' });
    await layer.makeBucket('bkt');
    await expect(layer.putObject(put('bkt', '../x', ''))).rejects.toMatchObject({
      code: 'XMinioInvalidObjectName',
    });
    await expect(layer.getObjectInfo('nope', 'k')).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });

  it("a delete's afterRemove runs under the bucket's lock: a CreateBucket of the name waits for it", async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const deleting = layer.deleteBucket('bkt', {
      afterRemove: async () => {
        order.push('cleanup started');
        await gate;
        order.push('cleanup done');
      },
    });
    await vi.waitFor(() => expect(order).toEqual(['cleanup started']));
    const creating = layer.makeBucket('bkt', async () => {
      order.push('create prepares');
    });
    // Negative check: the create gets this long to (wrongly) prepare while the cleanup runs.
    await new Promise((r) => setTimeout(r, 20));
    release();
    await Promise.all([deleting, creating]);
    expect(order).toEqual(['cleanup started', 'cleanup done', 'create prepares']);
  });

  it("a bucket's records go last when it is deleted: whenever a crash lands, nothing of it outlives them", async () => {
    const layer = await f.open();
    await layer.makeBucket('gone');
    await layer.putObject(put('gone', 'inline', 'small'));
    await layer.putObject(put('gone', 'file', Buffer.alloc(300 * 1024, 3)));
    await layer.newMultipartUpload('gone', 'pending', {});
    // When the first record file is removed (the commit point), what does the bucket hold?
    const seen: { objects: unknown[]; uploads: unknown[]; folders: boolean[] }[] = [];
    const stop = osCalls.bus.subscribe((op) => {
      if (op.func !== 'os.Remove' || !op.path.endsWith('/buckets/gone.json') || seen.length > 0) return;
      seen.push({
        objects: f.drives
          .map((d) => driveRecord(d, 'gone', 'inline') ?? driveRecord(d, 'gone', 'file'))
          .filter(Boolean),
        uploads: f.drives.flatMap((d) => [...uploadEntries(d, 'gone')]),
        folders: f.drives.map((d) => existsSync(join(d, 'gone'))),
      });
    });
    try {
      await layer.deleteBucket('gone', { force: true });
    } finally {
      stop();
    }
    expect(seen).toEqual([{ objects: [], uploads: [], folders: [false, false, false, false] }]);
  });

  it('a bucket is empty only without versions and delete markers; deleting it drops its index entries', async () => {
    const layer = await f.open();
    await layer.makeBucket('bkt');
    await layer.deleteObject('bkt', 'k', { versioning: 'enabled' });
    await expect(layer.deleteBucket('bkt')).rejects.toMatchObject({ code: 'BucketNotEmpty' });
    const [marker] = (
      await layer.listObjectVersions({ ...list, bucket: 'bkt', keyMarker: '', versionIdMarker: '' })
    ).versions;
    await layer.deleteObject('bkt', 'k', { versioning: 'enabled', versionId: marker!.versionId });
    await layer.newMultipartUpload('bkt', 'pending', {});
    await layer.deleteBucket('bkt');
    await layer.makeBucket('bkt');
    expect(
      (
        await layer.listMultipartUploads({
          bucket: 'bkt',
          prefix: '',
          delimiter: '',
          keyMarker: '',
          uploadIdMarker: '',
          maxUploads: 10,
        })
      ).uploads,
    ).toEqual([]);
    expect(await layer.bucketUsage('bkt')).toEqual({
      size: 0,
      objects: 0,
      versions: 0,
      deleteMarkers: 0,
      sizes: [0, 0, 0, 0, 0, 0, 0],
    });
  });
});
