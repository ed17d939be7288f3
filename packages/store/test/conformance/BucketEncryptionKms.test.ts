import { randomBytes } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// SSE-KMS with a static KMS key (MinIO's MINIO_KMS_SECRET_KEY form): bucket defaults that name
// the key, objects sealed with it, and the headers S3 clients read back.

const {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetBucketEncryptionCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketEncryptionCommand,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

const KEY_NAME = 'stowage-key';
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ kmsSecretKey: `${KEY_NAME}:${randomBytes(32).toString('base64')}` });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'kms' }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'plain' }));
});
afterAll(() => t.close());

const putKms = (bucket: string, KMSMasterKeyID?: string) =>
  t.s3.send(
    new PutBucketEncryptionCommand({
      Bucket: bucket,
      ServerSideEncryptionConfiguration: {
        Rules: [
          {
            ApplyServerSideEncryptionByDefault: {
              SSEAlgorithm: 'aws:kms',
              ...(KMSMasterKeyID === undefined ? {} : { KMSMasterKeyID }),
            },
          },
        ],
      },
    }),
  );

describe('SSE-KMS with a configured KMS', () => {
  it('a bucket default names the KMS key and reads back with it', async () => {
    await putKms('kms', KEY_NAME);
    const got = await t.s3.send(new GetBucketEncryptionCommand({ Bucket: 'kms' }));
    expect(got.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: 'aws:kms',
      KMSMasterKeyID: KEY_NAME,
    });
    // The ARN form names the same key, and reads back as it was sent.
    await putKms('kms', `arn:aws:kms:${KEY_NAME}`);
    const arn = await t.s3.send(new GetBucketEncryptionCommand({ Bucket: 'kms' }));
    expect(arn.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: 'aws:kms',
      KMSMasterKeyID: `arn:aws:kms:${KEY_NAME}`,
    });
    await expect(putKms('kms', 'no-such-key')).rejects.toMatchObject({
      name: 'KMS.NotFoundException',
      $metadata: { httpStatusCode: 400 },
    });
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/kms?encryption',
      body: '<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>aws:kms:dsse</SSEAlgorithm></ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>',
    });
    expect([res.status, xmlCode(res.body)]).toEqual([400, 'MalformedXML']);
  });

  it('objects in a KMS bucket are sealed with the key and read back whole', async () => {
    await putKms('kms', KEY_NAME);
    const put = await t.s3.send(new PutObjectCommand({ Bucket: 'kms', Key: 'a.txt', Body: 'hello kms' }));
    expect([put.ServerSideEncryption, put.SSEKMSKeyId]).toEqual(['aws:kms', `arn:aws:kms:${KEY_NAME}`]);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'kms', Key: 'a.txt' }));
    expect([head.ServerSideEncryption, head.SSEKMSKeyId]).toEqual(['aws:kms', `arn:aws:kms:${KEY_NAME}`]);
    const get = await t.s3.send(new GetObjectCommand({ Bucket: 'kms', Key: 'a.txt' }));
    expect(await get.Body?.transformToString()).toBe('hello kms');
  });

  it('a write may ask for SSE-KMS itself; an unknown key is refused', async () => {
    const put = await t.s3.send(
      new PutObjectCommand({ Bucket: 'plain', Key: 'b.txt', Body: 'asked', ServerSideEncryption: 'aws:kms' }),
    );
    expect(put.SSEKMSKeyId).toBe(`arn:aws:kms:${KEY_NAME}`);
    const get = await t.s3.send(new GetObjectCommand({ Bucket: 'plain', Key: 'b.txt' }));
    expect([get.ServerSideEncryption, await get.Body?.transformToString()]).toEqual(['aws:kms', 'asked']);
    await expect(
      t.s3.send(
        new PutObjectCommand({
          Bucket: 'plain',
          Key: 'c.txt',
          Body: 'x',
          ServerSideEncryption: 'aws:kms',
          SSEKMSKeyId: 'other-key',
        }),
      ),
    ).rejects.toMatchObject({ name: 'KMS.NotFoundException' });
  });

  it('a multipart upload to a KMS bucket is sealed with the key', async () => {
    await putKms('kms', KEY_NAME);
    const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'kms', Key: 'big' }));
    const part = await t.s3.send(
      new UploadPartCommand({ Bucket: 'kms', Key: 'big', UploadId, PartNumber: 1, Body: 'one part' }),
    );
    const done = await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'kms',
        Key: 'big',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag! }] },
      }),
    );
    expect(done.ServerSideEncryption).toBe('aws:kms');
    const get = await t.s3.send(new GetObjectCommand({ Bucket: 'kms', Key: 'big' }));
    expect([get.SSEKMSKeyId, await get.Body?.transformToString()]).toEqual([
      `arn:aws:kms:${KEY_NAME}`,
      'one part',
    ]);
  });
});
