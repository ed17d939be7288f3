import { randomBytes } from 'node:crypto';
import { MAX_ZIP_SELECTION, ZIP_TOKEN_SECONDS } from '@stowage/contract';
import { MadminClient } from '@stowage/madmin';
import { unzipEntries } from '@stowage/test-support/unzip';
import type { InjectOptions } from 'fastify';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Several objects and folders of a listing as one ZIP (issue 41), against a real store: the POST
// checks and names the selection, the GET streams it.

let h: Harness;
let root: LoggedIn;
let s3: Client;
const call = (method: InjectOptions['method'], url: string, payload?: unknown, who = root) =>
  callAs(h.app, who, method, url, payload);
const big = randomBytes(6 * 1024 * 1024 + 5);

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
  await s3.makeBucket('pics');
  const put = (key: string, body: string | Buffer) => s3.putObject('pics', key, body);
  await put('trip/a.txt', 'alpha');
  await put('trip/b.bin', big);
  await put('trip/été ✓.txt', 'accents');
  await put('trip/left-out.txt', 'not selected');
  await put('trip/day1/x.txt', 'x one');
  await put('trip/day1/deep/y.txt', 'y deep');
  await put('trip/day2/z.txt', 'z two');
  await put('trip/day2/gone.txt', 'deleted');
  await put('outside.txt', 'outside the folder');
});
afterAll(() => h?.close());

async function prepare(body: unknown, who = root) {
  return call('POST', '/buckets/pics/objects/download-selection', body, who);
}

async function download(body: unknown, who = root) {
  const prepared = await prepare(body, who);
  expect(prepared.statusCode, prepared.body).toBe(200);
  const { token } = prepared.json() as { token: string };
  return call('GET', `/buckets/pics/objects/download-selection/${token}`, undefined, who);
}

describe('download selection as a ZIP', () => {
  test('three files and two folders unzip to names relative to the folder, with their bytes', async () => {
    await s3.removeObject('pics', 'trip/day2/gone.txt'); // a delete marker's key is not in the ZIP
    const res = await download({
      prefix: 'trip/',
      keys: ['trip/a.txt', 'trip/b.bin', 'trip/été ✓.txt'],
      prefixes: ['trip/day1/', 'trip/day2/'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trip.zip"/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const entries = await unzipEntries(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      ['a.txt', 'b.bin', 'day1/deep/y.txt', 'day1/x.txt', 'day2/z.txt', 'été ✓.txt'].sort(),
    );
    expect(entries.get('a.txt')?.toString()).toBe('alpha');
    expect(entries.get('b.bin')?.equals(big)).toBe(true);
    expect(entries.get('été ✓.txt')?.toString()).toBe('accents');
    expect(entries.get('day1/deep/y.txt')?.toString()).toBe('y deep');
    expect(entries.get('day2/z.txt')?.toString()).toBe('z two');
  });

  test('from the bucket root, and a key inside a selected folder comes once', async () => {
    const res = await download({
      prefix: '',
      keys: ['outside.txt', 'trip/day1/x.txt'],
      prefixes: ['trip/day1/'],
    });
    const entries = await unzipEntries(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['outside.txt', 'trip/day1/deep/y.txt', 'trip/day1/x.txt']);
    expect(res.headers['content-disposition']).toMatch(/filename="pics.zip"/);
  });

  test('bad selections are refused with a clear message, before any download', async () => {
    const refused = async (body: unknown, status: number, detail: RegExp) => {
      const res = await prepare(body);
      expect(res.statusCode, res.body).toBe(status);
      const error = res.json() as { message: string; detailedMessage: string };
      expect(error.message).toBeTruthy();
      expect(error.detailedMessage).toMatch(detail);
    };
    await refused({ prefix: 'trip/', keys: [], prefixes: [] }, 400, /at least one/);
    await refused(
      { prefix: 'trip/', keys: ['outside.txt'], prefixes: [] },
      400,
      /"outside.txt" is not an object in "trip\/"/,
    );
    await refused({ prefix: 'trip/', keys: ['trip/day1/'], prefixes: [] }, 400, /not an object/);
    await refused({ prefix: 'trip/', keys: [], prefixes: ['trip/a.txt'] }, 400, /not a folder/);
    await refused({ prefix: 'trip', keys: ['trip/a.txt'], prefixes: [] }, 400, /must end in \//);
    const many = Array.from({ length: MAX_ZIP_SELECTION }, (_, i) => `trip/k${i}`);
    await refused({ prefix: 'trip/', keys: many, prefixes: ['trip/day1/'] }, 400, /at most 1000/);
    await refused({ prefix: 'trip/', keys: ['trip/missing.txt'], prefixes: [] }, 404, /trip\/missing.txt/);
    await refused({ prefix: 'trip/', keys: ['trip/a.txt'], prefixes: [], extra: 1 }, 400, /body/);
    // CSRF: the POST without the session's header is refused like every mutation.
    const noCsrf = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buckets/pics/objects/download-selection',
      headers: { cookie: root.cookie },
      payload: { prefix: '', keys: ['outside.txt'], prefixes: [] },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  test('a token works for its own session and bucket only', async () => {
    const prepared = await prepare({ prefix: '', keys: ['outside.txt'], prefixes: [] });
    const { token, expires } = prepared.json() as { token: string; expires: string };
    const left = Date.parse(expires) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(ZIP_TOKEN_SECONDS * 1000);
    const other = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const url = `/buckets/pics/objects/download-selection/${token}`;
    expect((await call('GET', url, undefined, other)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/v1${url}` })).statusCode).toBe(401);
    await s3.makeBucket('other-bucket');
    expect((await call('GET', `/buckets/other-bucket/objects/download-selection/${token}`)).statusCode).toBe(
      404,
    );
    expect((await call('GET', url)).statusCode).toBe(200);
    // Usable again until it expires: the browser's own Retry of a failed download works.
    expect((await call('GET', url)).statusCode).toBe(200);
    expect((await call('GET', '/buckets/pics/objects/download-selection/not-a-token')).statusCode).toBe(404);
  });

  test('a user without GetObject is refused up front; one denied inside a folder gets an error entry', async () => {
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.policies.add('trip-partial', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::pics'] },
        { Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::pics/trip/day1/x*'] },
      ],
    });
    await admin.users.add('tripper', 'tripper-secret-1');
    await admin.policies.set(['trip-partial'], 'tripper', false);
    const tripper = await loginAs(h.app, 'tripper', 'tripper-secret-1');
    const denied = await prepare({ prefix: 'trip/', keys: ['trip/a.txt'], prefixes: [] }, tripper);
    expect(denied.statusCode).toBe(403);
    expect((denied.json() as { detailedMessage: string }).detailedMessage).toMatch(/^trip\/a.txt: /);

    const res = await download({ prefix: 'trip/', keys: [], prefixes: ['trip/day1/'] }, tripper);
    expect(res.statusCode).toBe(200);
    const entries = await unzipEntries(res.rawPayload);
    expect([...entries.keys()]).toEqual(['day1/x.txt', 'download-errors.txt']);
    expect(entries.get('day1/x.txt')?.toString()).toBe('x one');
    expect(entries.get('download-errors.txt')?.toString()).toMatch(
      /^1 object\(s\).*\ntrip\/day1\/deep\/y.txt: /,
    );
    // The console carries on.
    expect((await call('GET', '/buckets/pics/objects?prefix=trip/')).statusCode).toBe(200);
  });
});
