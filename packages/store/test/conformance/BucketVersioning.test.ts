import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const {
  CreateBucketCommand,
  GetBucketVersioningCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} = s3sdk;

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

  it("MinIO's excluded prefixes and folders: those keys keep one null version", async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'partly' }));
    const putConfig = (inner: string) =>
      signedRequest(t.store.port, {
        method: 'PUT',
        path: '/partly?versioning',
        body: `<VersioningConfiguration>${inner}</VersioningConfiguration>`,
      });
    const excluded =
      '<ExcludedPrefixes><Prefix>tmp/</Prefix></ExcludedPrefixes><ExcludedPrefixes><Prefix>logs*/2024/</Prefix></ExcludedPrefixes><ExcludeFolders>true</ExcludeFolders>';
    const suspended = await putConfig(`<Status>Suspended</Status>${excluded}`);
    expect([suspended.status, xmlCode(suspended.body)]).toEqual([
      400,
      'IllegalVersioningConfigurationException',
    ]);
    const eleven = Array.from(
      { length: 11 },
      (_, i) => `<ExcludedPrefixes><Prefix>p${i}/</Prefix></ExcludedPrefixes>`,
    );
    expect((await putConfig(`<Status>Enabled</Status>${eleven.join('')}`)).status).toBe(400);
    expect((await putConfig(`<Status>Enabled</Status>${excluded}`)).status).toBe(200);
    const got = await signedRequest(t.store.port, { method: 'GET', path: '/partly?versioning' });
    expect(got.body).toContain(
      '<Status>Enabled</Status><ExcludedPrefixes><Prefix>tmp/</Prefix></ExcludedPrefixes><ExcludedPrefixes><Prefix>logs*/2024/</Prefix></ExcludedPrefixes><ExcludeFolders>true</ExcludeFolders>',
    );
    for (const Key of ['tmp/a', 'data/a', 'folder/', 'logs-eu/2024/x', 'logs-eu/2025/x'])
      for (const Body of ['one', 'two'])
        await t.s3.send(new PutObjectCommand({ Bucket: 'partly', Key, Body }));
    const listed = await t.s3.send(new ListObjectVersionsCommand({ Bucket: 'partly' }));
    const versionsOf = (key: string) =>
      (listed.Versions ?? []).filter((v) => v.Key === key).map((v) => v.VersionId);
    expect(versionsOf('tmp/a')).toEqual(['null']);
    expect(versionsOf('folder/')).toEqual(['null']);
    expect(versionsOf('logs-eu/2024/x')).toEqual(['null']);
    expect(versionsOf('data/a')).toHaveLength(2);
    expect(versionsOf('logs-eu/2025/x')).toHaveLength(2);
    // Under object lock no key may go unversioned: a PUT or DELETE would replace a locked version.
    await t.s3.send(new CreateBucketCommand({ Bucket: 'partly-locked', ObjectLockEnabledForBucket: true }));
    const locked = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/partly-locked?versioning',
      body: `<VersioningConfiguration><Status>Enabled</Status>${excluded}</VersioningConfiguration>`,
    });
    expect([locked.status, xmlCode(locked.body)]).toEqual([409, 'InvalidBucketState']);
  });
});
