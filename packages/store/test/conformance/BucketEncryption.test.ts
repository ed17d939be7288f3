import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../support/store.js';

const {
  CreateBucketCommand,
  DeleteBucketEncryptionCommand,
  GetBucketEncryptionCommand,
  PutBucketEncryptionCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'enc' }));
});
afterAll(() => t.close());

const put = (SSEAlgorithm: s3sdk.ServerSideEncryption) =>
  t.s3.send(
    new PutBucketEncryptionCommand({
      Bucket: 'enc',
      ServerSideEncryptionConfiguration: {
        Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm } }],
      },
    }),
  );

describe('Get/Put/DeleteBucketEncryption', () => {
  it('SSE-S3 (AES256) round-trips; absent is ServerSideEncryptionConfigurationNotFoundError', async () => {
    await expect(t.s3.send(new GetBucketEncryptionCommand({ Bucket: 'enc' }))).rejects.toMatchObject({
      name: 'ServerSideEncryptionConfigurationNotFoundError',
      $metadata: { httpStatusCode: 404 },
    });
    await put('AES256');
    const got = await t.s3.send(new GetBucketEncryptionCommand({ Bucket: 'enc' }));
    expect(got.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: 'AES256',
    });
    await t.s3.send(new DeleteBucketEncryptionCommand({ Bucket: 'enc' }));
    await expect(t.s3.send(new GetBucketEncryptionCommand({ Bucket: 'enc' }))).rejects.toMatchObject({
      name: 'ServerSideEncryptionConfigurationNotFoundError',
    });
  });

  it('aws:kms is NotImplemented (no KMS configured)', async () => {
    await expect(put('aws:kms')).rejects.toMatchObject({
      name: 'NotImplemented',
      $metadata: { httpStatusCode: 501 },
    });
  });

  it('works through the minio SDK', async () => {
    await t.minio.setBucketEncryption('enc', {
      Rule: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    const got = await t.minio.getBucketEncryption('enc');
    expect(JSON.stringify(got)).toContain('AES256');
    await t.minio.removeBucketEncryption('enc');
  });
});
