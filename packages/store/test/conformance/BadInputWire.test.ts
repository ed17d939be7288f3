import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { presignUrl } from '@stowage/madmin';
import {
  ROOT,
  rawRequest,
  signedRequest,
  sigV4Headers,
  startTestStore,
  storeMetric,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DiskSnapshot, diskChanges, snapshotDrives } from './disk.js';
import { requestHead, sendRaw } from './wire.js';

// Refused authentication and broken bodies on writes: the right S3 error (or a closed
// connection when the client itself went away), the server still serving, and the drives
// unchanged byte for byte.

const { CreateBucketCommand, GetObjectCommand, ListBucketsCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
let before: DiskSnapshot;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'target' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'target', Key: 'existing', Body: 'original' }));
});
afterAll(() => t.close());
beforeEach(async () => {
  before = await snapshotDrives(t.dir);
});
afterEach(async () => {
  expect((await t.s3.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual(['target']);
  const got = await t.s3.send(new GetObjectCommand({ Bucket: 'target', Key: 'existing' }));
  expect(await got.Body?.transformToString()).toBe('original');
  expect(diskChanges(before, await snapshotDrives(t.dir))).toEqual([]);
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const codeOf = (text: string) => /<Code>([^<]*)<\/Code>/.exec(text)?.[1];

describe('signatures and clocks', () => {
  it('a wrong signature, a wrong secret or none at all: nothing is written', async () => {
    for (const key of ['existing', 'new']) {
      const forged = await signedRequest(t.store.port, {
        method: 'PUT',
        path: `/target/${key}`,
        body: 'forged',
        tamper: (h) => {
          h.authorization = h.authorization!.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
        },
      });
      expect([forged.status, xmlCode(forged.body)]).toEqual([403, 'SignatureDoesNotMatch']);
      const wrongSecret = await signedRequest(t.store.port, {
        method: 'PUT',
        path: `/target/${key}`,
        body: 'forged',
        creds: { accessKey: 'stowage-root', secretKey: 'guessed' },
      });
      expect(xmlCode(wrongSecret.body)).toBe('SignatureDoesNotMatch');
      const anonymous = await rawRequest(
        t.store.port,
        'PUT',
        `/target/${key}`,
        { 'content-length': '6' },
        'forged',
      );
      expect([anonymous.status, xmlCode(anonymous.body)]).toEqual([403, 'AccessDenied']);
    }
  });

  it('unsigned x-amz-* headers are refused: a presigned PUT cannot become a copy, tags or keys', async () => {
    const url = new URL(await t.minio.presignedPutObject('target', 'victim', 60));
    for (const extra of [
      { 'x-amz-copy-source': '/target/existing' },
      { 'x-amz-tagging': 'injected=yes' },
      { 'x-amz-meta-injected': 'yes' },
      { 'x-amz-server-side-encryption-customer-algorithm': 'AES256' },
    ] as Record<string, string>[]) {
      const res = await rawRequest(
        t.store.port,
        'PUT',
        url.pathname + url.search,
        { 'content-length': '1', ...extra },
        'x',
      );
      expect([res.status, xmlCode(res.body)], Object.keys(extra)[0]).toEqual([403, 'AccessDenied']);
      expect(res.body).toContain('There were headers present in the request which were not signed');
    }
    const header = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/target/victim',
      body: 'x',
      tamper: (h) => {
        h['x-amz-meta-unsigned'] = 'yes';
      },
    });
    expect([header.status, xmlCode(header.body)]).toEqual([403, 'AccessDenied']);
    // A header that is signed but not sent, as MinIO refuses it.
    const absent = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/target/victim',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
      tamper: (h) => {
        delete h['content-type'];
      },
    });
    expect([absent.status, xmlCode(absent.body)]).toEqual([403, 'AccessDenied']);
    expect(absent.body).toContain('There were headers present in the request which were not signed');
  });

  it('a presigned URL sent with an Authorization header too: InvalidArgument (one auth mechanism)', async () => {
    const url = new URL(await t.minio.presignedGetObject('target', 'existing', 60));
    const res = await signedRequest(t.store.port, { method: 'GET', path: url.pathname + url.search });
    expect([res.status, xmlCode(res.body)]).toEqual([400, 'InvalidArgument']);
    expect(res.body).toContain('Only one auth mechanism allowed');
  });

  it('a tampered presigned URL: SignatureDoesNotMatch (403)', async () => {
    const url = new URL(await t.minio.presignedPutObject('target', 'existing', 60));
    const sig = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set(
      'X-Amz-Signature',
      sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    const res = await rawRequest(
      t.store.port,
      'PUT',
      url.pathname + url.search,
      { 'content-length': '1' },
      'x',
    );
    expect([res.status, xmlCode(res.body)]).toEqual([403, 'SignatureDoesNotMatch']);
  });

  it('presigned URLs: malformed ones are AuthorizationQueryParametersError (400), stale, early or out-of-range ones 403', async () => {
    const url = (expiresSeconds: number, now = new Date()) =>
      presignUrl({
        method: 'GET',
        url: new URL(`${t.store.url}/target/existing`),
        creds: ROOT,
        region: 'us-east-1',
        expiresSeconds,
        now,
      });
    const get = async (u: URL) => {
      const res = await fetch(u);
      return [res.status, xmlCode(await res.text())];
    };
    expect(await get(url(604_800))).toEqual([200, undefined]);
    // Out of range is a link that may not be used: 403, as S3 answers (PresignedUrls.test.ts).
    expect(await get(url(604_801))).toEqual([403, 'AuthorizationQueryParametersError']);
    expect(await get(url(60, new Date(Date.now() - 120_000)))).toEqual([403, 'AccessDenied']);
    expect(await get(url(60, new Date(Date.now() + 20 * 60_000)))).toEqual([403, 'AccessDenied']);
    for (const [name, value] of [
      ['X-Amz-Expires', 'soon'],
      ['X-Amz-Date', 'yesterday'],
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA1'],
      ['X-Amz-Credential', 'just-a-key'],
    ] as const) {
      const u = url(60);
      u.searchParams.set(name, value);
      expect(await get(u), `${name}=${value}`).toEqual([400, 'AuthorizationQueryParametersError']);
    }
    const missing = url(60);
    missing.searchParams.delete('X-Amz-Date');
    expect(await get(missing)).toEqual([400, 'AuthorizationQueryParametersError']);
    // Without its signature a presigned URL is still one (not an anonymous request), as MinIO
    // reads any X-Amz-Credential: it is refused as incomplete.
    for (const name of ['X-Amz-Signature', 'X-Amz-Algorithm']) {
      const unsigned = url(60);
      unsigned.searchParams.delete(name);
      expect(await get(unsigned), `without ${name}`).toEqual([400, 'AuthorizationQueryParametersError']);
    }
    // Host must be signed: it names the bucket in virtual-host style.
    const hostless = url(60);
    hostless.searchParams.set('X-Amz-SignedHeaders', 'x-amz-date');
    expect(await get(hostless)).toEqual([403, 'AccessDenied']);
  });

  it.each([
    ['behind', -16],
    ['ahead', 16],
  ])('a clock 16 minutes %s: RequestTimeTooSkewed (403)', async (_dir, minutes) => {
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/target/existing',
      body: 'late',
      now: new Date(Date.now() + minutes * 60_000),
    });
    expect([res.status, xmlCode(res.body)]).toEqual([403, 'RequestTimeTooSkewed']);
  });
});

