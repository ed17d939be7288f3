import { randomBytes } from 'node:crypto';
import { DOWNLOAD_URL_SECONDS } from '@stowage/contract';
import { MadminClient } from '@stowage/madmin';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserConnectSources } from '../src/services/objects/browser-urls.js';
import { signDownload } from '../src/services/objects/download-url.js';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Browser-direct downloads against a real store: the console signs, the "browser" (fetch here)
// GETs the object from the store itself.

let h: Harness;
let root: LoggedIn;
let s3: Client;
const BUCKET = 'files';

const sign = (body: Record<string, unknown>, who = root, bucket = BUCKET) =>
  callAs(h.app, who, 'POST', `/buckets/${bucket}/objects/download-url`, body);

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
  await s3.makeBucket(BUCKET);
});
afterAll(() => h?.close());

describe('a browser-direct download', () => {
  test('the signed URL gets the bytes from the store, saved under the object’s name', async () => {
    const body = randomBytes(3 * 1024 * 1024 + 5);
    await s3.putObject(BUCKET, 'reports/été 1.bin', body, body.length, {
      'Content-Type': 'application/x-test',
    });
    const res = await sign({ key: 'reports/été 1.bin' });
    expect(res.statusCode, res.body).toBe(200);
    const { mode, url, expires_at } = res.json();
    expect(mode).toBe('direct');
    expect(url.startsWith(`${h.storeUrl}/${BUCKET}/reports/${encodeURIComponent('été 1.bin')}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(DOWNLOAD_URL_SECONDS));
    const left = Date.parse(expires_at) - Date.now();
    expect(left).toBeGreaterThan((DOWNLOAD_URL_SECONDS - 60) * 1000);
    expect(left).toBeLessThanOrEqual(DOWNLOAD_URL_SECONDS * 1000);

    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/x-test');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="_t_ 1.bin"; filename*=UTF-8''${encodeURIComponent('été 1.bin')}`,
    );
    // A browser resuming the download asks the same URL for the rest.
    const rest = await fetch(url, { headers: { range: `bytes=${body.length - 5}-` } });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(body.subarray(body.length - 5))).toBe(true);
  });

  test('the signature names one object: another key in the same URL is refused by the store', async () => {
    await s3.putObject(BUCKET, 'a.txt', 'a', 1);
    await s3.putObject(BUCKET, 'b.txt', 'b', 1);
    const { url } = (await sign({ key: 'a.txt' })).json();
    const forged = url.replace('/a.txt?', '/b.txt?');
    const res = await fetch(forged);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  test('a version downloads that version, the null one too', async () => {
    await s3.makeBucket('versioned');
    // Written before versioning: the version S3 names "null".
    await s3.putObject('versioned', 'doc.txt', 'before', 6);
    await s3.setBucketVersioning('versioned', { Status: 'Enabled' });
    const first = await s3.putObject('versioned', 'doc.txt', 'first', 5);
    await s3.putObject('versioned', 'doc.txt', 'second!', 7);
    const unversioned = await sign({ key: 'doc.txt', version_id: 'null' }, root, 'versioned');
    expect(await (await fetch(unversioned.json().url)).text()).toBe('before');
    const res = await sign({ key: 'doc.txt', version_id: first.versionId }, root, 'versioned');
    expect(res.statusCode, res.body).toBe(200);
    expect(await (await fetch(res.json().url)).text()).toBe('first');
    const latest = await sign({ key: 'doc.txt' }, root, 'versioned');
    expect(await (await fetch(latest.json().url)).text()).toBe('second!');
  });

  test('an object that is gone, or a bad request, is an error in the page, with no URL', async () => {
    const missing = await sign({ key: 'missing.txt' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).not.toHaveProperty('url');
    expect(missing.json().message).toEqual(expect.any(String));
    expect((await sign({ key: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await sign({ key: '' })).statusCode).toBe(400);
    expect((await sign({ key: 'a.txt' }, root, 'no-such-bucket')).statusCode).toBe(404);
  });

  test('signing needs a session and the CSRF token', async () => {
    const anonymous = await h.app.inject({
      method: 'POST',
      url: `/api/v1/buckets/${BUCKET}/objects/download-url`,
      payload: { key: 'a.txt' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noToken = await h.app.inject({
      method: 'POST',
      url: `/api/v1/buckets/${BUCKET}/objects/download-url`,
      headers: { cookie: root.cookie },
      payload: { key: 'a.txt' },
    });
    expect(noToken.statusCode).toBe(403);
  });
});

describe('least privilege', () => {
  test('a user who may not read the key gets 403 from the console, and no URL', async () => {
    await s3.putObject(BUCKET, 'inbox/mine.txt', 'mine', 4);
    await s3.putObject(BUCKET, 'secret.txt', 'secret', 6);
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.policies.add('read-inbox', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/inbox/*`] },
      ],
    });
    await admin.users.add('reader', 'reader-secret-1');
    await admin.policies.set(['read-inbox'], 'reader', false);
    const reader = await loginAs(h.app, 'reader', 'reader-secret-1');

    const mine = await sign({ key: 'inbox/mine.txt' }, reader);
    expect(mine.statusCode, mine.body).toBe(200);
    // Signed with the reader's temporary credentials, not the console's.
    expect(new URL(mine.json().url).searchParams.get('X-Amz-Security-Token')).toBeTruthy();
    const accessKey = new URL(mine.json().url).searchParams.get('X-Amz-Credential')?.split('/')[0];
    expect([ROOT.accessKey, 'reader']).not.toContain(accessKey);
    expect(await (await fetch(mine.json().url)).text()).toBe('mine');

    const refused = await sign({ key: 'secret.txt' }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('url');
  });
});

describe('settings', () => {
  test('the URL names the address the browser uses', async () => {
    await s3.putObject(BUCKET, 'host.txt', 'host', 4);
    const browserUrl = h.storeUrl.replace('127.0.0.1', 'localhost');
    const config = { ...h.config, publicServerUrl: browserUrl };
    const signed = await signDownload(s3, ROOT, config, BUCKET, { key: 'host.txt' });
    expect(signed.url?.startsWith(`${browserUrl}/${BUCKET}/host.txt?`)).toBe(true);
    expect(await (await fetch(signed.url!)).text()).toBe('host');
  });

  test('with the download proxy on, the browser is sent through the console and nothing is signed', async () => {
    const config = { ...h.config, downloads: { proxy: true } };
    expect(await signDownload(s3, ROOT, config, BUCKET, { key: 'host.txt' })).toEqual({ mode: 'proxy' });
  });

  test('the page may reach the server while uploads or downloads go there', async () => {
    const res = await callAs(h.app, root, 'GET', '/session');
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ${h.storeUrl};`);
    const config = { ...h.config, publicServerUrl: 'https://s3.example.com:9443/base' };
    expect(browserConnectSources(config)).toEqual(['https://s3.example.com:9443']);
    expect(browserConnectSources({ ...config, uploads: { proxy: true } })).toEqual([
      'https://s3.example.com:9443',
    ]);
    expect(browserConnectSources({ ...config, downloads: { proxy: true } })).toEqual([
      'https://s3.example.com:9443',
    ]);
    expect(
      browserConnectSources({ ...config, uploads: { proxy: true }, downloads: { proxy: true } }),
    ).toEqual([]);
    // Operator mode: no server of its own, and a console that still starts.
    expect(browserConnectSources({ ...h.config, serverUrl: '' })).toEqual([]);
  });
});
