import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../support/store.js';

const {
  CreateBucketCommand,
  DeleteBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketPolicyCommand,
  GetBucketTaggingCommand,
  ListBucketsCommand,
  ListMultipartUploadsCommand,
  PutBucketPolicyCommand,
  PutBucketTaggingCommand,
  PutObjectCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t.close());

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: { name: string; $metadata: { httpStatusCode: number } }) => [e.name, e.$metadata.httpStatusCode],
  );

describe('DeleteBucket', () => {
  it('deletes an empty bucket with 204', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'short-lived' }));
    const out = await t.s3.send(new DeleteBucketCommand({ Bucket: 'short-lived' }));
    expect(out.$metadata.httpStatusCode).toBe(204);
    const list = await t.s3.send(new ListBucketsCommand({}));
    expect(list.Buckets ?? []).toEqual([]);
  });

  it('refuses a bucket with objects: BucketNotEmpty (409)', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'full' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'full', Key: 'a/b', Body: 'x' }));
    expect(await errorOf(t.s3.send(new DeleteBucketCommand({ Bucket: 'full' })))).toEqual([
      'BucketNotEmpty',
      409,
    ]);
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'full', Key: 'a/b' }));
    await t.s3.send(new DeleteBucketCommand({ Bucket: 'full' }));
  });

  it('answers NoSuchBucket for a missing bucket', async () => {
    expect(await errorOf(t.s3.send(new DeleteBucketCommand({ Bucket: 'never-was' })))).toEqual([
      'NoSuchBucket',
      404,
    ]);
  });

  it('lets a deleted bucket be created again, empty', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'phoenix' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'phoenix', Key: 'k', Body: 'x' }));
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'phoenix', Key: 'k' }));
    await t.s3.send(new DeleteBucketCommand({ Bucket: 'phoenix' }));
    await t.minio.makeBucket('phoenix');
    const keys = await t.minio.listObjectsV2('phoenix', '', true).toArray();
    expect(keys).toEqual([]);
    await t.minio.removeBucket('phoenix');
    expect(await t.minio.bucketExists('phoenix')).toBe(false);
  });

  it("removes the bucket's configuration documents and open uploads with it", async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'configured' }));
    await t.s3.send(
      new PutBucketTaggingCommand({ Bucket: 'configured', Tagging: { TagSet: [{ Key: 'k', Value: 'v' }] } }),
    );
    await t.s3.send(
      new PutBucketPolicyCommand({
        Bucket: 'configured',
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: '*',
              Action: 's3:GetObject',
              Resource: 'arn:aws:s3:::configured/*',
            },
          ],
        }),
      }),
    );
    await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'configured', Key: 'pending' }));
    await t.s3.send(new DeleteBucketCommand({ Bucket: 'configured' }));
    await t.s3.send(new CreateBucketCommand({ Bucket: 'configured' }));
    expect(await errorOf(t.s3.send(new GetBucketTaggingCommand({ Bucket: 'configured' })))).toEqual([
      'NoSuchTagSet',
      404,
    ]);
    expect(await errorOf(t.s3.send(new GetBucketPolicyCommand({ Bucket: 'configured' })))).toEqual([
      'NoSuchBucketPolicy',
      404,
    ]);
    const uploads = await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'configured' }));
    expect(uploads.Uploads ?? []).toEqual([]);
  });
});
