import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveRecord } from '../faults/support.js';

// x-amz-storage-class as MinIO keeps it: STANDARD (the default, not stored) or
// REDUCED_REDUNDANCY on PutObject, CopyObject and CreateMultipartUpload; anything else is
// InvalidStorageClass. HEAD and GET name a class other than STANDARD; listings name it.

const {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  GetObjectCommand,
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

/** The parity the latest version of `key` was written with, as a drive records it. */
const parityOf = (Key: string) => driveRecord(t.drives[0]!, 'classes', Key)?.versions[0]?.data?.parity;

describe('storage_class: the parity of new objects, by class', () => {
  it('writes STANDARD at the set parity and REDUCED_REDUNDANCY at EC:1 by default; a change applies to new objects', async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    const put = (Key: string, StorageClass?: 'REDUCED_REDUNDANCY') =>
      t.s3.send(
        new PutObjectCommand({ Bucket: 'classes', Key, Body: Buffer.alloc(300_000, 5), StorageClass }),
      );
    await put('sc/standard');
    await put('sc/rrs', 'REDUCED_REDUNDANCY');
    expect([parityOf('sc/standard'), parityOf('sc/rrs')]).toEqual([2, 1]);
    expect((await admin.storageInfo()).Backend).toMatchObject({ StandardSCParity: 2, RRSCParity: 1 });

    await admin.config.setKV('storage_class standard=EC:1');
    await put('sc/standard-1');
    expect([parityOf('sc/standard'), parityOf('sc/standard-1')]).toEqual([2, 1]);
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'classes', Key: 'sc/mp' }),
    );
    // Its parts keep the layout the upload began with, whatever the configuration says now.
    await admin.config.setKV('storage_class standard=EC:2');
    const part = await t.s3.send(
      new UploadPartCommand({
        Bucket: 'classes',
        Key: 'sc/mp',
        UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(300_000, 6),
      }),
    );
    await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'classes',
        Key: 'sc/mp',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag! }] },
      }),
    );
    expect(parityOf('sc/mp')).toBe(1);
    for (const [Key, fill] of [
      ['sc/standard-1', 5],
      ['sc/mp', 6],
    ] as const) {
      const got = await t.s3.send(new GetObjectCommand({ Bucket: 'classes', Key }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(Buffer.alloc(300_000, fill))).toBe(
        true,
      );
    }
  });

  it('refuses parity the set cannot take, or RRS above STANDARD, storing nothing', async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    for (const [line, message] of [
      ['storage_class standard=EC:3', 'parity 3 should be less than or equal to 2'],
      ['storage_class standard=garbage', 'Unsupported scheme garbage'],
      ['storage_class standard=EC:1 rrs=EC:2', 'Reduced redundancy storage class parity 2'],
    ] as const)
      await expect(admin.config.setKV(line)).rejects.toThrow(message);
    expect(await admin.config.getKV('storage_class')).toContain('standard=EC:2');
  });
});

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
