import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// GetObjectAttributes: the attributes asked for, an object's parts among them.

const {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectAttributesCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

const MiB = 1024 * 1024;
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'attrs' }));
});
afterAll(() => t.close());

describe('GetObjectAttributes', () => {
  it('answers what is asked: ETag, checksum, size and class of a single object', async () => {
    const put = await t.s3.send(
      new PutObjectCommand({ Bucket: 'attrs', Key: 'one', Body: 'hello', ChecksumAlgorithm: 'SHA256' }),
    );
    const out = await t.s3.send(
      new GetObjectAttributesCommand({
        Bucket: 'attrs',
        Key: 'one',
        ObjectAttributes: ['ETag', 'Checksum', 'ObjectSize', 'StorageClass'],
      }),
    );
    expect([out.ETag, out.ObjectSize, out.StorageClass]).toEqual([
      put.ETag!.replaceAll('"', ''),
      5,
      'STANDARD',
    ]);
    expect(out.Checksum?.ChecksumSHA256).toBe(put.ChecksumSHA256);
    expect(out.Checksum?.ChecksumType).toBe('FULL_OBJECT');
    expect(out.ObjectParts).toBeUndefined();
    const some = await t.s3.send(
      new GetObjectAttributesCommand({ Bucket: 'attrs', Key: 'one', ObjectAttributes: ['ObjectSize'] }),
    );
    expect([some.ETag, some.ObjectSize]).toEqual([undefined, 5]);
  });

  it('pages the parts of a multipart object', async () => {
    const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'attrs', Key: 'mp' }));
    const Parts = [];
    for (const [i, size] of [5 * MiB, 5 * MiB, 10].entries()) {
      const up = await t.s3.send(
        new UploadPartCommand({
          Bucket: 'attrs',
          Key: 'mp',
          UploadId,
          PartNumber: i + 1,
          Body: Buffer.alloc(size, i),
        }),
      );
      Parts.push({ PartNumber: i + 1, ETag: up.ETag! });
    }
    await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'attrs',
        Key: 'mp',
        UploadId,
        MultipartUpload: { Parts },
      }),
    );
    const first = await t.s3.send(
      new GetObjectAttributesCommand({
        Bucket: 'attrs',
        Key: 'mp',
        ObjectAttributes: ['ObjectParts'],
        MaxParts: 2,
      }),
    );
    expect(first.ObjectParts).toMatchObject({
      TotalPartsCount: 3,
      IsTruncated: true,
      NextPartNumberMarker: '2',
      Parts: [
        { PartNumber: 1, Size: 5 * MiB },
        { PartNumber: 2, Size: 5 * MiB },
      ],
    });
    const rest = await t.s3.send(
      new GetObjectAttributesCommand({
        Bucket: 'attrs',
        Key: 'mp',
        ObjectAttributes: ['ObjectParts'],
        PartNumberMarker: '2',
      }),
    );
    expect([rest.ObjectParts?.IsTruncated, rest.ObjectParts?.Parts]).toEqual([
      false,
      [{ PartNumber: 3, Size: 10 }],
    ]);
  });

  it("keeps each part's checksum: in ObjectParts, and on part reads with checksum mode", async () => {
    const Key = 'mp-sums';
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'attrs', Key, ChecksumAlgorithm: 'CRC32C' }),
    );
    const Parts = [];
    for (const [i, size] of [5 * MiB, 7].entries()) {
      const up = await t.s3.send(
        new UploadPartCommand({
          Bucket: 'attrs',
          Key,
          UploadId,
          PartNumber: i + 1,
          Body: Buffer.alloc(size, i + 7),
          ChecksumAlgorithm: 'CRC32C',
        }),
      );
      Parts.push({ PartNumber: i + 1, ETag: up.ETag!, ChecksumCRC32C: up.ChecksumCRC32C! });
    }
    const done = await t.s3.send(
      new CompleteMultipartUploadCommand({ Bucket: 'attrs', Key, UploadId, MultipartUpload: { Parts } }),
    );
    const attrs = await t.s3.send(
      new GetObjectAttributesCommand({ Bucket: 'attrs', Key, ObjectAttributes: ['ObjectParts', 'Checksum'] }),
    );
    // The object's COMPOSITE value without the -N part count GET and HEAD add (as S3 answers it).
    expect(`${attrs.Checksum?.ChecksumCRC32C}-2`).toBe(done.ChecksumCRC32C);
    expect(attrs.Checksum?.ChecksumType).toBe('COMPOSITE');
    expect(attrs.ObjectParts?.Parts).toEqual([
      { PartNumber: 1, Size: 5 * MiB, ChecksumCRC32C: Parts[0]!.ChecksumCRC32C },
      { PartNumber: 2, Size: 7, ChecksumCRC32C: Parts[1]!.ChecksumCRC32C },
    ]);
    for (const PartNumber of [1, 2]) {
      const head = await t.s3.send(
        new HeadObjectCommand({ Bucket: 'attrs', Key, PartNumber, ChecksumMode: 'ENABLED' }),
      );
      expect(head.ChecksumCRC32C).toBe(Parts[PartNumber - 1]!.ChecksumCRC32C);
      const got = await t.s3.send(
        new GetObjectCommand({ Bucket: 'attrs', Key, PartNumber, ChecksumMode: 'ENABLED' }),
      );
      expect(got.ChecksumCRC32C).toBe(Parts[PartNumber - 1]!.ChecksumCRC32C);
      await got.Body?.transformToByteArray();
    }
    // The whole object still answers its own checksum; a byte range none.
    const whole = await t.s3.send(new HeadObjectCommand({ Bucket: 'attrs', Key, ChecksumMode: 'ENABLED' }));
    expect(whole.ChecksumCRC32C).toBe(done.ChecksumCRC32C);
    const span = await t.s3.send(
      new GetObjectCommand({ Bucket: 'attrs', Key, Range: 'bytes=0-9', ChecksumMode: 'ENABLED' }),
    );
    expect(span.ChecksumCRC32C).toBeUndefined();
    await span.Body?.transformToByteArray();
  });

  it('refuses an unknown attribute or none; a missing key is NoSuchKey', async () => {
    for (const attributes of ['Nope', '']) {
      const res = await signedRequest(t.store.port, {
        method: 'GET',
        path: '/attrs/one?attributes',
        headers: { 'x-amz-object-attributes': attributes },
      });
      expect([res.status, xmlCode(res.body)], attributes).toEqual([400, 'InvalidArgument']);
    }
    await expect(
      t.s3.send(
        new GetObjectAttributesCommand({ Bucket: 'attrs', Key: 'missing', ObjectAttributes: ['ETag'] }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchKey' });
  });
});