describe('bodies', () => {
  it('a body that does not hash to x-amz-content-sha256: XAmzContentSHA256Mismatch (400)', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/target/existing',
      body: 'replaced',
      bodyOverride: 'replacex',
    });
    expect([res.status, xmlCode(res.body)]).toEqual([400, 'XAmzContentSHA256Mismatch']);
  });

  it('a wrong Content-MD5: BadDigest (400); chunked without a length: MissingContentLength (411)', async () => {
    const md5 = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/target/existing',
      body: 'replaced',
      headers: { 'content-md5': createHash('md5').update('other').digest('base64') },
    });
    expect([md5.status, xmlCode(md5.body)]).toEqual([400, 'BadDigest']);
    const chunked = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/target/existing',
      body: 'replaced',
      chunked: true,
    });
    expect([chunked.status, xmlCode(chunked.body)]).toEqual([411, 'MissingContentLength']);
  });

  it('a body shorter than Content-Length (client half-closes): nothing is written', async () => {
    const headers = sigV4Headers(t.store.port, {
      method: 'PUT',
      path: '/target/existing',
      payloadHash: 'UNSIGNED-PAYLOAD',
      headers: { 'content-length': '100' },
    });
    const res = await sendRaw(
      t.store.port,
      [requestHead('PUT', '/target/existing', headers), Buffer.alloc(50, 1)],
      {
        after: 'end',
      },
    );
    // A half-closed client still reads: it gets the answer, as from Go's server.
    expect([res.status, codeOf(res.text)]).toEqual([400, 'IncompleteBody']);
  });

  it.each([
    ['a bad chunk size', 'Transfer-Encoding: chunked', 'zz\r\nreplaced\r\n0\r\n\r\n', 400, 'BadRequest'],
    ['a transfer coding other than chunked', 'Transfer-Encoding: gzip', 'replaced', 501, 'NotImplemented'],
  ])(
    '%s: an S3 error, then the connection closes; nothing is written',
    async (_name, te, body, status, code) => {
      const headers = sigV4Headers(t.store.port, {
        method: 'PUT',
        path: '/target/existing',
        payloadHash: 'UNSIGNED-PAYLOAD',
        headers: { [te.split(': ')[0]!.toLowerCase()]: te.split(': ')[1]! },
      });
      // The client keeps its side open: the answer must come without its help.
      const res = await sendRaw(
        t.store.port,
        [requestHead('PUT', '/target/existing', headers), Buffer.from(body)],
        {
          after: 'wait',
          waitMs: 3000,
        },
      );
      expect([res.status, codeOf(res.text)]).toEqual([status, code]);
      expect(res.text).toMatch(/\r\nConnection: close\r\n/i);
      // One answer only: the handler still reading the broken body writes nothing after it.
      expect(res.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    },
  );

  it('a body longer than Content-Length: the signed hash fails, the excess is not a request', async () => {
    const full = Buffer.alloc(100, 2);
    const headers = sigV4Headers(t.store.port, {
      method: 'PUT',
      path: '/target/existing',
      payloadHash: sha256(full),
      headers: { 'content-length': '50' },
    });
    const res = await sendRaw(t.store.port, [requestHead('PUT', '/target/existing', headers), full], {
      after: 'end',
    });
    expect([res.status, codeOf(res.text)]).toEqual([400, 'XAmzContentSHA256Mismatch']);
  });

  it.each([
    ['a signed payload', 'signed'],
    ['UNSIGNED-PAYLOAD', 'unsigned'],
  ])('a connection cut mid-body (%s): nothing is written', async (_name, mode) => {
    const full = Buffer.alloc(1024 * 1024, 3);
    for (const key of ['existing', 'fresh']) {
      const path = `/target/${key}`;
      const headers = sigV4Headers(t.store.port, {
        method: 'PUT',
        path,
        payloadHash: mode === 'signed' ? sha256(full) : 'UNSIGNED-PAYLOAD',
        headers: { 'content-length': String(full.length) },
      });
      const res = await sendRaw(
        t.store.port,
        [requestHead('PUT', path, headers), full.subarray(0, 300_000)],
        {
          after: 'destroy',
        },
      );
      expect(res.status).toBe(0);
    }
    // The store is done with the cut uploads once only this scrape is in flight (a request
    // stays in flight until its handler ends, the client gone or not); afterEach then finds
    // nothing written.
    await vi.waitFor(
      async () => expect(await storeMetric(t.store.port, 'minio_s3_requests_inflight_total')).toBe(1),
      { timeout: 10_000, interval: 10 },
    );
  });
});
