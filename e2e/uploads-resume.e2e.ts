import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { type RunningProxy, startNginx } from './support/proxies.js';
import { type ColourScheme, consoleCall, logIn } from './support/session.js';
import { rootS3, type Stack, startStack } from './support/stack.js';

// Browser-direct uploads in Chromium against the built product: a 2 GiB file interrupted by a
// page reload resumes once the file is picked again and ends with the multipart ETag of its
// parts; a folder of 1,000 files (and one that needs several parts) goes through nginx that
// refuses bodies over 8 MiB, in front of the store; an upload outlives its session's end.

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const BIG = 2 * GIB;
/** The part size the console picks for a file this size (contract planParts). */
const BIG_PART = 16 * MIB;

let files: string;
let browser: Browser;

/** A sparse file whose every MiB starts with its index: parts differ, the disk holds little. */
async function sparseFile(path: string, size: number) {
  const file = await open(path, 'w');
  await file.truncate(size);
  for (let at = 0; at < size; at += MIB) await file.write(Buffer.from(`MiB ${at / MIB}`), 0, undefined, at);
  await file.close();
}

/** S3's multipart ETag of a file cut in parts of `partSize`: MD5 of the parts' MD5s, and their count. */
async function multipartEtag(path: string, partSize: number): Promise<string> {
  const digests: Buffer[] = [];
  let part = createHash('md5');
  let filled = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: MIB }) as AsyncIterable<Buffer>) {
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(chunk.length - at, partSize - filled);
      part.update(chunk.subarray(at, at + take));
      filled += take;
      at += take;
      if (filled === partSize) {
        digests.push(part.digest());
        part = createHash('md5');
        filled = 0;
      }
    }
  }
  if (filled > 0) digests.push(part.digest());
  return `"${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${digests.length}"`;
}

async function newPage(stack: Stack, scheme: ColourScheme = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
  const page = await context.newPage();
  await logIn(page, stack.consoleUrl, stack.rootUser, stack.rootPassword);
  return page;
}

async function makeBucket(page: Page, stack: Stack, name: string) {
  const res = await consoleCall(page, stack.consoleUrl, 'POST', '/buckets', { name });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const summary = async (page: Page) => (await panel(page).getByTestId('transfer-summary').textContent()) ?? '';

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'stowage-e2e-uploads-'));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await rm(files, { recursive: true, force: true });
});

describe('a large upload resumes after a reload', () => {
  let stack: Stack;
  let s3: S3Client;
  beforeAll(async () => {
    stack = await startStack();
    s3 = rootS3(stack);
    await sparseFile(join(files, 'big.bin'), BIG);
  });
  afterAll(async () => {
    s3?.destroy();
    await stack?.stop();
  });

  test('interrupted mid-way by page.reload(), resumed by picking the file again, with the right ETag', async () => {
    const page = await newPage(stack);
    await makeBucket(page, stack, 'resume');
    await page.goto(`${stack.consoleUrl}/buckets/resume/browse`);
    await page.getByText('This location is empty, please try uploading a new file').waitFor();
    const startedAt = Date.now();
    await page.getByTestId('upload-files').setInputFiles(join(files, 'big.bin'));
    const bar = page.getByRole('progressbar', { name: 'Upload of big.bin' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 120_000, interval: 200 })
      .toBeGreaterThanOrEqual(30);
    await screenshot(page, '90-light-upload-direct-progress');
    const before = Number(await bar.getAttribute('aria-valuenow'));
    expect(before).toBeLessThan(100);
    await page.reload();

    // After the reload: the upload waits for its file, with what the server already holds.
    const unfinished = page.getByTestId('unfinished-uploads');
    await unfinished.waitFor({ timeout: 30_000 });
    const sentText = (await unfinished.getByText(/ sent$/).textContent()) ?? '';
    expect(sentText).not.toMatch(/^0 B of/);
    await screenshot(page, '91-light-upload-unfinished');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('resume-file-big.bin').setInputFiles(join(files, 'big.bin'));
    await panel(page).getByRole('link', { name: 'Open big.bin' }).waitFor({ timeout: 170_000 });
    const seconds = (Date.now() - startedAt) / 1000;
    console.log(`2 GiB browser-direct upload with a reload: ${seconds.toFixed(1)} s`);
    expect(await summary(page)).toMatch(/^1 done · 0 failed/);

    const head = await s3.send(new HeadObjectCommand({ Bucket: 'resume', Key: 'big.bin' }));
    expect(head.ContentLength).toBe(BIG);
    expect(head.ETag).toBe(await multipartEtag(join(files, 'big.bin'), BIG_PART));
    // Nothing is left over for a later visit.
    await page.reload();
    await page.getByRole('table', { name: /^Objects in / }).waitFor();
    expect(await page.getByTestId('unfinished-uploads').count()).toBe(0);
    await page.context().close();
  }, 300_000);
});

