import * as s3sdk from '@aws-sdk/client-s3';
import { startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Objects in a versioned bucket, through PutObject, GetObject, HeadObject, DeleteObject,
// DeleteObjects, CopyObject and ListObjectVersions with version ids, as S3 answers them.

const {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  ListObjectsV2Command,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  UploadPartCommand,
} = s3sdk;

let t: TestStore;
const versioning = (Status: 'Enabled' | 'Suspended') =>
  t.s3.send(new PutBucketVersioningCommand({ Bucket: 'ver', VersioningConfiguration: { Status } }));
const put = (Key: string, Body: string) => t.s3.send(new PutObjectCommand({ Bucket: 'ver', Key, Body }));
const body = async (Key: string, VersionId?: string) =>
  (await t.s3.send(new GetObjectCommand({ Bucket: 'ver', Key, VersionId }))).Body!.transformToString();

beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'ver' }));
});
afterAll(() => t.close());

describe('versioned objects', () => {
  it('PutObject returns a version id; every version reads back by it', async () => {
    const before = await put('pre', 'unversioned');
    expect(before.VersionId).toBeUndefined();
    await versioning('Enabled');
    const v1 = await put('doc', 'one');
    const v2 = await put('doc', 'two');
    expect(v1.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(v2.VersionId).not.toBe(v1.VersionId);
    expect(await body('doc')).toBe('two');
    expect(await body('doc', v1.VersionId)).toBe('one');
    const head = await t.s3.send(
      new HeadObjectCommand({ Bucket: 'ver', Key: 'doc', VersionId: v1.VersionId }),
    );
    expect(head.VersionId).toBe(v1.VersionId);
    expect(head.ContentLength).toBe(3);
    // Objects written before versioning are the null version, still addressable.
    expect(await body('pre', 'null')).toBe('unversioned');
  });

  it('DeleteObject adds a delete marker; GET is 404 with x-amz-delete-marker; removing the marker restores', async () => {
    await put('gone', 'data');
    const del = await t.s3.send(new DeleteObjectCommand({ Bucket: 'ver', Key: 'gone' }));
    expect(del.DeleteMarker).toBe(true);
    expect(del.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    const err = await t.s3
      .send(new GetObjectCommand({ Bucket: 'ver', Key: 'gone' }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    expect((err as s3sdk.S3ServiceException).$response?.headers['x-amz-delete-marker']).toBe('true');
    const byId = await t.s3
      .send(new HeadObjectCommand({ Bucket: 'ver', Key: 'gone', VersionId: del.VersionId }))
      .catch((e: unknown) => e);
    expect(byId).toMatchObject({ $metadata: { httpStatusCode: 405 } });
    // With when the marker was made, as Last-Modified (S3's 405 for a delete marker).
    const modified = (byId as s3sdk.S3ServiceException).$response?.headers['last-modified'];
    expect(Math.abs(Date.parse(modified ?? '') - Date.now())).toBeLessThan(120_000);
    // A delete marker is no copy source: InvalidRequest, as S3 answers.
    await expect(
      t.s3.send(
        new CopyObjectCommand({
          Bucket: 'ver',
          Key: 'from-marker',
          CopySource: `ver/gone?versionId=${del.VersionId}`,
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidRequest', $metadata: { httpStatusCode: 400 } });
    const listed = await t.s3.send(new ListObjectsV2Command({ Bucket: 'ver', Prefix: 'gone' }));
    expect(listed.KeyCount).toBe(0);
    const undo = await t.s3.send(
      new DeleteObjectCommand({ Bucket: 'ver', Key: 'gone', VersionId: del.VersionId }),
    );
    expect(undo).toMatchObject({ DeleteMarker: true, VersionId: del.VersionId });
    expect(await body('gone')).toBe('data');
  });

  it('ListObjectVersions shows versions and delete markers, newest first, with IsLatest', async () => {
    const a = await put('list', 'a');
    const b = await put('list', 'b');
    const m = await t.s3.send(new DeleteObjectCommand({ Bucket: 'ver', Key: 'list' }));
    const out = await t.s3.send(new ListObjectVersionsCommand({ Bucket: 'ver', Prefix: 'list' }));
    expect(out.DeleteMarkers?.map((d) => [d.VersionId, d.IsLatest])).toEqual([[m.VersionId, true]]);
    expect(out.Versions?.map((v) => [v.VersionId, v.IsLatest, v.Size])).toEqual([
      [b.VersionId, false, 1],
      [a.VersionId, false, 1],
    ]);
    // Paging inside one key: a MaxKeys of 1 walks marker, b, a.
    const ids: string[] = [];
    let marker: { KeyMarker?: string; VersionIdMarker?: string } = {};
    for (let i = 0; i < 5; i++) {
      const page = await t.s3.send(
        new ListObjectVersionsCommand({ Bucket: 'ver', Prefix: 'list', MaxKeys: 1, ...marker }),
      );
      ids.push(...[...(page.DeleteMarkers ?? []), ...(page.Versions ?? [])].map((v) => v.VersionId!));
      if (!page.IsTruncated) break;
      marker = { KeyMarker: page.NextKeyMarker!, VersionIdMarker: page.NextVersionIdMarker! };
    }
    expect(ids).toEqual([m.VersionId, b.VersionId, a.VersionId]);
  });

  it('DeleteObjects removes versions and reports delete markers', async () => {
    const v = await put('batch', 'x');
    const out = await t.s3.send(
      new DeleteObjectsCommand({
        Bucket: 'ver',
        Delete: { Objects: [{ Key: 'batch', VersionId: v.VersionId }, { Key: 'batch2' }] },
      }),
    );
    const deleted = Object.fromEntries((out.Deleted ?? []).map((d) => [d.Key, d]));
    expect(deleted.batch).toMatchObject({ VersionId: v.VersionId });
    expect(deleted.batch2).toMatchObject({ DeleteMarker: true });
    expect(deleted.batch2?.DeleteMarkerVersionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('CopyObject copies a named source version and reports both version ids', async () => {
    const v1 = await put('src', 'first');
    await put('src', 'second');
    const copy = await t.s3.send(
      new CopyObjectCommand({ Bucket: 'ver', Key: 'dst', CopySource: `ver/src?versionId=${v1.VersionId}` }),
    );
    expect(copy.CopySourceVersionId).toBe(v1.VersionId);
    expect(copy.VersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await body('dst')).toBe('first');
    // Copying an older version of a key onto itself restores it as the latest.
    await t.s3.send(
      new CopyObjectCommand({ Bucket: 'ver', Key: 'src', CopySource: `ver/src?versionId=${v1.VersionId}` }),
    );
    expect(await body('src')).toBe('first');
  });

  it('suspended versioning writes the null version and keeps the rest', async () => {
    const kept = await put('susp', 'versioned');
    await versioning('Suspended');
    // The null version is written unnamed: S3's PutObject answers no x-amz-version-id here.
    const p = await put('susp', 'null-1');
    expect(p.VersionId).toBeUndefined();
    await put('susp', 'null-2');
    const out = await t.s3.send(new ListObjectVersionsCommand({ Bucket: 'ver', Prefix: 'susp' }));
    expect(out.Versions?.map((v) => v.VersionId)).toEqual(['null', kept.VersionId]);
    expect(await body('susp')).toBe('null-2');
    await versioning('Enabled');
  });

  it('the null version is never named: writes to an unversioned or suspended bucket answer no VersionId', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'ver-plain' }));
    await t.s3.send(new CreateBucketCommand({ Bucket: 'ver-susp' }));
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'ver-susp', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await t.s3.send(new PutObjectCommand({ Bucket: 'ver-susp', Key: 'k', Body: 'versioned' }));
    await t.s3.send(
      new PutBucketVersioningCommand({
        Bucket: 'ver-susp',
        VersioningConfiguration: { Status: 'Suspended' },
      }),
    );
    for (const Bucket of ['ver-plain', 'ver-susp']) {
      const named: Record<string, string | undefined> = {};
      named.put = (await t.s3.send(new PutObjectCommand({ Bucket, Key: 'k', Body: 'x' }))).VersionId;
      named.copy = (
        await t.s3.send(new CopyObjectCommand({ Bucket, Key: 'copy', CopySource: `${Bucket}/k` }))
      ).VersionId;
      const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket, Key: 'mp' }));
      const { ETag } = await t.s3.send(
        new UploadPartCommand({ Bucket, Key: 'mp', UploadId, PartNumber: 1, Body: 'part' }),
      );
      named.complete = (
        await t.s3.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: 'mp',
            UploadId,
            MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] },
          }),
        )
      ).VersionId;
      named.tagging = (
        await t.s3.send(new PutObjectTaggingCommand({ Bucket, Key: 'k', Tagging: { TagSet: [] } }))
      ).VersionId;
      named.head = (await t.s3.send(new HeadObjectCommand({ Bucket, Key: 'k' }))).VersionId;
      named.deleteNull = (
        await t.s3.send(new DeleteObjectCommand({ Bucket, Key: 'copy', VersionId: 'null' }))
      ).VersionId;
      named.delete = (await t.s3.send(new DeleteObjectCommand({ Bucket, Key: 'mp' }))).VersionId;
      expect(named, Bucket).toEqual({
        put: undefined,
        copy: undefined,
        complete: undefined,
        tagging: undefined,
        head: undefined,
        deleteNull: undefined,
        delete: undefined,
      });
    }
  });

  it('bad version ids: InvalidArgument for a malformed one, NoSuchVersion for an unknown one', async () => {
    await expect(
      t.s3.send(new GetObjectCommand({ Bucket: 'ver', Key: 'doc', VersionId: 'nope' })),
    ).rejects.toMatchObject({
      name: 'InvalidArgument',
      message: 'Invalid version id specified',
    });
    await expect(
      t.s3.send(
        new GetObjectCommand({
          Bucket: 'ver',
          Key: 'doc',
          VersionId: '00000000-0000-4000-8000-000000000000',
        }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchVersion', $metadata: { httpStatusCode: 404 } });
  });

  it('works through the minio SDK (versionId on stat, get and remove)', async () => {
    const v = await t.minio.putObject('ver', 'm', Buffer.from('minio'));
    expect(v.versionId).toMatch(/^[0-9a-f-]{36}$/);
    const stat = await t.minio.statObject('ver', 'm', { versionId: v.versionId! });
    expect(stat.versionId).toBe(v.versionId);
    await t.minio.removeObject('ver', 'm', { versionId: v.versionId! });
    await expect(t.minio.statObject('ver', 'm')).rejects.toMatchObject({ code: 'NotFound' });
  });
});
