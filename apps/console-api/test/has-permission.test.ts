import { CreateBucketCommand, DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, loginAs, ROOT, startHarness } from './harness.js';

// POST /has-permission for a user whose policy the store really applies (through a group,
// with a deny), compared with what the store then allows.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
  await admin.policies.add('photos-rw', {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:ListBucket', 's3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        Resource: ['arn:aws:s3:::photos', 'arn:aws:s3:::photos/*'],
      },
      { Effect: 'Deny', Action: ['s3:DeleteObject'], Resource: ['arn:aws:s3:::photos/*'] },
    ],
  });
  await admin.users.add('grace', 'grace-secret-1', 'enabled');
  await admin.groups.updateMembers({ group: 'editors', members: ['grace'], isRemove: false });
  await admin.policies.set(['photos-rw'], 'editors', true);
});
afterAll(() => h?.close());

describe('POST /has-permission', () => {
  test("answers from the session's effective policy, group policies and denies included", async () => {
    const grace = await loginAs(h.app, 'grace', 'grace-secret-1');
    const res = await callAs(h.app, grace, 'POST', '/has-permission', {
      actions: [
        { id: 'list', action: 's3:ListBucket', bucket_name: 'photos' },
        { id: 'upload', action: 's3:PutObject', bucket_name: 'photos' },
        { id: 'delete', action: 's3:DeleteObject', bucket_name: 'photos' },
        { id: 'elsewhere', action: 's3:GetObject', bucket_name: 'music' },
        { id: 'users', action: 'admin:ListUsers' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      permissions: [
        { id: 'list', can: true },
        { id: 'upload', can: true },
        { id: 'delete', can: false },
        { id: 'elsewhere', can: false },
        { id: 'users', can: false },
      ],
    });
    const root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const all = await callAs(h.app, root, 'POST', '/has-permission', {
      actions: [
        { id: 'users', action: 'admin:ListUsers' },
        { id: 'del', action: 's3:DeleteObject', bucket_name: 'photos' },
      ],
    });
    expect(all.json().permissions.every((p: { can: boolean }) => p.can)).toBe(true);

    // The store agrees: grace may upload to photos but not delete there.
    const s3As = (accessKeyId: string, secretAccessKey: string) =>
      new S3Client({
        endpoint: h.storeUrl,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
      });
    const rootS3 = s3As(ROOT.accessKey, ROOT.secretKey);
    const graceS3 = s3As('grace', 'grace-secret-1');
    await rootS3.send(new CreateBucketCommand({ Bucket: 'photos' }));
    await graceS3.send(new PutObjectCommand({ Bucket: 'photos', Key: 'cat.jpg', Body: 'meow' }));
    await expect(
      graceS3.send(new DeleteObjectCommand({ Bucket: 'photos', Key: 'cat.jpg' })),
    ).rejects.toMatchObject({
      name: 'AccessDenied',
    });
    rootS3.destroy();
    graceS3.destroy();
  });

  test('bad input is refused; the CSRF header is needed', async () => {
    const grace = await loginAs(h.app, 'grace', 'grace-secret-1');
    const bad = await callAs(h.app, grace, 'POST', '/has-permission', {
      actions: [{ id: 'x', action: 'not an action' }],
    });
    expect(bad.statusCode).toBe(400);
    const noCsrf = await h.app.inject({
      method: 'POST',
      url: '/api/v1/has-permission',
      headers: { cookie: grace.cookie },
      payload: { actions: [] },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
