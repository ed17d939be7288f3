import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, loginAs, ROOT, startHarness } from './harness.js';

let h: Harness;
let s3: S3Client;
beforeAll(async () => {
  h = await startHarness();
  s3 = new S3Client({
    endpoint: h.storeUrl,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
  });
});
afterAll(async () => {
  s3?.destroy();
  await h?.close();
});

describe('GET /api/v1/buckets', () => {
  test('lists buckets made through S3, sorted, with usage and access', async () => {
    const { cookie } = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const empty = await h.app.inject({ method: 'GET', url: '/api/v1/buckets', headers: { cookie } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ buckets: [], total: 0 });

    await s3.send(new CreateBucketCommand({ Bucket: 'zeta' }));
    await s3.send(new CreateBucketCommand({ Bucket: 'alpha' }));
    await s3.send(new PutObjectCommand({ Bucket: 'alpha', Key: 'a.txt', Body: 'hello' }));
    await s3.send(new PutObjectCommand({ Bucket: 'alpha', Key: 'dir/b.txt', Body: 'world!' }));

    const res = await h.app.inject({ method: 'GET', url: '/api/v1/buckets', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.buckets.map((b: { name: string }) => b.name)).toEqual(['alpha', 'zeta']);
    expect(body.buckets[0]).toMatchObject({ name: 'alpha', rw_access: { read: true, write: true } });
    expect(Date.parse(body.buckets[0].creation_date)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.buckets[0].objects).toBe(2);
    expect(body.buckets[0].size).toBe(11);
  });

  test('needs a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/buckets' });
    expect(res.statusCode).toBe(401);
  });
});
