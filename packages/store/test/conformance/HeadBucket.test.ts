import * as s3sdk from '@aws-sdk/client-s3';
import { startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, HeadBucketCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'present' }));
});
afterAll(() => t.close());

describe('HeadBucket', () => {
  it('answers 200 for an existing bucket, naming no region when none is set', async () => {
    const out = await t.s3.send(new HeadBucketCommand({ Bucket: 'present' }));
    expect(out.$metadata.httpStatusCode).toBe(200);
    // A configured region is named: Region.test.ts.
    expect(out.BucketRegion).toBeUndefined();
  });

  it('answers 404 without a body for a missing bucket', async () => {
    const err = await t.s3.send(new HeadBucketCommand({ Bucket: 'absent' })).catch((e: unknown) => e);
    expect((err as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(404);
  });

  it('works through the minio SDK', async () => {
    expect(await t.minio.bucketExists('present')).toBe(true);
    expect(await t.minio.bucketExists('absent')).toBe(false);
  });
});
