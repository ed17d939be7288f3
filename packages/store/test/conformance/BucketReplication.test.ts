import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../support/store.js';

const {
  CreateBucketCommand,
  DeleteBucketReplicationCommand,
  GetBucketReplicationCommand,
  PutBucketReplicationCommand,
  PutBucketVersioningCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'repl' }));
});
afterAll(() => t.close());

const config: s3sdk.ReplicationConfiguration = {
  Role: 'arn:minio:replication::id:target',
  Rules: [
    {
      ID: 'all',
      Status: 'Enabled',
      Priority: 1,
      Filter: { Prefix: '' },
      DeleteMarkerReplication: { Status: 'Disabled' },
      Destination: { Bucket: 'arn:aws:s3:::remote' },
    },
  ],
};
const put = (ReplicationConfiguration: s3sdk.ReplicationConfiguration) =>
  t.s3.send(new PutBucketReplicationCommand({ Bucket: 'repl', ReplicationConfiguration }));

describe('Get/Put/DeleteBucketReplication', () => {
  it('needs versioning; stores a validated document; absent is ReplicationConfigurationNotFoundError', async () => {
    await expect(put(config)).rejects.toMatchObject({ name: 'InvalidRequest' });
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'repl', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await expect(t.s3.send(new GetBucketReplicationCommand({ Bucket: 'repl' }))).rejects.toMatchObject({
      name: 'ReplicationConfigurationNotFoundError',
      $metadata: { httpStatusCode: 404 },
    });
    await put(config);
    const got = await t.s3.send(new GetBucketReplicationCommand({ Bucket: 'repl' }));
    expect(got.ReplicationConfiguration).toEqual(config);
    // Replication needs versions: versioning cannot be suspended under it.
    const suspend = () =>
      t.s3.send(
        new PutBucketVersioningCommand({ Bucket: 'repl', VersioningConfiguration: { Status: 'Suspended' } }),
      );
    await expect(suspend()).rejects.toMatchObject({
      name: 'InvalidBucketState',
      $metadata: { httpStatusCode: 409 },
    });
    await t.s3.send(new DeleteBucketReplicationCommand({ Bucket: 'repl' }));
    await suspend();
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'repl', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await expect(t.s3.send(new GetBucketReplicationCommand({ Bucket: 'repl' }))).rejects.toMatchObject({
      name: 'ReplicationConfigurationNotFoundError',
    });
  });

  it('refuses rules without a destination bucket ARN', async () => {
    await expect(
      put({ ...config, Rules: [{ ...config.Rules![0]!, Destination: { Bucket: 'remote' } }] }),
    ).rejects.toMatchObject({ name: 'InvalidArgument' });
  });
});
