import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../support/store.js';

// x-amz-storage-class as MinIO keeps it: STANDARD (the default, not stored) or
// REDUCED_REDUNDANCY on PutObject, CopyObject and CreateMultipartUpload; anything else is
// InvalidStorageClass. HEAD and GET name a class other than STANDARD; listings name it.

const {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'classes' }));
});
afterAll(() => t.close());

const listedClass = async (Key: string) =>
  (await t.s3.send(new ListObjectsV2Command({ Bucket: 'classes', Prefix: Key }))).Contents?.[0]?.StorageClass;

describe('storage classes', () => {
  it('refuses a class MinIO does not know with InvalidStorageClass, storing nothing', async () => {
    for (const StorageClass of ['GLACIER', 'BOGUS'] as s3sdk.StorageClass[]) {
      await expect(
        t.s3.send(new PutObjectCommand({ Bucket: 'classes', Key: 'refused', Body: 'x', StorageClass })),
      ).rejects.toMatchObject({ name: 'InvalidStorageClass', $metadata: { httpStatusCode: 400 } });
      await expect(
        t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'classes', Key: 'refused', StorageClass })),
      ).rejects.toMatchObject({ name: 'InvalidStorageClass' });
    }
    expect(await listedClass('refused')).toBeUndefined();
  });

  it('keeps REDUCED_REDUNDANCY, reports it, and changes it by a copy onto itself', async () => {
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'classes', Key: 'rrs', Body: 'x', StorageClass: 'REDUCED_REDUNDANCY' }),
    );
    expect((await t.s3.send(new HeadObjectCommand({ Bucket: 'classes', Key: 'rrs' }))).StorageClass).toBe(
      'REDUCED_REDUNDANCY',
    );
    expect(await listedClass('rrs')).toBe('REDUCED_REDUNDANCY');
    const versions = await t.s3.send(new ListObjectVersionsCommand({ Bucket: 'classes', Prefix: 'rrs' }));
    expect(versions.Versions?.[0]?.StorageClass).toBe('REDUCED_REDUNDANCY');
    await t.s3.send(
      new CopyObjectCommand({
        Bucket: 'classes',
        Key: 'rrs',
        CopySource: 'classes/rrs',
        StorageClass: 'STANDARD',
      }),
    );
    expect(
      (await t.s3.send(new HeadObjectCommand({ Bucket: 'classes', Key: 'rrs' }))).StorageClass,
    ).toBeUndefined();
    expect(await listedClass('rrs')).toBe('STANDARD');
  });

  it('a multipart upload carries its class into its listings and the object', async () => {
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'classes', Key: 'mp', StorageClass: 'REDUCED_REDUNDANCY' }),
    );
    const uploads = await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'classes' }));
    expect(uploads.Uploads?.find((u) => u.UploadId === UploadId)?.StorageClass).toBe('REDUCED_REDUNDANCY');
    const part = await t.s3.send(
      new UploadPartCommand({ Bucket: 'classes', Key: 'mp', UploadId, PartNumber: 1, Body: 'x' }),
    );
    const parts = await t.s3.send(new ListPartsCommand({ Bucket: 'classes', Key: 'mp', UploadId }));
    expect(parts.StorageClass).toBe('REDUCED_REDUNDANCY');
    await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'classes',
        Key: 'mp',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect(await listedClass('mp')).toBe('REDUCED_REDUNDANCY');
  });
});
