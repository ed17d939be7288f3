import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A hard bucket quota, set through the admin API (madmin's SetBucketQuota), is enforced on
// PutObject, CopyObject, UploadPart and CompleteMultipartUpload.

const {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

let t: TestStore;
let admin: MadminClient;
const exceeded = { name: 'XMinioAdminBucketQuotaExceeded', $metadata: { httpStatusCode: 400 } };
const MiB = 1024 * 1024;

beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'capped' }));
});
afterAll(() => t.close());

describe('bucket quota', () => {
  it('get-bucket-quota is 404 until set; set and get round-trip', async () => {
    await expect(admin.getBucketQuota('capped')).rejects.toMatchObject({
      code: 'XMinioAdminNoSuchQuotaConfiguration',
    });
    await admin.setBucketQuota('capped', { quota: 6 * MiB, quotatype: 'hard' });
    expect(await admin.getBucketQuota('capped')).toEqual({ quota: 6 * MiB, quotatype: 'hard' });
    await expect(admin.getBucketQuota('no-such-bucket')).rejects.toMatchObject({ code: 'NoSuchBucket' });
  });

  it('writes that would pass the quota are refused; deletes make room again', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'capped', Key: 'a', Body: Buffer.alloc(4 * MiB) }));
    await expect(
      t.s3.send(new PutObjectCommand({ Bucket: 'capped', Key: 'b', Body: Buffer.alloc(3 * MiB) })),
    ).rejects.toMatchObject(exceeded);
    await expect(
      t.s3.send(new CopyObjectCommand({ Bucket: 'capped', Key: 'copy', CopySource: 'capped/a' })),
    ).rejects.toMatchObject(exceeded);
    await t.s3.send(new PutObjectCommand({ Bucket: 'capped', Key: 'c', Body: Buffer.alloc(MiB) }));
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'capped', Key: 'a' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'capped', Key: 'b', Body: Buffer.alloc(3 * MiB) }));
  });

  it('multipart uploads count their parts', async () => {
    const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'capped', Key: 'mp' }));
    await expect(
      t.s3.send(
        new UploadPartCommand({
          Bucket: 'capped',
          Key: 'mp',
          UploadId,
          PartNumber: 1,
          Body: Buffer.alloc(5 * MiB),
        }),
      ),
    ).rejects.toMatchObject(exceeded);
    const small = await t.s3.send(
      new UploadPartCommand({
        Bucket: 'capped',
        Key: 'mp',
        UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(MiB),
      }),
    );
    await admin.setBucketQuota('capped', { quota: 4 * MiB + 1, quotatype: 'hard' });
    await expect(
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'capped',
          Key: 'mp',
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: small.ETag }] },
        }),
      ),
    ).rejects.toMatchObject(exceeded);
  });

  it('uploads racing each other cannot all pass the same check', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'raced' }));
    await admin.setBucketQuota('raced', { quota: 100_000, quotatype: 'hard' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.s3
          .send(new PutObjectCommand({ Bucket: 'raced', Key: `k${i}`, Body: Buffer.alloc(60_000, i) }))
          .then(
            () => 'ok',
            (e: { name: string }) => e.name,
          ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'XMinioAdminBucketQuotaExceeded')).toHaveLength(7);
    // A refused or finished write holds nothing back: the rest of the quota is usable, short
    // of reaching it (MinIO refuses a write that would bring usage to the quota: >=).
    await expect(
      t.s3.send(new PutObjectCommand({ Bucket: 'raced', Key: 'rest', Body: Buffer.alloc(40_000) })),
    ).rejects.toMatchObject(exceeded);
    await t.s3.send(new PutObjectCommand({ Bucket: 'raced', Key: 'rest', Body: Buffer.alloc(39_999) }));
  });

  it('a copy onto itself (new metadata) is not held to the quota, as in MinIO', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'rewrite' }));
    await admin.setBucketQuota('rewrite', { quota: MiB, quotatype: 'hard' });
    await t.s3.send(new PutObjectCommand({ Bucket: 'rewrite', Key: 'big', Body: Buffer.alloc(600 * 1024) }));
    await t.s3.send(
      new CopyObjectCommand({
        Bucket: 'rewrite',
        Key: 'big',
        CopySource: 'rewrite/big',
        MetadataDirective: 'REPLACE',
        Metadata: { note: 'changed' },
      }),
    );
    await expect(
      t.s3.send(new CopyObjectCommand({ Bucket: 'rewrite', Key: 'other', CopySource: 'rewrite/big' })),
    ).rejects.toMatchObject(exceeded);
    // Where versions are kept, a copy onto itself adds one, and its bytes count.
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'rewrite', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await expect(
      t.s3.send(
        new CopyObjectCommand({
          Bucket: 'rewrite',
          Key: 'big',
          CopySource: 'rewrite/big',
          MetadataDirective: 'REPLACE',
          Metadata: { note: 'again' },
        }),
      ),
    ).rejects.toMatchObject(exceeded);
  });

  it('under suspended versioning only a copy of the null version onto itself replaces it', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'suspended' }));
    await admin.setBucketQuota('suspended', { quota: MiB, quotatype: 'hard' });
    const versioning = (Status: 'Enabled' | 'Suspended') =>
      t.s3.send(new PutBucketVersioningCommand({ Bucket: 'suspended', VersioningConfiguration: { Status } }));
    await versioning('Enabled');
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'suspended', Key: 'big', Body: Buffer.alloc(600 * 1024) }),
    );
    await versioning('Suspended');
    const copyOntoItself = (Key: string) =>
      t.s3.send(
        new CopyObjectCommand({
          Bucket: 'suspended',
          Key,
          CopySource: `suspended/${Key}`,
          MetadataDirective: 'REPLACE',
          Metadata: { note: 'changed' },
        }),
      );
    // The latest version has an id: the copy adds a null version beside it, 600 KiB more.
    await expect(copyOntoItself('big')).rejects.toMatchObject(exceeded);
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'suspended', Key: 'null', Body: Buffer.alloc(300 * 1024) }),
    );
    await copyOntoItself('null'); // replaces the null version: no bytes added
  });

  it('quota 0 or {} clears it (an empty quota, as MinIO answers); fifo and malformed documents are refused', async () => {
    await expect(
      admin.setBucketQuota('capped', { quota: 1, quotatype: 'fifo' as 'hard' }),
    ).rejects.toMatchObject({
      message: "'fifo' quota type is deprecated",
    });
    await expect(admin.setBucketQuota('capped', { quota: -1, quotatype: 'hard' })).rejects.toMatchObject({
      code: 'InvalidArgument',
    });
    await admin.setBucketQuota('capped', { quota: 0, quotatype: 'hard' });
    expect(await admin.getBucketQuota('capped')).toEqual({ quota: 0, quotatype: 'hard' });
    await t.s3.send(new PutObjectCommand({ Bucket: 'capped', Key: 'big', Body: Buffer.alloc(5 * MiB) }));
    await admin.setBucketQuota('capped', { quota: MiB, quotatype: 'hard' });
    // A document without a quota (`{}`) clears it too, as in MinIO.
    await admin.setBucketQuota('capped', {} as Parameters<MadminClient['setBucketQuota']>[1]);
    expect(await admin.getBucketQuota('capped')).toEqual({ quota: 0, quotatype: 'hard' });
    await t.s3.send(new PutObjectCommand({ Bucket: 'capped', Key: 'big2', Body: Buffer.alloc(2 * MiB) }));
  });
});
