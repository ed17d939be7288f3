import * as s3sdk from '@aws-sdk/client-s3';
import { type BucketTarget, MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';
import { remoteTarget } from '../support/remote-target.js';

// Remote targets (madmin-protocol.md §3.7) between two real stores: the remote is checked
// (reachable, bucket present, versioned) before it is kept; secrets are never listed.

let source: TestStore;
let remote: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  [source, remote] = await Promise.all([startTestStore(), startTestStore()]);
  admin = new MadminClient({ endpoint: source.store.url, credentials: ROOT });
  for (const [store, bucket] of [
    [source, 'src'],
    [remote, 'dst'],
    [remote, 'plain'],
  ] as const) {
    await store.s3.send(new s3sdk.CreateBucketCommand({ Bucket: bucket }));
    if (bucket !== 'plain')
      await store.s3.send(
        new s3sdk.PutBucketVersioningCommand({
          Bucket: bucket,
          VersioningConfiguration: { Status: 'Enabled' },
        }),
      );
  }
});
afterAll(async () => {
  await source.close();
  await remote.close();
});

const target = (overrides: Partial<BucketTarget> = {}): BucketTarget =>
  remoteTarget(remote, 'src', 'dst', overrides);

describe('admin remote targets', () => {
  it('adds a checked target, answers the same ARN for the same remote, lists it without the secret', async () => {
    const arn = await admin.remoteTargets.set('src', target());
    expect(arn).toMatch(/^arn:minio:replication::[0-9a-f-]{36}:dst$/);
    expect(await admin.remoteTargets.set('src', target())).toBe(arn);
    const listed = await admin.remoteTargets.list('src', 'replication');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ arn, targetbucket: 'dst', credentials: { accessKey: ROOT.accessKey } });
    expect(listed[0]?.credentials.secretKey).toBeUndefined();
    await admin.remoteTargets.update('src', { ...target({ bandwidthlimit: 200_000_000 }), arn });
    expect((await admin.remoteTargets.list('src'))[0]?.bandwidthlimit).toBe(200_000_000);
    await admin.remoteTargets.remove('src', arn);
    expect(await code(admin.remoteTargets.list('src'))).toBe('404 XMinioAdminRemoteTargetNotFoundError');
  });

  it('refuses unversioned, missing, unreachable and badly keyed remotes, and an unversioned source', async () => {
    expect(await code(admin.remoteTargets.set('src', target({ targetbucket: 'plain' })))).toBe(
      '400 RemoteTargetNotVersionedError',
    );
    expect(await code(admin.remoteTargets.set('src', target({ targetbucket: 'nosuch' })))).toBe(
      '404 ReplicationDestinationNotFoundError',
    );
    expect(await code(admin.remoteTargets.set('src', target({ endpoint: '127.0.0.1:9' })))).toBe(
      '404 XMinioAdminReplicationRemoteConnectionError',
    );
    const wrongKey = target({
      credentials: {
        accessKey: ROOT.accessKey,
        secretKey: 'wrong-secret',
        expiration: '0001-01-01T00:00:00Z',
      },
    });
    expect(await code(admin.remoteTargets.set('src', wrongKey))).toBe(
      '404 XMinioAdminReplicationRemoteConnectionError',
    );
    expect(await code(admin.remoteTargets.set('src', target({ type: 'ilm' })))).toBe(
      '400 XMinioAdminRemoteArnTypeInvalid',
    );
    expect(await code(admin.remoteTargets.set('src', target({ bandwidthlimit: 5 })))).toBe(
      '400 XMinioAdminConfigBadJSON',
    );
    await source.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'unversioned' }));
    expect(await code(admin.remoteTargets.set('unversioned', target()))).toBe(
      '400 ReplicationSourceNotVersionedError',
    );
    expect(await code(admin.remoteTargets.remove('src', 'arn:minio:replication::x:dst'))).toBe(
      '404 XMinioAdminRemoteTargetNotFoundError',
    );
  });
});
