import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Installed, python } from './boto3.js';

const {
  CreateBucketCommand,
  DeleteObjectsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutBucketVersioningCommand,
  PutObjectCommand,
} = s3sdk;

let t: TestStore;
const keys = [
  'photos/2006/January/sample.jpg',
  'photos/2006/February/sample2.jpg',
  'photos/2006/February/sample3.jpg',
  'photos/2006/February/sample4.jpg',
  'photos/index.html',
  'readme.txt',
  'space key.txt',
  ...Array.from({ length: 23 }, (_, i) => `many/${String(i).padStart(2, '0')}`),
];

beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'listing' }));
  await Promise.all(
    keys.map((Key) => t.s3.send(new PutObjectCommand({ Bucket: 'listing', Key, Body: Key }))),
  );
  await t.s3.send(new CreateBucketCommand({ Bucket: 'empty' }));
});
afterAll(() => t.close());

const list = (input: Omit<ConstructorParameters<typeof ListObjectsV2Command>[0], 'Bucket'>) =>
  t.s3.send(new ListObjectsV2Command({ Bucket: 'listing', ...input }));

describe('ListObjectsV2', () => {
  it('lists every key in byte order with size, ETag and date', async () => {
    const out = await list({});
    expect(out.Contents?.map((c) => c.Key)).toEqual([...keys].sort());
    expect(out.KeyCount).toBe(keys.length);
    expect(out.IsTruncated).toBe(false);
    const readme = out.Contents?.find((c) => c.Key === 'readme.txt');
    expect(readme?.Size).toBe('readme.txt'.length);
    expect(readme?.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(readme?.StorageClass).toBe('STANDARD');
  });

  it('names owners only when asked (fetch-owner=true)', async () => {
    expect((await list({ MaxKeys: 1 })).Contents?.[0]?.Owner).toBeUndefined();
    const owned = await list({ MaxKeys: 1, FetchOwner: true });
    expect(owned.Contents?.[0]?.Owner?.DisplayName).toBe('minio');
  });

  it('rolls keys up into CommonPrefixes with a delimiter (AWS example)', async () => {
    const out = await list({ Prefix: 'photos/2006/', Delimiter: '/' });
    expect(out.Contents ?? []).toEqual([]);
    expect(out.CommonPrefixes?.map((p) => p.Prefix)).toEqual([
      'photos/2006/February/',
      'photos/2006/January/',
    ]);
    expect(out.KeyCount).toBe(2);
    const top = await list({ Delimiter: '/' });
    expect(top.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['many/', 'photos/']);
    expect(top.Contents?.map((c) => c.Key)).toEqual(['readme.txt', 'space key.txt']);
  });

  it('pages with MaxKeys and continuation tokens, without repeats', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const out = await list({
        Prefix: 'many/',
        MaxKeys: 10,
        ...(token ? { ContinuationToken: token } : {}),
      });
      pages++;
      seen.push(...(out.Contents ?? []).map((c) => c.Key!));
      expect(out.KeyCount).toBe(out.Contents?.length ?? 0);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual(keys.filter((k) => k.startsWith('many/')));
  });

  it('starts after StartAfter', async () => {
    const out = await list({ StartAfter: 'photos/index.html' });
    expect(out.Contents?.map((c) => c.Key)).toEqual(['readme.txt', 'space key.txt']);
    expect(out.StartAfter).toBe('photos/index.html');
  });

  it('caps max-keys at 1000 and reports it', async () => {
    const out = await list({ MaxKeys: 5000 });
    expect(out.MaxKeys).toBe(1000);
  });

  it('URL-encodes names with encoding-type=url', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/listing?list-type=2&prefix=space&encoding-type=url',
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<Key>space%20key.txt</Key>');
    expect(res.body).toContain('<EncodingType>url</EncodingType>');
  });

  it('ends a page early behind thousands of deleted keys; V1 and V2 page on to every key', async () => {
    // 6000 keys under delete markers before two live ones: one request passes over at most
    // 5000 (engine/listing.ts HIDDEN_LIMIT), then answers a short page marked truncated.
    await t.s3.send(new CreateBucketCommand({ Bucket: 'markers' }));
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'markers', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    for (let batch = 0; batch < 6; batch++)
      await t.s3.send(
        new DeleteObjectsCommand({
          Bucket: 'markers',
          Delete: {
            Quiet: true,
            Objects: Array.from({ length: 1000 }, (_, i) => ({
              Key: `gone-${batch}${String(i).padStart(3, '0')}`,
            })),
          },
        }),
      );
    for (const Key of ['kept-1', 'kept-2'])
      await t.s3.send(new PutObjectCommand({ Bucket: 'markers', Key, Body: 'x' }));

    const first = await t.s3.send(new ListObjectsV2Command({ Bucket: 'markers', MaxKeys: 1000 }));
    expect([first.KeyCount, first.IsTruncated]).toEqual([0, true]);
    const second = await t.s3.send(
      new ListObjectsV2Command({ Bucket: 'markers', ContinuationToken: first.NextContinuationToken }),
    );
    expect([second.Contents?.map((o) => o.Key), second.IsTruncated]).toEqual([['kept-1', 'kept-2'], false]);
    const v1 = await t.s3.send(new ListObjectsCommand({ Bucket: 'markers' }));
    expect([v1.Contents, v1.IsTruncated, v1.NextMarker]).toEqual([undefined, true, 'gone-4999']);
    const v1Next = await t.s3.send(new ListObjectsCommand({ Bucket: 'markers', Marker: v1.NextMarker }));
    expect(v1Next.Contents?.map((o) => o.Key)).toEqual(['kept-1', 'kept-2']);
  });

  it('refuses a forged continuation token', async () => {
    await expect(list({ ContinuationToken: '!!not-a-token!!' })).rejects.toMatchObject({
      name: 'InvalidArgument',
    });
    const res = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/listing?list-type=2&max-keys=abc',
    });
    expect(xmlCode(res.body)).toBe('InvalidArgument');
  });

  it('takes an empty continuation-token as none and echoes it, as S3 does (s3-tests continuationtoken_empty)', async () => {
    boto3Installed();
    const out = await python(
      t,
      `
r = s3.list_objects_v2(Bucket='listing', ContinuationToken='', MaxKeys=2)
print(json.dumps([r['KeyCount'], r.get('ContinuationToken'), r['IsTruncated']]))
`,
    );
    expect(out).toEqual([2, '', true]);
  });

  it('answers a prefix, key and delimiter with control characters exactly as sent, in every listing', async () => {
    const key = 'ctl\x01\r\n\t/x&<>';
    await t.s3.send(new CreateBucketCommand({ Bucket: 'controls' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'controls', Key: key, Body: 'x' }));
    await t.s3.send(new s3sdk.CreateMultipartUploadCommand({ Bucket: 'controls', Key: key }));
    const Prefix = 'ctl\x01\r\n';
    const v2 = await t.s3.send(new ListObjectsV2Command({ Bucket: 'controls', Prefix }));
    const v1 = await t.s3.send(new s3sdk.ListObjectsCommand({ Bucket: 'controls', Prefix, Delimiter: '/' }));
    const versions = await t.s3.send(new s3sdk.ListObjectVersionsCommand({ Bucket: 'controls', Prefix }));
    const uploads = await t.s3.send(new s3sdk.ListMultipartUploadsCommand({ Bucket: 'controls', Prefix }));
    expect({
      v2: [v2.Prefix, v2.Contents?.map((o) => o.Key)],
      v1: [v1.Prefix, v1.Delimiter, v1.CommonPrefixes?.map((p) => p.Prefix)],
      versions: [versions.Prefix, versions.Versions?.map((v) => v.Key)],
      uploads: [uploads.Prefix, uploads.Uploads?.map((u) => u.Key)],
    }).toEqual({
      v2: [Prefix, [key]],
      v1: [Prefix, '/', ['ctl\x01\r\n\t/']],
      versions: [Prefix, [key]],
      uploads: [Prefix, [key]],
    });
  });

  it('lists an empty bucket and answers NoSuchBucket for a missing one', async () => {
    const out = await t.s3.send(new ListObjectsV2Command({ Bucket: 'empty' }));
    expect(out.KeyCount).toBe(0);
    expect(out.Contents).toBeUndefined();
    await expect(t.s3.send(new ListObjectsV2Command({ Bucket: 'nope' }))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('works through the minio SDK', async () => {
    const items = await t.minio.listObjectsV2('listing', 'photos/', false).toArray();
    expect(items.map((i: { name?: string; prefix?: string }) => i.name ?? i.prefix).sort()).toEqual([
      'photos/2006/',
      'photos/index.html',
    ]);
    const all = await t.minio.listObjectsV2('listing', '', true).toArray();
    expect(all).toHaveLength(keys.length);
  });
});
