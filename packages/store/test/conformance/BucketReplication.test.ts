import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';
import { remoteTarget } from '../support/remote-target.js';

const {
  CreateBucketCommand,
  DeleteBucketReplicationCommand,
  GetBucketReplicationCommand,
  PutBucketReplicationCommand,
  PutBucketVersioningCommand,
} = s3sdk;

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'repl' }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'remote' }));
  await t.s3.send(
    new PutBucketVersioningCommand({ Bucket: 'remote', VersioningConfiguration: { Status: 'Enabled' } }),
  );
});
afterAll(() => t.close());

/** A remote target of `repl`: another bucket of the same store. */
const addTarget = (): Promise<string> => admin.remoteTargets.set('repl', remoteTarget(t, 'repl', 'remote'));

let config: s3sdk.ReplicationConfiguration = {
  Role: '',
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
    const arn = await addTarget();
    config = { ...config, Rules: [{ ...config.Rules![0]!, Destination: { Bucket: arn } }] };
    await expect(t.s3.send(new GetBucketReplicationCommand({ Bucket: 'repl' }))).rejects.toMatchObject({
      name: 'ReplicationConfigurationNotFoundError',
      $metadata: { httpStatusCode: 404 },
    });
    await put(config);
    const got = await t.s3.send(new GetBucketReplicationCommand({ Bucket: 'repl' }));
    expect(got.ReplicationConfiguration).toEqual(config);
    const replicated = async () =>
      (await admin.accountInfo()).Buckets.find((b) => b.name === 'repl')?.details?.replication;
    expect(await replicated()).toBe(true); // AccountInfo says so, as MinIO does
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
    expect(await replicated()).toBe(false);
    await suspend();
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'repl', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await expect(t.s3.send(new GetBucketReplicationCommand({ Bucket: 'repl' }))).rejects.toMatchObject({
      name: 'ReplicationConfigurationNotFoundError',
    });
  });

  it('refuses destinations that are not a remote target of the bucket', async () => {
    const to = (Bucket: string) =>
      put({ ...config, Rules: [{ ...config.Rules![0]!, Destination: { Bucket } }] });
    await expect(to('remote')).rejects.toMatchObject({ name: 'InvalidArgument' });
    for (const bare of ['arn:', 'arn:aws:s3:::remote', 'arn:minio:replication::id:'])
      await expect(to(bare)).rejects.toMatchObject({
        name: 'XMinioAdminRemoteArnInvalid',
        $metadata: { httpStatusCode: 400 },
      });
    await expect(to('arn:minio:ilm::id:remote')).rejects.toMatchObject({
      name: 'XMinioAdminRemoteArnTypeInvalid',
    });
    await expect(to('arn:minio:replication::0000:remote')).rejects.toMatchObject({
      name: 'XMinioAdminRemoteTargetNotFoundError',
      $metadata: { httpStatusCode: 404 },
    });
    // The legacy Role, when given, is the target; it must be one, and serve every rule.
    const arn = config.Rules![0]!.Destination!.Bucket!;
    await expect(put({ ...config, Role: 'arn:minio:replication::0000:remote' })).rejects.toMatchObject({
      name: 'XMinioAdminRemoteTargetNotFoundError',
    });
    const second = {
      ...config.Rules![0]!,
      ID: 'two',
      Priority: 2,
      Destination: { Bucket: 'arn:aws:s3:::other' },
    };
    await expect(put({ ...config, Role: arn, Rules: [...config.Rules!, second] })).rejects.toMatchObject({
      name: 'InvalidRequest',
    });
    await put({
      ...config,
      Role: arn,
      Rules: [{ ...config.Rules![0]!, Destination: { Bucket: 'arn:aws:s3:::remote' } }],
    });
    // A target a rule replicates to stays until the rule goes.
    expect(await code(admin.remoteTargets.remove('repl', arn))).toBe('400 XMinioAdminRemoteRemoveDisallowed');
    await t.s3.send(new DeleteBucketReplicationCommand({ Bucket: 'repl' }));
    expect(await code(admin.remoteTargets.remove('repl', arn))).toBe('resolved');
  });
});
