import * as s3sdk from '@aws-sdk/client-s3';
import { startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, GetBucketLocationCommand } = s3sdk;

let east: TestStore;
let west: TestStore;
beforeAll(async () => {
  east = await startTestStore();
  west = await startTestStore({ region: 'eu-west-1' });
  await east.s3.send(new CreateBucketCommand({ Bucket: 'here' }));
  await west.s3.send(
    new CreateBucketCommand({
      Bucket: 'there',
      CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' },
    }),
  );
});
afterAll(async () => {
  await east.close();
  await west.close();
});

describe('GetBucketLocation', () => {
  it('answers an empty constraint for us-east-1, as S3 does', async () => {
    const out = await east.s3.send(new GetBucketLocationCommand({ Bucket: 'here' }));
    expect(out.LocationConstraint ?? '').toBe('');
  });

  it('answers the configured region otherwise', async () => {
    const out = await west.s3.send(new GetBucketLocationCommand({ Bucket: 'there' }));
    expect(out.LocationConstraint).toBe('eu-west-1');
  });

  it('answers NoSuchBucket for a missing bucket', async () => {
    await expect(east.s3.send(new GetBucketLocationCommand({ Bucket: 'absent' }))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('lets the minio SDK find the region by itself', async () => {
    await west.minio.putObject('there', 'k', Buffer.from('v'));
    expect((await west.minio.statObject('there', 'k')).size).toBe(1);
  });
});
