import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Installed, python } from './boto3.js';

const {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectTaggingCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'tags' }));
});
afterAll(() => t.close());

const tags = async (Key: string, VersionId?: string) =>
  (await t.s3.send(new GetObjectTaggingCommand({ Bucket: 'tags', Key, VersionId }))).TagSet;

describe('Get/Put/DeleteObjectTagging and x-amz-tagging', () => {
  it('tags set on PUT (x-amz-tagging) read back ordered by key, count in the GET header', async () => {
    await t.s3.send(
      new PutObjectCommand({
        Bucket: 'tags',
        Key: 'a',
        Body: 'a',
        Tagging: 'team=data&note=h%C3%A9llo%20w&bare',
      }),
    );
    // As S3 answers (s3-tests' put_obj_with_tags): by key, whatever the order sent.
    expect(await tags('a')).toEqual([
      { Key: 'bare', Value: '' },
      { Key: 'note', Value: 'héllo w' },
      { Key: 'team', Value: 'data' },
    ]);
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'tags', Key: 'a' }));
    expect(got.TagCount).toBe(3);
  });

  it('PutObjectTagging replaces the set, DeleteObjectTagging empties it; the data stays', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'tags', Key: 'b', Body: 'body' }));
    expect(await tags('b')).toEqual([]);
    await t.s3.send(
      new PutObjectTaggingCommand({
        Bucket: 'tags',
        Key: 'b',
        Tagging: { TagSet: [{ Key: 'k', Value: 'v' }] },
      }),
    );
    expect(await tags('b')).toEqual([{ Key: 'k', Value: 'v' }]);
    const del = await t.s3.send(new DeleteObjectTaggingCommand({ Bucket: 'tags', Key: 'b' }));
    expect(del.$metadata.httpStatusCode).toBe(204);
    expect(await tags('b')).toEqual([]);
    expect(
      await (await t.s3.send(new GetObjectCommand({ Bucket: 'tags', Key: 'b' }))).Body!.transformToString(),
    ).toBe('body');
  });

  it('tag keys and values keep the spaces they were sent with', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'tags', Key: 'spaced', Body: 'x' }));
    const TagSet = [
      { Key: ' team ', Value: ' data ' },
      { Key: 'team', Value: '  ' },
    ];
    await t.s3.send(new PutObjectTaggingCommand({ Bucket: 'tags', Key: 'spaced', Tagging: { TagSet } }));
    expect(await tags('spaced')).toEqual(TagSet);
  });

  it('tags belong to one version', async () => {
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'tags', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const v1 = await t.s3.send(
      new PutObjectCommand({ Bucket: 'tags', Key: 'v', Body: '1', Tagging: 'gen=1' }),
    );
    await t.s3.send(new PutObjectCommand({ Bucket: 'tags', Key: 'v', Body: '2', Tagging: 'gen=2' }));
    const put = await t.s3.send(
      new PutObjectTaggingCommand({
        Bucket: 'tags',
        Key: 'v',
        VersionId: v1.VersionId,
        Tagging: { TagSet: [{ Key: 'gen', Value: 'first' }] },
      }),
    );
    expect(put.VersionId).toBe(v1.VersionId);
    expect(await tags('v', v1.VersionId)).toEqual([{ Key: 'gen', Value: 'first' }]);
    expect(await tags('v')).toEqual([{ Key: 'gen', Value: '2' }]);
  });

  it('CopyObject copies tags, or replaces them with the tagging directive', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'tags', Key: 'src', Body: 's', Tagging: 'from=src' }));
    await t.s3.send(new CopyObjectCommand({ Bucket: 'tags', Key: 'c1', CopySource: 'tags/src' }));
    expect(await tags('c1')).toEqual([{ Key: 'from', Value: 'src' }]);
    await t.s3.send(
      new CopyObjectCommand({
        Bucket: 'tags',
        Key: 'c2',
        CopySource: 'tags/src',
        TaggingDirective: 'REPLACE',
        Tagging: 'new=1',
      }),
    );
    expect(await tags('c2')).toEqual([{ Key: 'new', Value: '1' }]);
  });

  it('refuses 11 tags and bad tag sets with InvalidTag (as s3-tests expect of AWS), tags of a missing key with NoSuchKey', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `k${i}=v`).join('&');
    await expect(
      t.s3.send(new PutObjectCommand({ Bucket: 'tags', Key: 'x', Body: 'x', Tagging: eleven })),
    ).rejects.toMatchObject({
      name: 'InvalidTag',
      $metadata: { httpStatusCode: 400 },
      message: 'Object tags cannot be greater than 10',
    });
    const elevenTags = Array.from({ length: 11 }, (_, i) => ({ Key: `k${i}`, Value: 'v' }));
    await expect(
      t.s3.send(new PutObjectTaggingCommand({ Bucket: 'tags', Key: 'a', Tagging: { TagSet: elevenTags } })),
    ).rejects.toMatchObject({ name: 'InvalidTag', $metadata: { httpStatusCode: 400 } });
    for (const TagSet of [
      [
        { Key: 'dup', Value: '1' },
        { Key: 'dup', Value: '2' },
      ],
      [{ Key: 'k'.repeat(129), Value: 'v' }],
      [{ Key: 'aws:reserved', Value: 'v' }],
      // S3's characters only: letters, numbers, spaces and _ . : / = + - @.
      [{ Key: 'a*', Value: 'v' }],
      [{ Key: 'k', Value: 'x&y<>' }],
    ]) {
      await expect(
        t.s3.send(new PutObjectTaggingCommand({ Bucket: 'tags', Key: 'a', Tagging: { TagSet } })),
      ).rejects.toMatchObject({ name: 'InvalidTag', $metadata: { httpStatusCode: 400 } });
    }
    await expect(
      t.s3.send(new PutObjectCommand({ Bucket: 'tags', Key: 'x', Body: 'x', Tagging: 'a%2A=b%23' })),
    ).rejects.toMatchObject({ name: 'InvalidTag' });
    // What is allowed: Unicode letters, spaces, the listed marks; empty pairs are skipped.
    await t.s3.send(
      new PutObjectCommand({
        Bucket: 'tags',
        Key: 'x',
        Body: 'x',
        Tagging: 'Gr%C3%BC%C3%9Fe=a%20b%3D%2B-%40_.%3A%2F&&',
      }),
    );
    expect(await tags('x')).toEqual([{ Key: 'Grüße', Value: 'a b=+-@_.:/' }]);
    await expect(
      t.s3.send(new GetObjectTaggingCommand({ Bucket: 'tags', Key: 'missing' })),
    ).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });

  it('keeps tags with an empty value, however the client writes them (boto3, header, no <Value>)', async () => {
    boto3Installed();
    const out = await python(
      t,
      `
s3.put_object(Bucket='tags', Key='empty-values', Body=b'x', Tagging='flag=&bare')
header = s3.get_object_tagging(Bucket='tags', Key='empty-values')['TagSet']
s3.put_object_tagging(Bucket='tags', Key='empty-values', Tagging={'TagSet': [{'Key': 'k', 'Value': ''}]})
body = s3.get_object_tagging(Bucket='tags', Key='empty-values')['TagSet']
print(json.dumps([header, body]))
`,
    );
    expect(out).toEqual([
      [
        { Key: 'bare', Value: '' },
        { Key: 'flag', Value: '' },
      ],
      [{ Key: 'k', Value: '' }],
    ]);
    // Some SDKs leave an empty string's element out: a Tag without <Value> has the empty value (MinIO).
    const body = '<Tagging><TagSet><Tag><Key>novalue</Key></Tag></TagSet></Tagging>';
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/tags/empty-values?tagging',
      body,
      headers: { 'content-md5': createHash('md5').update(body).digest('base64') },
    });
    expect(res.status).toBe(200);
    expect(await tags('empty-values')).toEqual([{ Key: 'novalue', Value: '' }]);
  });

  it('works through the minio SDK', async () => {
    await t.minio.putObject('tags', 'm', Buffer.from('m'));
    await t.minio.setObjectTagging('tags', 'm', { env: 'prod' });
    expect(await t.minio.getObjectTagging('tags', 'm')).toEqual([{ Key: 'env', Value: 'prod' }]);
    // @ts-expect-error the SDK's type asks for options its code does not need
    await t.minio.removeObjectTagging('tags', 'm');
    expect(await t.minio.getObjectTagging('tags', 'm')).toEqual([]);
  });
});
