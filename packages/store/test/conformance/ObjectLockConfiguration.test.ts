import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, GetObjectLockConfigurationCommand, PutObjectLockConfigurationCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'plain' }));
});
afterAll(() => t.close());

const put = (Bucket: string, Rule?: s3sdk.ObjectLockRule) =>
  t.s3.send(
    new PutObjectLockConfigurationCommand({
      Bucket,
      ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', ...(Rule ? { Rule } : {}) },
    }),
  );

describe('Get/PutObjectLockConfiguration', () => {
  it('a bucket created with object lock reports it, and takes a default retention', async () => {
    const first = await t.s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'locked' }));
    expect(first.ObjectLockConfiguration).toEqual({ ObjectLockEnabled: 'Enabled' });
    await put('locked', { DefaultRetention: { Mode: 'GOVERNANCE', Days: 30 } });
    const got = await t.s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'locked' }));
    expect(got.ObjectLockConfiguration?.Rule?.DefaultRetention).toEqual({ Mode: 'GOVERNANCE', Days: 30 });
    await put('locked', { DefaultRetention: { Mode: 'COMPLIANCE', Years: 2 } });
    const years = await t.s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'locked' }));
    expect(years.ObjectLockConfiguration?.Rule?.DefaultRetention).toEqual({ Mode: 'COMPLIANCE', Years: 2 });
  });

  it('other buckets: ObjectLockConfigurationNotFoundError on GET, InvalidBucketState on PUT', async () => {
    await expect(t.s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'plain' }))).rejects.toMatchObject(
      {
        name: 'ObjectLockConfigurationNotFoundError',
        $metadata: { httpStatusCode: 404 },
      },
    );
    await expect(put('plain')).rejects.toMatchObject({
      name: 'InvalidBucketState',
      $metadata: { httpStatusCode: 409 },
    });
    // A malformed document is MalformedXML, whatever the bucket's state.
    const malformed = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/plain?object-lock',
      body: '<ObjectLockConfiguration><Oops',
    });
    expect([malformed.status, xmlCode(malformed.body)]).toEqual([400, 'MalformedXML']);
  });

  it('a bucket made without it takes object lock once versioning is Enabled for every key, as AWS allows', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'later' }));
    const versioning = (body: string) =>
      signedRequest(t.store.port, { method: 'PUT', path: '/later?versioning', body });
    // Keys written unversioned (MinIO's excluded prefixes) would let a PUT replace a locked version.
    await versioning(
      '<VersioningConfiguration><Status>Enabled</Status><ExcludedPrefixes><Prefix>tmp/</Prefix></ExcludedPrefixes></VersioningConfiguration>',
    );
    await expect(put('later')).rejects.toMatchObject({ name: 'InvalidBucketState' });
    await versioning('<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>');
    await put('later', { DefaultRetention: { Mode: 'GOVERNANCE', Days: 1 } });
    const got = await t.s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'later' }));
    expect(got.ObjectLockConfiguration?.Rule?.DefaultRetention).toEqual({ Mode: 'GOVERNANCE', Days: 1 });
    // Now locked: versioning stays on, and a new object takes the default retention.
    const suspend = await versioning(
      '<VersioningConfiguration><Status>Suspended</Status></VersioningConfiguration>',
    );
    expect([suspend.status, xmlCode(suspend.body)]).toEqual([409, 'InvalidBucketState']);
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'later', Key: 'k', Body: 'x' }));
    const head = await t.s3.send(new s3sdk.HeadObjectCommand({ Bucket: 'later', Key: 'k' }));
    expect(head.ObjectLockMode).toBe('GOVERNANCE');
  });

  it('Days xor Years and a known mode, else MalformedXML; a period not positive is InvalidRetentionPeriod', async () => {
    const bodies = [
      '<Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>1</Days><Years>1</Years></DefaultRetention></Rule>',
      '<Rule><DefaultRetention><Mode>GOVERNANCE</Mode></DefaultRetention></Rule>',
      '<Rule><DefaultRetention><Mode>FOREVER</Mode><Days>1</Days></DefaultRetention></Rule>',
    ];
    for (const rule of bodies) {
      const res = await signedRequest(t.store.port, {
        method: 'PUT',
        path: '/locked?object-lock',
        body: `<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled>${rule}</ObjectLockConfiguration>`,
      });
      expect(xmlCode(res.body), rule).toBe('MalformedXML');
    }
    for (const DefaultRetention of [
      { Mode: 'GOVERNANCE' as const, Days: 0 },
      { Mode: 'GOVERNANCE' as const, Days: -1 },
      { Mode: 'COMPLIANCE' as const, Years: 0 },
    ])
      await expect(put('locked', { DefaultRetention })).rejects.toMatchObject({
        name: 'InvalidRetentionPeriod',
        $metadata: { httpStatusCode: 400 },
      });
  });

  it('a default retention is at most 100 years or 36500 days (InvalidRetentionPeriod past them)', async () => {
    for (const DefaultRetention of [
      { Mode: 'COMPLIANCE' as const, Years: 101 },
      { Mode: 'COMPLIANCE' as const, Years: 1_000_000 },
      { Mode: 'GOVERNANCE' as const, Days: 36_501 },
    ])
      await expect(put('locked', { DefaultRetention })).rejects.toMatchObject({
        name: 'InvalidRetentionPeriod',
        $metadata: { httpStatusCode: 400 },
      });
    await put('locked', { DefaultRetention: { Mode: 'GOVERNANCE', Years: 100 } });
    await put('locked', { DefaultRetention: { Mode: 'GOVERNANCE', Days: 30 } });
  });

  it('works through the minio SDK', async () => {
    await t.minio.setObjectLockConfig('locked', { mode: 'GOVERNANCE', unit: 'Days', validity: 7 });
    expect(await t.minio.getObjectLockConfig('locked')).toMatchObject({
      objectLockEnabled: 'Enabled',
      mode: 'GOVERNANCE',
      unit: 'Days',
      validity: 7,
    });
  });
});
