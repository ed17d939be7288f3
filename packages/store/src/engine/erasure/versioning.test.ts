import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EngineFixture, engineFixture, put, text } from '../test-support/engine.js';
import type { ErasureObjectLayer } from './erasure-layer.js';

let f: EngineFixture;
let layer: ErasureObjectLayer;
beforeEach(async () => {
  f = await engineFixture();
  layer = await f.open();
  await layer.makeBucket('bkt');
});
afterEach(() => f.close());

const versions = async (keyMarker = '', versionIdMarker = '', maxKeys = 1000) =>
  layer.listObjectVersions({ bucket: 'bkt', prefix: '', delimiter: '', keyMarker, versionIdMarker, maxKeys });
const read = async (key: string, versionId?: string) =>
  text((await layer.getObject('bkt', key, versionId ? { versionId } : {})).stream);

describe('versioning', () => {
  it('enabled: every put is a new version, newest first; each reads back by id', async () => {
    const v1 = await layer.putObject(put('bkt', 'k', 'one', { versioning: 'enabled' }));
    const v2 = await layer.putObject(put('bkt', 'k', 'two', { versioning: 'enabled' }));
    expect(v1.versionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(v2.versionId).not.toBe(v1.versionId);
    expect(await read('k')).toBe('two');
    expect(await read('k', v1.versionId)).toBe('one');
    const list = await versions();
    expect(list.versions.map((v) => [v.versionId, v.isLatest])).toEqual([
      [v2.versionId, true],
      [v1.versionId, false],
    ]);
    expect(await layer.bucketUsage('bkt')).toMatchObject({ objects: 1, versions: 2, size: 6 });
  });

  it('a delete without a version adds a marker: the key reads as missing, older versions stay', async () => {
    const v1 = await layer.putObject(put('bkt', 'k', 'one', { versioning: 'enabled' }));
    const del = await layer.deleteObject('bkt', 'k', { versioning: 'enabled' });
    expect(del.deleteMarker).toBe(true);
    await expect(layer.getObject('bkt', 'k')).rejects.toMatchObject({
      code: 'NoSuchKey',
      detail: { deleteMarker: true, versionId: del.versionId },
    });
    await expect(layer.getObjectInfo('bkt', 'k', { versionId: del.versionId! })).rejects.toMatchObject({
      code: 'MethodNotAllowed',
    });
    expect(await read('k', v1.versionId)).toBe('one');
    const page = await layer.listObjects({
      bucket: 'bkt',
      prefix: '',
      delimiter: '',
      marker: '',
      maxKeys: 10,
    });
    expect(page.objects).toEqual([]);
    const list = await versions();
    expect(list.versions.map((v) => [v.deleteMarker, v.isLatest])).toEqual([
      [true, true],
      [false, false],
    ]);
    // Removing the marker brings the object back.
    await layer.deleteObject('bkt', 'k', { versioning: 'enabled', versionId: del.versionId! });
    expect(await read('k')).toBe('one');
  });

  it('a delete with a version id removes that version for good, its data too', async () => {
    const v1 = await layer.putObject(put('bkt', 'k', 'x'.repeat(300_000), { versioning: 'enabled' }));
    await layer.putObject(put('bkt', 'k', 'two', { versioning: 'enabled' }));
    const r = await layer.deleteObject('bkt', 'k', { versioning: 'enabled', versionId: v1.versionId });
    expect(r).toEqual({ versionId: v1.versionId, deleteMarker: false });
    await expect(layer.getObject('bkt', 'k', { versionId: v1.versionId })).rejects.toMatchObject({
      code: 'NoSuchVersion',
    });
    expect((await versions()).versions).toHaveLength(1);
    expect(await layer.bucketUsage('bkt')).toMatchObject({ versions: 1, size: 3 });
    // Unknown ids are fine to delete; malformed ones are not ids at all.
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await layer.deleteObject('bkt', 'k', { versioning: 'enabled', versionId: unknown })).toEqual({
      versionId: unknown,
      deleteMarker: false,
    });
    await expect(
      layer.deleteObject('bkt', 'k', { versioning: 'enabled', versionId: 'nope' }),
    ).rejects.toMatchObject({
      code: 'InvalidVersionId',
    });
  });

  it('suspended: puts and deletes replace the null version, keeping the others', async () => {
    const v1 = await layer.putObject(put('bkt', 'k', 'kept', { versioning: 'enabled' }));
    await layer.putObject(put('bkt', 'k', 'null-1', { versioning: 'suspended' }));
    const n2 = await layer.putObject(put('bkt', 'k', 'null-2', { versioning: 'suspended' }));
    expect(n2.versionId).toBe('null');
    expect((await versions()).versions.map((v) => v.versionId)).toEqual(['null', v1.versionId]);
    const del = await layer.deleteObject('bkt', 'k', { versioning: 'suspended' });
    expect(del).toEqual({ versionId: 'null', deleteMarker: true });
    const list = (await versions()).versions;
    expect(list.map((v) => [v.versionId, v.deleteMarker])).toEqual([
      ['null', true],
      [v1.versionId, false],
    ]);
  });

  it('version listing pages inside a key with the version-id marker', async () => {
    const ids: string[] = [];
    for (const body of ['1', '2', '3'])
      ids.unshift((await layer.putObject(put('bkt', 'a', body, { versioning: 'enabled' }))).versionId);
    await layer.putObject(put('bkt', 'b', 'b', { versioning: 'enabled' }));
    const first = await versions('', '', 2);
    expect(first.versions.map((v) => v.versionId)).toEqual(ids.slice(0, 2));
    expect(first).toMatchObject({ isTruncated: true, nextKeyMarker: 'a', nextVersionIdMarker: ids[1] });
    const second = await versions('a', ids[1]!, 2);
    expect(second.versions.map((v) => `${v.key}:${v.isLatest}`)).toEqual(['a:false', 'b:true']);
    expect(second.isTruncated).toBe(false);
  });

  it('metadata patches change one version in place', async () => {
    const v1 = await layer.putObject(put('bkt', 'k', 'one', { versioning: 'enabled' }));
    await layer.putObject(put('bkt', 'k', 'two', { versioning: 'enabled' }));
    const until = new Date(Date.now() + 86_400_000);
    const patched = await layer.updateObjectMeta('bkt', 'k', v1.versionId, () => ({
      tags: 'a=1',
      retention: { mode: 'GOVERNANCE', until },
      legalHold: false,
    }));
    expect(patched).toMatchObject({
      tags: 'a=1',
      legalHold: false,
      retention: { mode: 'GOVERNANCE', until },
    });
    expect(await layer.getObjectInfo('bkt', 'k')).toMatchObject({ tags: '' });
    expect(await layer.getObjectInfo('bkt', 'k', { versionId: v1.versionId })).toMatchObject({ tags: 'a=1' });
    expect(await read('k', v1.versionId)).toBe('one');
  });

  it('a guard refuses removing a version, and nothing changes', async () => {
    const v1 = await layer.putObject(put('bkt', 'k', 'one', { versioning: 'enabled' }));
    const refuse = () => {
      throw new Error('locked');
    };
    await expect(
      layer.deleteObject('bkt', 'k', { versioning: 'enabled', versionId: v1.versionId, guard: refuse }),
    ).rejects.toThrow('locked');
    expect(await read('k')).toBe('one');
  });

  it('whileLatest deletes only while that version is still the latest (a write since wins)', async () => {
    const v1 = await layer.putObject(put('bkt', 'k', 'one', { versioning: 'enabled' }));
    await layer.putObject(put('bkt', 'k', 'two', { versioning: 'enabled' }));
    const late = await layer.deleteObject('bkt', 'k', { versioning: 'enabled', whileLatest: v1.versionId });
    expect(late).toEqual({ deleteMarker: false, skipped: true });
    expect(await read('k')).toBe('two');
    const plain = await layer.putObject(put('bkt', 'u', 'one'));
    const gone = await layer.deleteObject('bkt', 'u', {
      versioning: 'unversioned',
      whileLatest: plain.versionId,
    });
    expect(gone.skipped).toBeUndefined();
    await expect(read('u')).rejects.toMatchObject({ code: 'NoSuchKey' });
  });
});
