import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '../support/store.js';

const { CreateBucketCommand, GetBucketVersioningCommand, PutBucketVersioningCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'ver' }));
});
afterAll(() => t.close());

describe('Get/PutBucketVersioning', () => {
  it('is unset at first, then Enabled, then Suspended', async () => {
    const first = await t.s3.send(new GetBucketVersioningCommand({ Bucket: 'ver' }));
    expect(first.Status).toBeUndefined();
    for (const Status of ['Enabled', 'Suspended'] as const) {
      await t.s3.send(new PutBucketVersioningCommand({ Bucket: 'ver', VersioningConfiguration: { Status } }));
      expect((await t.s3.send(new GetBucketVersioningCommand({ Bucket: 'ver' }))).Status).toBe(Status);
    }
  });

  it('refuses other states, malformed XML and missing buckets', async () => {
    const bad = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/ver?versioning',
      body: '<VersioningConfiguration><Status>On</Status></VersioningConfiguration>',
    });
    expect(bad.status).toBe(400);
    expect(xmlCode(bad.body)).toBe('IllegalVersioningConfigurationException');
    const malformed = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/ver?versioning',
      body: '<x',
    });
    expect(xmlCode(malformed.body)).toBe('MalformedXML');
    await expect(t.s3.send(new GetBucketVersioningCommand({ Bucket: 'nobucket' }))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('works through the minio SDK', async () => {
    await t.minio.setBucketVersioning('ver', { Status: 'Enabled' });
    expect(await t.minio.getBucketVersioning('ver')).toMatchObject({ Status: 'Enabled' });
  });

  it('an object-lock bucket is versioned and cannot be suspended', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
    expect((await t.s3.send(new GetBucketVersioningCommand({ Bucket: 'locked' }))).Status).toBe('Enabled');
    await expect(
      t.s3.send(
        new PutBucketVersioningCommand({
          Bucket: 'locked',
          VersioningConfiguration: { Status: 'Suspended' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidBucketState', $metadata: { httpStatusCode: 409 } });
  });
});
