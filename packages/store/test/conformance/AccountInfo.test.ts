import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRole, MadminClient } from '@stowage/madmin';
import {
  ROOT,
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, CreateMultipartUploadCommand, PutObjectCommand } = s3sdk;

const CONSOLE_ADMIN = {
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['admin:*'] },
    { Effect: 'Allow', Action: ['kms:*'] },
    { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
  ],
};

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'acct-a' }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'acct-b' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'acct-a', Key: 'one', Body: '12345' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'acct-a', Key: 'two', Body: '678' }));
  // Creates the store's internal parts bucket, which must not show.
  await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'acct-b', Key: 'pending' }));
});
afterAll(() => t.close());

describe('admin accountinfo', () => {
  it('answers root with consoleAdmin and per-bucket usage (madmin client, empty region)', async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    const info = await admin.accountInfo();
    expect(info.AccountName).toBe(ROOT.accessKey);
    expect(info.Policy).toEqual(CONSOLE_ADMIN);
    expect(info.Server).toMatchObject({ Type: 2 });
    expect(info.Buckets.map((b) => [b.name, b.size, b.objects])).toEqual([
      ['acct-a', 8, 2],
      ['acct-b', 0, 0],
    ]);
    expect(info.Buckets[0]).toMatchObject({
      access: { read: true, write: true },
      details: { versioning: false, versioningSuspended: false, locking: false, replication: false },
    });
    expect(Number.isNaN(Date.parse(info.Buckets[0]!.created))).toBe(false);
  });

  it('names the parent user for temporary credentials', async () => {
    const temp = await assumeRole({ endpoint: t.store.url, credentials: ROOT });
    const info = await new MadminClient({ endpoint: t.store.url, credentials: temp }).accountInfo();
    expect(info.AccountName).toBe(ROOT.accessKey);
    expect(info.Policy).toEqual(CONSOLE_ADMIN);
  });

  it('accepts any region in the scope on admin routes', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/minio/admin/v3/accountinfo',
      region: 'eu-central-1',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('answers unknown admin routes with 426 XMinioAdminVersionMismatch in JSON', async () => {
    for (const path of ['/minio/admin/v3/no-such-call', '/minio/admin/v2/info']) {
      const res = await signedRequest(t.store.port, { method: 'GET', path, region: '' });
      expect(res.status).toBe(426);
      const body = JSON.parse(res.body) as Record<string, string>;
      expect(Object.keys(body)).toEqual(['Code', 'Message', 'Resource', 'RequestId', 'HostId']);
      expect(body).toMatchObject({ Code: 'XMinioAdminVersionMismatch', Resource: path });
      expect(body.RequestId).toMatch(/^[0-9A-F]{16}$/);
    }
  });

  it('answers auth failures as admin JSON errors', async () => {
    const anonymous = await rawRequest(t.store.port, 'GET', '/minio/admin/v3/accountinfo');
    expect(anonymous.status).toBe(403);
    expect(JSON.parse(anonymous.body)).toMatchObject({ Code: 'AccessDenied' });
    const wrong = await new MadminClient({
      endpoint: t.store.url,
      credentials: { ...ROOT, secretKey: 'not-the-secret' },
    })
      .accountInfo()
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('answers the KMS status with 501 and health probes with 200', async () => {
    const kms = await rawRequest(t.store.port, 'GET', '/minio/kms/v1/status');
    expect(kms.status).toBe(501);
    expect(JSON.parse(kms.body)).toMatchObject({ Code: 'NotImplemented' });
    expect((await rawRequest(t.store.port, 'GET', '/minio/health/live')).status).toBe(200);
  });
});
