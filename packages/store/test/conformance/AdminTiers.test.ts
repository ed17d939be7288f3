import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';
import { minioTierOn } from '../support/tiers.js';

// Remote tiers (madmin-protocol.md §3.7): a MinIO-type tier on a second real store is
// checked before it is kept; Azure and GCS peers cannot run here, so those tiers are only
// validated for shape.

let hot: TestStore;
let cold: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  [hot, cold] = await Promise.all([startTestStore(), startTestStore()]);
  admin = new MadminClient({ endpoint: hot.store.url, credentials: ROOT });
  await cold.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'archive' }));
});
afterAll(async () => {
  await hot.close();
  await cold.close();
});

const minioTier = (name: string, fields: Record<string, unknown> = {}) => minioTierOn(cold, name, fields);

describe('admin tiers', () => {
  it('adds a checked tier, lists it redacted, edits, verifies and removes it', async () => {
    await admin.tiers.add(minioTier('COLD'));
    const [tier] = await admin.tiers.list();
    expect(tier).toMatchObject({ Version: 'v1', Type: 'minio', Name: 'COLD', S3: {}, Azure: {}, GCS: {} });
    expect(tier?.MinIO).toMatchObject({
      SecretKey: 'REDACTED',
      Bucket: 'archive',
      AccessKey: ROOT.accessKey,
    });
    await admin.tiers.verify('COLD');
    expect(await code(admin.tiers.edit('COLD', { access: ROOT.accessKey, secret: 'not-the-secret' }))).toBe(
      '400 XMinioAdminTierInvalidCredentials',
    );
    await admin.tiers.edit('COLD', { access: ROOT.accessKey, secret: ROOT.secretKey });
    const stats = await admin.tiers.stats();
    expect(stats.map((s) => [s.Name, s.Type])).toEqual([
      ['STANDARD', 'internal'],
      ['COLD', 'minio'],
    ]);
    await admin.tiers.remove('COLD');
    expect(await admin.tiers.list()).toEqual([]);
    expect(await code(admin.tiers.remove('COLD'))).toBe('404 XMinioAdminTierNotFound');
  });

  it('refuses duplicates, reserved and empty names, bad versions, missing buckets and wrong keys', async () => {
    await admin.tiers.add(minioTier('WARM'));
    expect(await code(admin.tiers.add(minioTier('WARM')))).toBe('409 XMinioAdminTierAlreadyExists');
    expect(await code(admin.tiers.add(minioTier('STANDARD')))).toBe('400 XMinioAdminTierReserved');
    expect(await code(admin.tiers.add(minioTier('')))).toBe('400 XMinioAdminTierNameEmpty');
    expect(await code(admin.tiers.add({ ...minioTier('V2'), Version: 'v2' as 'v1' }))).toBe(
      '400 XMinioAdminTierInvalidConfigVersion',
    );
    expect(await code(admin.tiers.add(minioTier('NOBUCKET', { Bucket: 'nosuch' })))).toBe(
      '400 XMinioAdminTierBucketNotFound',
    );
    expect(await code(admin.tiers.add(minioTier('BADKEY', { SecretKey: 'wrong-secret' })))).toBe(
      '400 XMinioAdminTierInvalidCredentials',
    );
    expect(await code(admin.tiers.add({ Version: 'v1', Type: 'gcs', Name: 'NOGCS' }))).toBe(
      '400 XMinioAdminTierInvalidConfig',
    );
    expect((await admin.tiers.list()).map((t) => t.Name)).toEqual(['WARM']);
  });

  it('lets lifecycle transitions name configured tiers only (InvalidStorageClass otherwise)', async () => {
    await hot.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'aging' }));
    await admin.tiers.add(minioTier('GLACIAL'));
    const put = (rule: s3sdk.LifecycleRule) =>
      hot.s3.send(
        new s3sdk.PutBucketLifecycleConfigurationCommand({
          Bucket: 'aging',
          LifecycleConfiguration: { Rules: [rule] },
        }),
      );
    const base = { ID: 'move', Status: 'Enabled' as const, Filter: { Prefix: 'old/' } };
    await put({
      ...base,
      Transitions: [{ Days: 30, StorageClass: 'GLACIAL' as s3sdk.TransitionStorageClass }],
    });
    await expect(
      put({
        ...base,
        Transitions: [{ Days: 30, StorageClass: 'NOSUCHTIER' as s3sdk.TransitionStorageClass }],
      }),
    ).rejects.toMatchObject({ name: 'InvalidStorageClass', $metadata: { httpStatusCode: 400 } });
    await expect(
      put({
        ...base,
        NoncurrentVersionTransitions: [
          { NoncurrentDays: 5, StorageClass: 'NOSUCHTIER' as s3sdk.TransitionStorageClass },
        ],
      }),
    ).rejects.toMatchObject({ name: 'InvalidStorageClass' });
    // The refused documents left the accepted one in place.
    const got = await hot.s3.send(new s3sdk.GetBucketLifecycleConfigurationCommand({ Bucket: 'aging' }));
    expect(got.Rules?.[0]?.Transitions).toEqual([{ Days: 30, StorageClass: 'GLACIAL' }]);
  });
});
