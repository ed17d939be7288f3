import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

  it('BucketKeyEnabled is kept as sent; a value other than true or false is MalformedXML', async () => {
    await t.s3.send(
      new PutBucketEncryptionCommand({
        Bucket: 'enc',
        ServerSideEncryptionConfiguration: {
          Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' }, BucketKeyEnabled: true }],
        },
      }),
    );
    const got = await t.s3.send(new GetBucketEncryptionCommand({ Bucket: 'enc' }));
    expect(got.ServerSideEncryptionConfiguration?.Rules?.[0]?.BucketKeyEnabled).toBe(true);
    const body =
      '<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>AES256</SSEAlgorithm></ApplyServerSideEncryptionByDefault><BucketKeyEnabled>maybe</BucketKeyEnabled></Rule></ServerSideEncryptionConfiguration>';
    const res = await signedRequest(t.store.port, { method: 'PUT', path: '/enc?encryption', body });
    expect([res.status, xmlCode(res.body)]).toEqual([400, 'MalformedXML']);
    await t.s3.send(new DeleteBucketEncryptionCommand({ Bucket: 'enc' }));
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
