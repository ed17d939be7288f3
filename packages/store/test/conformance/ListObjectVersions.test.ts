import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '../support/store.js';

// ListObjectVersions on a bucket that never had versioning: each object is its own latest
// version, with the version id "null", as S3 lists such buckets.

const { CreateBucketCommand, ListObjectVersionsCommand, PutObjectCommand } = s3sdk;

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
