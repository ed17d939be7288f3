import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import {
  ROOT,
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, ListBucketsCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  // A region set, so that one signed for another is refused (none set takes any: Region.test.ts).
  t = await startTestStore({ region: 'us-east-1' });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'target' }));
});
afterAll(() => t.close());
afterEach(async () => {
  // After every refusal the server is still up and serving.
  const out = await t.s3.send(new ListBucketsCommand({}));
  expect(out.Buckets?.map((b) => b.Name)).toContain('target');
});

describe('refused requests', () => {
  it('wrong secret: SignatureDoesNotMatch (403)', async () => {
    const bad = t.client({ accessKeyId: ROOT.accessKey, secretAccessKey: 'not-the-right-secret' });
    await expect(bad.send(new ListBucketsCommand({}))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    const tampered = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/target?list-type=2&prefix=a',
      tamper: (h) => {
        h['x-amz-date'] = h['x-amz-date']!.replace(/\d(?=Z$)/, (d) => String((Number(d) + 1) % 10));
      },
    });
    expect(xmlCode(tampered.body)).toBe('SignatureDoesNotMatch');
  });

  it('clock skew over 15 minutes: RequestTimeTooSkewed (403)', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/',
      now: new Date(Date.now() - 16 * 60_000),
    });
    expect(res.status).toBe(403);
    expect(xmlCode(res.body)).toBe('RequestTimeTooSkewed');
    const ok = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/',
      now: new Date(Date.now() - 10 * 60_000),
    });
    expect(ok.status).toBe(200);
  });

  it('unknown access key: InvalidAccessKeyId (403)', async () => {
    const bad = t.client({ accessKeyId: 'NOSUCHKEY', secretAccessKey: 'whatever-secret' });
    await expect(bad.send(new ListBucketsCommand({}))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    });
  });

  it('a region other than the configured one: AuthorizationHeaderMalformed; an empty one is accepted', async () => {
    const res = await signedRequest(t.store.port, { method: 'GET', path: '/', region: 'ap-south-1' });
    expect(res.status).toBe(400);
    expect(xmlCode(res.body)).toBe('AuthorizationHeaderMalformed');
    expect((await signedRequest(t.store.port, { method: 'GET', path: '/', region: '' })).status).toBe(200);
  });

  it('no credentials or a malformed header: AccessDenied / AuthorizationHeaderMalformed', async () => {
    expect(xmlCode((await rawRequest(t.store.port, 'GET', '/target')).body)).toBe('AccessDenied');
    const res = await rawRequest(t.store.port, 'GET', '/', {
      authorization: 'AWS4-HMAC-SHA256 Credential=x',
    });
    expect(xmlCode(res.body)).toBe('AuthorizationHeaderMalformed');
  });

  it('an authorization scheme other than V4 or V2 (SigV4a, Bearer): InvalidRequest, as MinIO', async () => {
    for (const authorization of [
      'AWS4-ECDSA-P256-SHA256 Credential=stowage-root/20261128/s3/aws4_request, SignedHeaders=host, Signature=00',
      'Bearer abc',
      '',
    ]) {
      const res = await rawRequest(t.store.port, 'GET', '/', { authorization });
      expect(res.status).toBe(400);
      expect(xmlCode(res.body)).toBe('InvalidRequest');
      expect(res.body).toContain('The authorization mechanism you have provided is not supported');
    }
  });

  it('a 1025-byte key: KeyTooLongError (400)', async () => {
    await expect(
      t.s3.send(new PutObjectCommand({ Bucket: 'target', Key: 'k'.repeat(1025), Body: 'x' })),
    ).rejects.toMatchObject({ name: 'KeyTooLongError', $metadata: { httpStatusCode: 400 } });
    await t.s3.send(new PutObjectCommand({ Bucket: 'target', Key: 'k'.repeat(1024), Body: 'x' }));
  });

  it('dot-dot keys cannot escape the drive', async () => {
    const attempts = [
      '/target/../../escaped.txt',
      '/target/%2e%2e/%2E%2E/escaped.txt',
      '/target/a/../../../escaped.txt',
    ];
    for (const path of attempts) {
      const res = await signedRequest(t.store.port, {
        method: 'PUT',
        path: path.replaceAll('%2e', '%2E'),
        body: 'pwned',
      });
      expect(res.status).toBe(400);
      expect(xmlCode(res.body)).toBe('XMinioInvalidObjectName');
    }
    const raw = await rawRequest(
      t.store.port,
      'PUT',
      '/target/../../escaped.txt',
      { 'content-length': '5' },
      'pwned',
    );
    expect(raw.status).toBeGreaterThanOrEqual(400);
    for (const dir of [t.dir, dirname(t.dir), t.drives[0]!]) {
      expect(await readdir(dir)).not.toContain('escaped.txt');
    }
  });

  it('a malformed bucket name, signed or anonymous: InvalidBucketName (400), not an internal error', async () => {
    for (const bucket of ['%2E%2E', '-bad', 'a%20b', 'UPPER', 'x']) {
      const signed = await signedRequest(t.store.port, { method: 'PUT', path: `/${bucket}/k`, body: 'x' });
      const anonymous = await rawRequest(t.store.port, 'GET', `/${bucket}/k`);
      const listing = await rawRequest(t.store.port, 'GET', `/${bucket}?policy`);
      for (const res of [signed, anonymous, listing])
        expect([res.status, xmlCode(res.body)], bucket).toEqual([400, 'InvalidBucketName']);
    }
    expect(t.logs.filter((l) => l.includes('internal error'))).toEqual([]);
  });

  it('invalid UTF-8 and NUL in keys are refused', async () => {
    const nul = await signedRequest(t.store.port, { method: 'PUT', path: '/target/a%00b', body: 'x' });
    expect(xmlCode(nul.body)).toBe('XMinioInvalidObjectName');
    const bad = await rawRequest(t.store.port, 'GET', '/target/%C3%28');
    expect(xmlCode(bad.body)).toBe('XMinioInvalidObjectName');
  });

  it('malformed CreateBucketConfiguration XML: MalformedXML (400)', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/broken-config',
      body: '<CreateBucketConfiguration><LocationConstraint>',
    });
    expect(res.status).toBe(400);
    expect(xmlCode(res.body)).toBe('MalformedXML');
  });

  it('operations not served yet: NotImplemented (501); unknown methods: MethodNotAllowed (405)', async () => {
    const res = await signedRequest(t.store.port, { method: 'GET', path: '/target?website' });
    expect(res.status).toBe(501);
    expect(xmlCode(res.body)).toBe('NotImplemented');
    const patch = await signedRequest(t.store.port, { method: 'PATCH', path: '/target/k' });
    expect(patch.status).toBe(405);
  });

  it('a sub-resource a method has no action for never becomes a delete or an overwrite', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'target', Key: 'kept', Body: 'kept' }));
    const send = (method: string, path: string, body?: string) =>
      signedRequest(t.store.port, { method, path, ...(body ? { body } : {}) });
    const table = await send('DELETE', '/target?metadataTable');
    expect([table.status, xmlCode(table.body)]).toEqual([501, 'NotImplemented']);
    for (const [method, path] of [
      ['DELETE', '/target?versioning'],
      ['DELETE', '/target?object-lock'],
      ['DELETE', '/target?uploads'],
      ['DELETE', '/target/kept?retention'],
      ['DELETE', '/target/kept?legal-hold'],
      ['DELETE', '/target/kept?acl'],
      ['PUT', '/target/kept?attributes'],
      ['POST', '/target/kept?tagging'],
    ] as const) {
      const res = await send(method, path, method === 'PUT' ? 'overwritten' : undefined);
      expect([res.status, xmlCode(res.body)], `${method} ${path}`).toEqual([405, 'MethodNotAllowed']);
    }
    const kept = await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'target', Key: 'kept' }));
    expect(await kept.Body!.transformToString()).toBe('kept');
  });

  it('a large unauthenticated body is refused without hanging the client', async () => {
    const res = await rawRequest(
      t.store.port,
      'PUT',
      '/target/big',
      { 'content-length': String(20 * 1024 * 1024) },
      Buffer.alloc(20 * 1024 * 1024),
    ).catch((e: { code?: string }) => ({ status: -1, body: e.code ?? '' }));
    // Either the 403 arrives or the server closes the connection; it must not hang.
    expect([403, -1]).toContain(res.status);
  });
});