describe('through a proxy that refuses bodies over 8 MiB', () => {
  let stack: Stack;
  let nginx: RunningProxy;
  let s3: S3Client;
  const FILES = 1000;

  beforeAll(async () => {
    // The store's port is chosen first so nginx can point at it before the stack starts with
    // nginx as the address browsers upload to.
    const storePort = await freePort();
    nginx = await startNginx(
      (port) => `server {
  listen 127.0.0.1:${port};
  client_max_body_size 8m;
  location / {
    proxy_pass http://127.0.0.1:${storePort};
    proxy_set_header Host $http_host;
    proxy_request_buffering off;
    proxy_http_version 1.1;
  }
}`,
    );
    stack = await startStack(['--port', String(storePort)], {
      STOWAGE_PUBLIC_SERVER_URL: nginx.url,
      STOWAGE_UPLOAD_MAX_PART_BYTES: String(8 * MIB),
    });
    s3 = rootS3(stack);
    const folder = join(files, 'thousand');
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < FILES; i++) await writeFile(join(folder, `file-${i}.txt`), `file number ${i}\n`);
    // Over the proxy's limit as one body: it must go in parts of at most 8 MiB.
    await sparseFile(join(folder, 'twenty.bin'), 20 * MIB);
  }, 120_000);
  afterAll(async () => {
    s3?.destroy();
    await stack?.stop();
    await nginx?.stop();
  });

  test('every one of 1,001 files arrives, the large one in parts under the limit', async () => {
    const page = await newPage(stack);
    await makeBucket(page, stack, 'many');
    // The page may send parts to nginx (CSP), and the console says to send them there.
    const settings = await consoleCall(page, stack.consoleUrl, 'GET', '/uploads/settings');
    expect(await settings.json()).toEqual({ mode: 'direct', server_url: nginx.url, max_part_bytes: 8 * MIB });
    await page.goto(`${stack.consoleUrl}/buckets/many/browse`);
    await page.getByText('This location is empty, please try uploading a new file').waitFor();
    await page.getByTestId('upload-folder').setInputFiles(join(files, 'thousand'));
    await expect
      .poll(() => summary(page), { timeout: 240_000, interval: 500 })
      .toMatch(/^1001 done · 0 failed/);
    await page.getByText('Object(s) uploaded successfully.').first().waitFor();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: 'many', Prefix: 'thousand/', ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
      token = page.NextContinuationToken;
    } while (token);
    expect(keys).toHaveLength(FILES + 1);
    expect(keys).toContain('thousand/file-999.txt');
    const twenty = await s3.send(new HeadObjectCommand({ Bucket: 'many', Key: 'thousand/twenty.bin' }));
    expect(twenty.ContentLength).toBe(20 * MIB);
    expect(twenty.ETag).toBe(await multipartEtag(join(files, 'thousand', 'twenty.bin'), 8 * MIB));
    // The bytes went through nginx, not the console.
    expect(nginx.log()).not.toMatch(/client intended to send too large body/);
    await page.context().close();
  }, 300_000);
});

describe('the Transfers panel in both themes', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
    await writeFile(join(files, 'small.txt'), 'small\n');
  });
  afterAll(() => stack?.stop());

  for (const scheme of ['light', 'dark'] as const)
    test(`${scheme}: a finished upload links to its object; axe finds nothing`, async () => {
      const page = await newPage(stack, scheme);
      await makeBucket(page, stack, `panel-${scheme}`);
      await page.goto(`${stack.consoleUrl}/buckets/panel-${scheme}/browse`);
      await page.getByText('This location is empty, please try uploading a new file').waitFor();
      await page.getByTestId('upload-files').setInputFiles(join(files, 'small.txt'));
      const link = panel(page).getByRole('link', { name: 'Open small.txt' });
      await link.waitFor();
      expect(await summary(page)).toBe('1 done · 0 failed · 6 B of 6 B');
      await screenshot(page, `30-${scheme}-transfers-panel`);
      expect(await axeViolations(page)).toEqual([]);
      await link.click();
      await page.waitForURL(`${stack.consoleUrl}/buckets/panel-${scheme}/browse/small.txt`);
      await page.context().close();
    }, 120_000);

  test('the session ends mid-upload: the upload waits, goes on after a new login, and ends whole', async () => {
    const size = 160 * MIB;
    await sparseFile(join(files, 'lapse.bin'), size);
    const page = await newPage(stack);
    await makeBucket(page, stack, 'lapse');
    await page.goto(`${stack.consoleUrl}/buckets/lapse/browse`);
    await page.getByText('This location is empty, please try uploading a new file').waitFor();
    await page.getByTestId('upload-files').setInputFiles(join(files, 'lapse.bin'));
    // Slow enough that the session ends while parts are still to be signed.
    await panel(page)
      .getByLabel('Bandwidth limit')
      .selectOption(String(10 * 1000 * 1000));
    const bar = page.getByRole('progressbar', { name: 'Upload of lapse.bin' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(20);

    // Ended on the server (as when its credentials expire): the page learns it at its next call.
    const csrf = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const logout = await page.request.post(`${stack.consoleUrl}/api/v1/logout`, {
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(logout.status()).toBe(204);
    await page.waitForURL((url) => url.pathname.endsWith('/login'), { timeout: 60_000 });
    await page.getByText('Your session ended: 1 upload goes on once you sign in again.').waitFor();
    await screenshot(page, '92-light-upload-awaits-sign-in');

    // Signing in again, without a reload: the same upload carries on with the new session.
    await page.getByLabel('Enter Username').fill(stack.rootUser);
    await page.getByLabel('Enter Password').fill(stack.rootPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    // The panel is on whatever page the login leads to; folded, it keeps one bar for all.
    await panel(page).getByRole('button', { name: 'Hide uploads' }).click();
    await panel(page).getByRole('progressbar', { name: 'All uploads' }).waitFor();
    await screenshot(page, '93-light-uploads-folded');
    expect(await axeViolations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Show uploads' }).click();
    await panel(page).getByRole('link', { name: 'Open lapse.bin' }).waitFor({ timeout: 120_000 });
    expect(await summary(page)).toMatch(/^1 done · 0 failed/);
    // It waited for the login: no part was tried again for want of a session.
    expect(await panel(page).getByTestId('transfer').textContent()).not.toMatch(/retr/);
    const s3 = rootS3(stack);
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'lapse', Key: 'lapse.bin' }));
    s3.destroy();
    expect(head.ContentLength).toBe(size);
    expect(head.ETag).toBe(await multipartEtag(join(files, 'lapse.bin'), BIG_PART));
    await page.context().close();
  }, 240_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
