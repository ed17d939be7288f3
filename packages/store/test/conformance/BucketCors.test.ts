import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, signedRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, DeleteBucketCorsCommand, GetBucketCorsCommand, PutBucketCorsCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'cors' }));
});
afterAll(() => t.close());

const preflight = (bucket: string, origin: string, headers?: string) =>
  fetch(`${t.store.url}/${bucket}/k`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'GET',
      ...(headers ? { 'Access-Control-Request-Headers': headers } : {}),
    },
  });

const put = (CORSRules: s3sdk.CORSRule[]) =>
  t.s3.send(new PutBucketCorsCommand({ Bucket: 'cors', CORSConfiguration: { CORSRules } }));

describe('Get/Put/DeleteBucketCors', () => {
  it('round-trips rules; absent is NoSuchCORSConfiguration', async () => {
    await expect(t.s3.send(new GetBucketCorsCommand({ Bucket: 'cors' }))).rejects.toMatchObject({
      name: 'NoSuchCORSConfiguration',
      $metadata: { httpStatusCode: 404 },
    });
    const rules: s3sdk.CORSRule[] = [
      {
        ID: 'web',
        AllowedOrigins: ['https://example.com', 'https://*.example.org'],
        AllowedMethods: ['GET', 'PUT'],
        AllowedHeaders: ['*'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 600,
      },
      { AllowedOrigins: ['*'], AllowedMethods: ['HEAD'] },
    ];
    await put(rules);
    const got = await t.s3.send(new GetBucketCorsCommand({ Bucket: 'cors' }));
    expect(got.CORSRules).toEqual(rules);
    await t.s3.send(new DeleteBucketCorsCommand({ Bucket: 'cors' }));
    await expect(t.s3.send(new GetBucketCorsCommand({ Bucket: 'cors' }))).rejects.toMatchObject({
      name: 'NoSuchCORSConfiguration',
    });
  });

  it('refuses a wildcard in ExposeHeader; MaxAgeSeconds takes any 32-bit count', async () => {
    await expect(
      put([{ AllowedOrigins: ['*'], AllowedMethods: ['GET'], ExposeHeaders: ['x-amz-*'] }]),
    ).rejects.toMatchObject({
      name: 'InvalidRequest',
      message:
        'ExposeHeader "x-amz-*" contains wildcard. We currently do not support wildcard for ExposeHeader.',
    });
    await put([{ AllowedOrigins: ['*'], AllowedMethods: ['GET'], MaxAgeSeconds: 2147483647 }]);
  });

  it('a preflight to a bucket that does not exist: 403 AccessForbidden, as S3 says it', async () => {
    const missing = await preflight('no-such-bucket', 'https://app.example.com');
    expect([missing.status, await missing.text()]).toEqual([
      403,
      expect.stringContaining('CORSResponse: Bucket not found'),
    ]);
  });

  it("a bucket without rules answers as MinIO does, by the server's api cors_allow_origin", async () => {
    await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'no-cors' }));
    // The default, '*': any origin, any header, credentials allowed, S3's headers readable.
    const open = await preflight('no-cors', 'https://app.example.com', 'x-amz-meta-a, content-type');
    expect(open.status).toBe(200);
    expect(open.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(open.headers.get('access-control-allow-credentials')).toBe('true');
    expect(open.headers.get('access-control-allow-headers')).toBe('x-amz-meta-a, content-type');
    const listed = await fetch(`${t.store.url}/`, { headers: { Origin: 'https://app.example.com' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(listed.headers.get('access-control-expose-headers')).toContain('ETag');

    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    try {
      expect(await admin.config.setKV('api cors_allow_origin=https://*.trusted.example')).toEqual({
        restart: false,
      });
      expect((await preflight('no-cors', 'https://app.trusted.example')).status).toBe(200);
      const other = await preflight('no-cors', 'https://app.example.com');
      expect([other.status, await other.text()]).toEqual([403, expect.stringContaining('not allowed')]);
      // A bucket's own rules replace the server's.
      await t.s3.send(
        new PutBucketCorsCommand({
          Bucket: 'no-cors',
          CORSConfiguration: {
            CORSRules: [{ AllowedOrigins: ['https://app.example.com'], AllowedMethods: ['GET'] }],
          },
        }),
      );
      expect((await preflight('no-cors', 'https://app.example.com')).status).toBe(200);
      expect((await preflight('no-cors', 'https://app.trusted.example')).status).toBe(403);
    } finally {
      await admin.config.setKV('api cors_allow_origin=*');
    }
  });

  it('refuses unsupported methods and double wildcards (InvalidRequest)', async () => {
    await expect(put([{ AllowedOrigins: ['*'], AllowedMethods: ['PATCH'] }])).rejects.toMatchObject({
      name: 'InvalidRequest',
      message: 'Found unsupported HTTP method in CORS config. Unsupported method is PATCH',
    });
    await expect(put([{ AllowedOrigins: ['*.*'], AllowedMethods: ['GET'] }])).rejects.toMatchObject({
      name: 'InvalidRequest',
    });
  });

  it('answers preflight (OPTIONS, unauthenticated) from the rules, and adds headers to actual requests', async () => {
    await put([
      {
        AllowedOrigins: ['https://*.example.com'],
        AllowedMethods: ['GET', 'PUT'],
        AllowedHeaders: ['content-*', 'x-amz-*'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 300,
      },
    ]);
    const preflight = (origin: string, method: string, headers = '') =>
      fetch(`${t.store.url}/cors/some/key`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': method,
          ...(headers ? { 'Access-Control-Request-Headers': headers } : {}),
        },
      });
    const ok = await preflight('https://app.example.com', 'PUT', 'Content-Type, x-amz-date');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, PUT');
    expect(ok.headers.get('access-control-allow-headers')).toBe('Content-Type, x-amz-date');
    expect(ok.headers.get('access-control-expose-headers')).toBe('ETag');
    expect(ok.headers.get('access-control-max-age')).toBe('300');
    for (const [origin, method, headers] of [
      ['https://evil.test', 'GET', ''],
      ['https://app.example.com', 'DELETE', ''],
      ['https://app.example.com', 'GET', 'authorization'],
    ] as const) {
      const res = await preflight(origin, method, headers);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('<Code>AccessForbidden</Code>');
    }
    const noOrigin = await fetch(`${t.store.url}/cors/k`, { method: 'OPTIONS' });
    expect(noOrigin.status).toBe(400);

    const actual = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/cors?cors',
      headers: { origin: 'https://www.example.com' },
    });
    expect(actual.headers['access-control-allow-origin']).toBe('https://www.example.com');
    // Errors carry the headers too, or the page cannot read why it failed.
    const missing = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/cors/no-such-key',
      headers: { origin: 'https://www.example.com' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('https://www.example.com');
    const anonymous = await fetch(`${t.store.url}/cors/no-such-key`, {
      headers: { Origin: 'https://www.example.com' },
    });
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get('access-control-allow-origin')).toBe('https://www.example.com');
    // No rule for this origin: no grant, but the answer still varies by origin for caches.
    const other = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/cors?cors',
      headers: { origin: 'https://evil.test' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toMatch(/Origin/);
  });
});
