import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// ListObjectVersions on a bucket that never had versioning: each object is its own latest
// version, with the version id "null", as S3 lists such buckets.

const {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} = s3sdk;

let t: TestStore;
const keys = ['a/1', 'a/2', 'b', 'c/d/e', 'f', 'sp ace/☃'];
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'plain' }));
  for (const Key of keys) await t.s3.send(new PutObjectCommand({ Bucket: 'plain', Key, Body: Key }));
});
afterAll(() => t.close());

describe('ListObjectVersions (non-versioned bucket)', () => {
  it('lists every object once, VersionId "null", IsLatest true', async () => {
    const out = await t.s3.send(new ListObjectVersionsCommand({ Bucket: 'plain' }));
    expect(out.Versions?.map((v) => [v.Key, v.VersionId, v.IsLatest, v.Size])).toEqual(
      keys.map((k) => [k, 'null', true, Buffer.byteLength(k)]),
    );
    expect(out.Versions?.[0]?.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(out.DeleteMarkers).toBeUndefined();
    expect(out.IsTruncated).toBe(false);
  });

  it('pages with KeyMarker / VersionIdMarker across keys and common prefixes', async () => {
    const seen: string[] = [];
    let marker: { KeyMarker: string; VersionIdMarker: string } | undefined;
    for (let page = 0; page < 10; page++) {
      const out = await t.s3.send(
        new ListObjectVersionsCommand({ Bucket: 'plain', Delimiter: '/', MaxKeys: 2, ...marker }),
      );
      seen.push(
        ...(out.Versions ?? []).map((v) => v.Key!),
        ...(out.CommonPrefixes ?? []).map((p) => p.Prefix!),
      );
      if (!out.IsTruncated) break;
      expect(out.NextVersionIdMarker).toBe('null');
      marker = { KeyMarker: out.NextKeyMarker!, VersionIdMarker: out.NextVersionIdMarker! };
    }
    expect(seen.sort()).toEqual(['a/', 'b', 'c/', 'f', 'sp ace/']);
  });

  it('a common prefix with nothing left after the key marker is not listed', async () => {
    const after = (KeyMarker: string, VersionIdMarker?: string) =>
      t.s3.send(
        new ListObjectVersionsCommand({
          Bucket: 'plain',
          Delimiter: '/',
          KeyMarker,
          ...(VersionIdMarker ? { VersionIdMarker } : {}),
        }),
      );
    for (const page of [await after('a/2'), await after('a/2', 'null')]) {
      expect((page.CommonPrefixes ?? []).map((p) => p.Prefix)).toEqual(['c/', 'sp ace/']);
      expect((page.Versions ?? []).map((v) => v.Key)).toEqual(['b', 'f']);
    }
    // With one version of a/1 left after the marker, a/ is listed.
    expect(((await after('a/1')).CommonPrefixes ?? []).map((p) => p.Prefix)).toEqual(['a/', 'c/', 'sp ace/']);
  });

  it('prefix, encoding-type=url and the minio SDK (IncludeVersion)', async () => {
    const raw = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/plain?versions&prefix=sp&encoding-type=url',
    });
    expect(raw.status).toBe(200);
    expect(raw.body).toContain('<Key>sp%20ace/%E2%98%83</Key>');
    expect(raw.body).toContain('<EncodingType>url</EncodingType>');
    const items = await t.minio.listObjects('plain', 'a/', true, { IncludeVersion: true }).toArray();
    expect(items.map((i: { name?: string; versionId?: string | null }) => [i.name, i.versionId])).toEqual([
      ['a/1', 'null'],
      ['a/2', 'null'],
    ]);
  });

  it('a version-id marker other than "null": InvalidArgument (400); unknown bucket: NoSuchBucket', async () => {
    const bad = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/plain?versions&key-marker=a&version-id-marker=abc',
    });
    expect([bad.status, xmlCode(bad.body)]).toEqual([400, 'InvalidArgument']);
    await expect(t.s3.send(new ListObjectVersionsCommand({ Bucket: 'missing' }))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });
});

describe('ListObjectVersions while the pages listed are deleted', () => {
  it('lists every version once even as each page is deleted, so the bucket empties', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'churn' }));
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'churn', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    for (let i = 0; i < 5; i++)
      await t.s3.send(new PutObjectCommand({ Bucket: 'churn', Key: 'a', Body: `a${i}` }));
    for (let i = 0; i < 2; i++)
      await t.s3.send(new PutObjectCommand({ Bucket: 'churn', Key: 'b', Body: `b${i}` }));
    // The page-then-delete loop clients use to empty a versioned bucket (boto3's
    // object_versions.delete()): the markers a page ends at are gone when the next is asked.
    let marker: { KeyMarker?: string; VersionIdMarker?: string } = {};
    let deleted = 0;
    for (let page = 0; page < 20; page++) {
      const out = await t.s3.send(new ListObjectVersionsCommand({ Bucket: 'churn', MaxKeys: 2, ...marker }));
      const objects = (out.Versions ?? []).map((v) => ({ Key: v.Key!, VersionId: v.VersionId! }));
      if (objects.length > 0)
        await t.s3.send(new DeleteObjectsCommand({ Bucket: 'churn', Delete: { Objects: objects } }));
      deleted += objects.length;
      if (!out.IsTruncated) break;
      marker = { KeyMarker: out.NextKeyMarker!, VersionIdMarker: out.NextVersionIdMarker! };
    }
    expect(deleted).toBe(7);
    await t.s3.send(new DeleteBucketCommand({ Bucket: 'churn' }));
  });
});
