import { randomBytes } from 'node:crypto';
import { MadminClient } from '@stowage/madmin';
import { unzipEntries } from '@stowage/test-support/unzip';
import type { InjectOptions } from 'fastify';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// The object browser's downloads, share links and deletions through the console, against a
// real store (uploads and listings: objects.test.ts).

let h: Harness;
let root: LoggedIn;
let s3: Client;
const call = (method: InjectOptions['method'], url: string, payload?: unknown, who = root) =>
  callAs(h.app, who, method, url, payload);
const q = encodeURIComponent;

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
  await s3.makeBucket('docs');
  // A folder as objects.test.ts's upload leaves it: text files and one object over 20 MiB.
  await s3.putObject('docs', 'reports/2026/q1.txt', 'first quarter', 13);
  await s3.putObject('docs', 'reports/2026/sub/q2.txt', 'second quarter', 14);
  const big = randomBytes(20 * 1024 * 1024 + 17);
  await s3.putObject('docs', 'reports/2026/big.bin', big, big.length);
});
afterAll(() => h?.close());

describe('download', () => {
  test('whole, by range, and past the end', async () => {
    await s3.putObject('docs', 'dir/été 1.txt', '0123456789', 10, { 'Content-Type': 'text/plain' });
    const whole = await call('GET', `/buckets/docs/objects/download?prefix=${q('dir/été 1.txt')}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('0123456789');
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="_t_ 1.txt"; filename*=UTF-8''${encodeURIComponent('été 1.txt')}`,
    );
    expect(whole.headers['content-length']).toBe('10');
    expect(whole.headers['content-security-policy']).toContain('sandbox');
    expect(whole.headers['x-frame-options']).toBe('DENY');

    const part = await h.app.inject({
      method: 'GET',
      url: `/api/v1/buckets/docs/objects/download?prefix=${q('dir/été 1.txt')}&preview=true`,
      headers: { cookie: root.cookie, range: 'bytes=2-5' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    expect(part.headers['content-disposition']).toMatch(/^inline;/);
    // The preview pane frames it: same origin only, still sandboxed.
    expect(part.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(part.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(part.headers['content-security-policy']).toContain('sandbox');
    const suffix = await h.app.inject({
      method: 'GET',
      url: `/api/v1/buckets/docs/objects/download?prefix=${q('dir/été 1.txt')}`,
      headers: { cookie: root.cookie, range: 'bytes=-3' },
    });
    expect(suffix.body).toBe('789');
    const past = await h.app.inject({
      method: 'GET',
      url: `/api/v1/buckets/docs/objects/download?prefix=${q('dir/été 1.txt')}`,
      headers: { cookie: root.cookie, range: 'bytes=50-' },
    });
    expect(past.statusCode).toBe(416);
    expect((await call('GET', '/buckets/docs/objects/download?prefix=missing.txt')).statusCode).toBe(404);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/v1/buckets/docs/objects/download?prefix=a' }))
        .statusCode,
    ).toBe(401);
  });

  test('a folder downloads as a ZIP of everything under it', async () => {
    const res = await call('GET', `/buckets/docs/objects/download?prefix=${q('reports/2026/')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = res.rawPayload;
    expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
    // Stored entries: names and contents appear verbatim; the central directory lists three.
    expect(zip.includes(Buffer.from('sub/q2.txt'))).toBe(true);
    expect(zip.includes(Buffer.from('second quarter'))).toBe(true);
    const eocd = zip.lastIndexOf(Buffer.from('504b0506', 'hex'));
    expect(zip.readUInt16LE(eocd + 10)).toBe(3);
    expect(zip.length).toBeGreaterThan(20 * 1024 * 1024);
  });

  test('odd keys (empty segments, backslashes) get safe entry names, not an aborted ZIP', async () => {
    // The store refuses '.' and '..' segments as MinIO does; other servers do not (zipEntryName's
    // own tests hold those).
    const keys = ['odd/dir//x', 'odd/a\\..\\..\\z', 'odd//lead', 'odd/plain'];
    for (const k of keys) await s3.putObject('docs', k, `body of ${k}`);
    const res = await call('GET', `/buckets/docs/objects/download?prefix=${q('odd/')}`);
    expect(res.statusCode).toBe(200);
    const zip = res.rawPayload;
    const eocd = zip.lastIndexOf(Buffer.from('504b0506', 'hex'));
    expect(eocd).toBeGreaterThan(0);
    expect(zip.readUInt16LE(eocd + 10)).toBe(keys.length);
    for (const name of ['dir/_/x', 'a_.._.._z', '_/lead', 'plain'])
      expect(zip.includes(Buffer.from(name)), name).toBe(true);
    for (const k of keys) expect(zip.includes(Buffer.from(`body of ${k}`)), k).toBe(true);
  });

  test('an entry the user may not read is left out and named in download-errors.txt', async () => {
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await s3.putObject('docs', 'mixed/ok.txt', 'fine');
    await s3.putObject('docs', 'mixed/secret.txt', 'hidden');
    await admin.policies.add('mixed-partial', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::docs'] },
        { Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::docs/mixed/ok*'] },
      ],
    });
    await admin.users.add('partial', 'partial-secret-1');
    await admin.policies.set(['mixed-partial'], 'partial', false);
    const partial = await loginAs(h.app, 'partial', 'partial-secret-1');
    const res = await call('GET', `/buckets/docs/objects/download?prefix=${q('mixed/')}`, undefined, partial);
    expect(res.statusCode).toBe(200);
    const entries = await unzipEntries(res.rawPayload);
    expect([...entries.keys()]).toEqual(['ok.txt', 'download-errors.txt']);
    expect(entries.get('ok.txt')?.toString()).toBe('fine');
    expect(entries.get('download-errors.txt')?.toString()).toContain('mixed/secret.txt: ');
    expect((await call('GET', '/buckets/docs/objects?prefix=mixed/')).statusCode).toBe(200);
  });

  test('If-Range: a resumed download of an unchanged object gets its range, of a changed one the whole', async () => {
    await s3.putObject('docs', 'resume.bin', 'version one bytes');
    const url = `/api/v1/buckets/docs/objects/download?prefix=${q('resume.bin')}`;
    const get = (headers: Record<string, string>) =>
      h.app.inject({ method: 'GET', url, headers: { cookie: root.cookie, ...headers } });
    const first = await get({});
    const etag = String(first.headers.etag);
    const modified = String(first.headers['last-modified']);
    expect(first.headers['accept-ranges']).toBe('bytes');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(Date.parse(modified)).not.toBeNaN();
    const byTag = await get({ range: 'bytes=8-', 'if-range': etag });
    expect(byTag.statusCode).toBe(206);
    expect(byTag.body).toBe('one bytes');
    const byDate = await get({ range: 'bytes=8-', 'if-range': modified });
    expect(byDate.statusCode).toBe(206);
    // A weak tag never matches (RFC 9110 §13.1.5): the whole object.
    expect((await get({ range: 'bytes=8-', 'if-range': `W/${etag}` })).statusCode).toBe(200);
    await s3.putObject('docs', 'resume.bin', 'version TWO, longer bytes');
    const changed = await get({ range: 'bytes=8-', 'if-range': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe('version TWO, longer bytes');
    expect(changed.headers['content-range']).toBeUndefined();
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('share', () => {
  test('a link works without a session, even after logout, and only for that object', async () => {
    const who = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const res = await call(
      'POST',
      `/buckets/docs/objects/share?prefix=${q('reports/2026/q1.txt')}&expires=3600000ms`,
      undefined,
      who,
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json());
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrf },
    });
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe('first quarter');
    // The link's key reads that object only.
    const credential = url.searchParams.get('X-Amz-Credential') ?? '';
    expect(credential.startsWith(ROOT.accessKey)).toBe(false);
    const other = new URL(url);
    other.pathname = other.pathname.replace('q1.txt', 'sub/q2.txt');
    expect((await fetch(other)).status).toBe(403);
  });

  test('lifetimes: 7 days by default and at most', async () => {
    const dflt = await call('POST', `/buckets/docs/objects/share?prefix=${q('reports/2026/q1.txt')}`);
    expect(new URL(dflt.json()).searchParams.get('X-Amz-Expires')).toBe('604800');
    const tooLong = await call(
      'POST',
      `/buckets/docs/objects/share?prefix=${q('reports/2026/q1.txt')}&expires=170h`,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('You can share a file only for less than 7 days.');
    expect((await call('POST', '/buckets/docs/objects/share?prefix=missing.txt')).statusCode).toBe(404);
  });

  test('a link is made by a POST with the CSRF token; asked again within a minute, it is the same', async () => {
    const who = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    const accounts = async () => (await admin.serviceAccounts.list(ROOT.accessKey)).length;
    const before = await accounts();
    const path = `/api/v1/buckets/docs/objects/share?prefix=${q('reports/2026/q1.txt')}&expires=3600000ms`;
    // A GET (an <img src>, a prefetch, a cross-site link) makes nothing.
    const get = await h.app.inject({ method: 'GET', url: path, headers: { cookie: who.cookie } });
    expect(get.statusCode).toBe(404);
    const forged = await h.app.inject({ method: 'POST', url: path, headers: { cookie: who.cookie } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('invalid CSRF token');
    expect(await accounts()).toBe(before);
    const headers = { cookie: who.cookie, 'x-csrf-token': who.csrf };
    const first = await h.app.inject({ method: 'POST', url: path, headers });
    const again = await h.app.inject({ method: 'POST', url: path, headers });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toBe(first.json());
    expect(await accounts()).toBe(before + 1);
    // another lifetime, or another object, is another link
    const longer = await h.app.inject({
      method: 'POST',
      url: path.replace('3600000ms', '7200000ms'),
      headers,
    });
    expect(longer.json()).not.toBe(first.json());
    expect(await accounts()).toBe(before + 2);
  });
});

describe('deletion', () => {
  test('one object, a folder recursively, and many at once', async () => {
    await s3.makeBucket('trash');
    for (const k of ['a.txt', 'b.txt', 'f/1', 'f/2', 'f/g/3', 'keep.txt']) await s3.putObject('trash', k, k);
    expect((await call('DELETE', '/buckets/trash/objects?path=a.txt')).statusCode).toBe(204);
    expect((await call('DELETE', '/buckets/trash/objects?path=f/&recursive=true')).statusCode).toBe(204);
    const many = await call('POST', '/buckets/trash/delete-objects', [
      { path: 'b.txt' },
      { path: 'none.txt' },
    ]);
    expect(many.statusCode).toBe(200);
    expect(many.json().errors).toEqual([]);
    const left = await call('GET', '/buckets/trash/objects?recursive=true');
    expect(left.json().objects.map((o: { name: string }) => o.name)).toEqual(['keep.txt']);
    expect((await call('POST', '/buckets/trash/delete-objects', [])).statusCode).toBe(400);
  });

  test('the null version is named "null": listed, downloaded and deleted by that name', async () => {
    await s3.makeBucket('older');
    // Written before versioning was enabled: the version S3 names "null".
    await s3.putObject('older', 'doc.txt', 'before', 6);
    await s3.setBucketVersioning('older', { Status: 'Enabled' });
    await s3.putObject('older', 'doc.txt', 'after', 5);
    const versions = async () =>
      (await call('GET', '/buckets/older/objects?prefix=doc.txt&with_versions=true'))
        .json()
        .objects.map((o: { version_id?: string; is_delete_marker?: boolean }) => [
          o.version_id === 'null',
          !!o.is_delete_marker,
        ]);
    expect(await versions()).toEqual([
      [false, false],
      [true, false],
    ]);
    const old = await call('GET', '/buckets/older/objects/download?prefix=doc.txt&version_id=null');
    expect(old.body).toBe('before');
    expect((await call('DELETE', '/buckets/older/objects?path=doc.txt&version_id=null')).statusCode).toBe(
      204,
    );
    // That version is gone, and no delete marker hides the latest.
    expect(await versions()).toEqual([[false, false]]);
    expect((await call('GET', '/buckets/older/objects/download?prefix=doc.txt')).body).toBe('after');
  });
});
