import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// MinIO's api object_max_versions: a write that would give a key more versions (delete
// markers included) is refused with 400 MaxVersionsExceeded. Unset, there is no limit.

const {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'capped' }));
});
afterAll(() => t.close());

const versioning = (Status: 'Enabled' | 'Suspended') =>
  t.s3.send(new PutBucketVersioningCommand({ Bucket: 'capped', VersioningConfiguration: { Status } }));
const put = (Key: string) => t.s3.send(new PutObjectCommand({ Bucket: 'capped', Key, Body: 'v' }));
const exceeded = { name: 'MaxVersionsExceeded', $metadata: { httpStatusCode: 400 } };

describe('api object_max_versions', () => {
  it('has no limit by default (MinIO shows the int64 maximum)', async () => {
    expect(await admin.config.getKV('api')).toContain('object_max_versions=9223372036854775807');
    await versioning('Enabled');
    for (let i = 0; i < 4; i++) await put('free');
  });

  it('refuses PUT, copy and Complete past the limit; the null version is replaced in place', async () => {
    await admin.config.setKV('api object_max_versions=2');
    await put('k');
    await put('k');
    await expect(put('k')).rejects.toMatchObject(exceeded);
    await expect(
      t.s3.send(new CopyObjectCommand({ Bucket: 'capped', Key: 'k', CopySource: 'capped/free' })),
    ).rejects.toMatchObject(exceeded);
    const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'capped', Key: 'k' }));
    const { ETag } = await t.s3.send(
      new UploadPartCommand({ Bucket: 'capped', Key: 'k', UploadId, PartNumber: 1, Body: 'part' }),
    );
    await expect(
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'capped',
          Key: 'k',
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: ETag! }] },
        }),
      ),
    ).rejects.toMatchObject(exceeded);
    // Suspended: a write adds the null version once, then replaces it.
    await versioning('Suspended');
    await put('n');
    await put('n');
    await versioning('Enabled');
    await put('n');
    await expect(put('n')).rejects.toMatchObject(exceeded);
    await admin.config.setKV('api object_max_versions=9223372036854775807');
    await put('n');
  });
});
