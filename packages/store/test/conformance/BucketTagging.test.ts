import * as s3sdk from '@aws-sdk/client-s3';
import { startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, DeleteBucketTaggingCommand, GetBucketTaggingCommand, PutBucketTaggingCommand } =
  s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'tags' }));
});
afterAll(() => t.close());

const put = (TagSet: s3sdk.Tag[]) =>
  t.s3.send(new PutBucketTaggingCommand({ Bucket: 'tags', Tagging: { TagSet } }));

describe('Get/Put/DeleteBucketTagging', () => {
  it('NoSuchTagSet (404) until tags are set; then round-trips; delete clears', async () => {
    await expect(t.s3.send(new GetBucketTaggingCommand({ Bucket: 'tags' }))).rejects.toMatchObject({
      name: 'NoSuchTagSet',
      $metadata: { httpStatusCode: 404 },
    });
    const TagSet = [
      { Key: 'team', Value: 'storage' },
      { Key: 'cost centre', Value: '' },
      { Key: 'ü:=+/@', Value: 'v'.repeat(256) },
    ];
    const out = await put(TagSet);
    // MinIO answers 200 (the minio SDK requires it), where AWS documents 204.
    expect(out.$metadata.httpStatusCode).toBe(200);
    expect((await t.s3.send(new GetBucketTaggingCommand({ Bucket: 'tags' }))).TagSet).toEqual(TagSet);
    await t.s3.send(new DeleteBucketTaggingCommand({ Bucket: 'tags' }));
    await expect(t.s3.send(new GetBucketTaggingCommand({ Bucket: 'tags' }))).rejects.toMatchObject({
      name: 'NoSuchTagSet',
    });
  });

  it('InvalidTag: more than 50 tags, long keys or values, duplicate keys, aws: keys', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ Key: `k${i}`, Value: 'v' }));
    for (const TagSet of [
      many,
      [{ Key: 'k'.repeat(129), Value: 'v' }],
      [{ Key: 'k', Value: 'v'.repeat(257) }],
      [
        { Key: 'k', Value: '1' },
        { Key: 'k', Value: '2' },
      ],
      [{ Key: 'aws:x', Value: 'v' }],
    ]) {
      await expect(put(TagSet)).rejects.toMatchObject({
        name: 'InvalidTag',
        $metadata: { httpStatusCode: 400 },
      });
    }
    await put(many.slice(0, 50));
  });

  it('works through the minio SDK', async () => {
    await t.minio.setBucketTagging('tags', { env: 'test' });
    expect(await t.minio.getBucketTagging('tags')).toEqual([{ Key: 'env', Value: 'test' }]);
    await t.minio.removeBucketTagging('tags');
  });
});
