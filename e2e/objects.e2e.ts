import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetObjectLegalHoldCommand,
  GetObjectRetentionCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { consoleCall, logIn, stackAndBrowser } from './support/session.js';
import { rootS3, type Stack } from './support/stack.js';

// The object browser against the real stack: folder and 1 GiB uploads with progress, previews,
// a share link opened in a fresh context, tags, retention, legal hold, versions, rewind, and
// the bucket screens (events, lifecycle, access rules, access audit). Screens are saved.

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
let page: Page;
let s3: S3Client;
let files: string;
let hook: Server;
const BUCKET = 'e2e-files';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIB = 1024 ** 3;

async function api(method: string, path: string, body?: unknown) {
  const res = await consoleCall(page, stack.consoleUrl, method, path, body);
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res;
}

const browse = (path = '') => `${stack.consoleUrl}/buckets/${BUCKET}/browse${path ? `/${path}` : ''}`;
const table = () => page.getByRole('table', { name: /^Objects in / });

beforeAll(async () => {
  stack = env.stack();
  browser = env.browser();
  s3 = rootS3(stack);
  files = await mkdtemp(join(tmpdir(), 'stowage-e2e-files-'));
  await mkdir(join(files, 'album', 'sub'), { recursive: true });
  await writeFile(join(files, 'album', 'cat.png'), PNG);
  await writeFile(join(files, 'album', 'notes.txt'), 'hello from the album\n');
  await writeFile(join(files, 'album', 'sub', 'deep.txt'), 'deep\n');
  // A sparse 1 GiB file: real bytes on the wire, none on this disk.
  const big = await open(join(files, 'big.bin'), 'w');
  await big.truncate(GIB);
  await big.close();
  hook = createServer((req, res) => req.resume().on('end', () => res.end())).listen(0, '127.0.0.1');
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await logIn(page, stack.consoleUrl, stack.rootUser, stack.rootPassword);
  await api('POST', '/buckets', { name: BUCKET, versioning: true, locking: true });
});

afterAll(async () => {
  s3?.destroy();
  hook?.close();
  await rm(files, { recursive: true, force: true });
});

describe('object browser, end to end', () => {
  test('upload a folder and a 1 GiB file with visible progress', async () => {
    await page.goto(browse());
    await page.getByText('This location is empty, please try uploading a new file').waitFor();
    await screenshot(page, '60-browser-empty');
    await page.getByTestId('upload-folder').setInputFiles(join(files, 'album'));
    await page.getByText('Object(s) uploaded successfully.').first().waitFor();
    await table().getByRole('link', { name: 'album', exact: true }).waitFor();

    await page.getByTestId('upload-files').setInputFiles(join(files, 'big.bin'));
    const bar = page.getByRole('progressbar', { name: 'Upload of big.bin' });
    // Progress shows while the bytes go up: some value strictly between 0 and 100.
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), {
        timeout: 60_000,
        interval: 100,
      })
      .toBeGreaterThan(0);
    const midway = Number(await bar.getAttribute('aria-valuenow'));
    await screenshot(page, '61-upload-progress');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), {
        timeout: 170_000,
        interval: 500,
      })
      .toBe(100);
    expect(midway).toBeLessThan(100);
    await table().getByRole('link', { name: 'big.bin', exact: true }).waitFor({ timeout: 30_000 });
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'big.bin' }));
    expect(head.ContentLength).toBe(GIB);
    const deep = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'album/sub/deep.txt' }));
    expect(deep.ContentLength).toBe(5);
    // A small file goes up in one PUT: its ETag is its MD5, its type the file's.
    expect(deep.ETag).toBe(`"${createHash('md5').update('deep\n').digest('hex')}"`);
    expect(deep.ContentType).toBe('text/plain');
    // The big one in parts: a multipart ETag.
    expect((await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'big.bin' }))).ETag).toMatch(/-\d+"$/);
    await screenshot(page, '62-browser-listing');
    expect(await axeViolations(page)).toEqual([]);
  }, 240_000);

  test('preview an image and a text file', async () => {
    await page.goto(browse('album/'));
    await table().getByRole('button', { name: 'Preview cat.png' }).click();
    const img = page.getByRole('dialog', { name: 'Preview - cat.png' }).getByRole('img', { name: 'cat.png' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
    await screenshot(page, '63-preview-image');
    await page.keyboard.press('Escape');
    await table().getByRole('button', { name: 'Preview notes.txt' }).click();
    const frame = page.frameLocator('iframe[title="notes.txt"]');
    await expect.poll(() => frame.locator('body').textContent()).toContain('hello from the album');
    await screenshot(page, '64-preview-text');
    await page.keyboard.press('Escape');
  });

  test('share an object and open the link in a fresh browser context', async () => {
    await page.goto(browse('album/'));
    await table().getByRole('button', { name: 'Share notes.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share File' });
    const url = dialog.getByRole('textbox', { name: 'Share URL' });
    await expect
      .poll(() => url.inputValue())
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/e2e-files\/album\/notes\.txt\?/);
    await screenshot(page, '65-share');
    const link = await url.inputValue();
    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('604800');
    const stranger = await browser.newContext();
    const res = await stranger.request.get(link);
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe('hello from the album\n');
    await stranger.close();
    await page.keyboard.press('Escape');
  });

  test('set tags, retention and legal hold on an object', async () => {
    await page.goto(browse('album/notes.txt'));
    await page.getByRole('heading', { name: 'notes.txt' }).waitFor();
    await page.getByRole('button', { name: 'Add tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add New Tag' });
    await tagDialog.getByRole('textbox', { name: 'Tag Key' }).fill('team');
    await tagDialog.getByRole('textbox', { name: 'Tag Label' }).fill('ops');
    await tagDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('team:ops').waitFor();

    await page.getByRole('button', { name: 'Edit Legal Hold' }).click();
    const hold = page.getByRole('dialog', { name: 'Set Legal Hold' });
    await hold.getByRole('switch', { name: 'Legal Hold' }).check({ force: true });
    await hold.getByRole('button', { name: 'Save' }).click();
    await hold.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Edit Retention' }).click();
    const retention = page.getByRole('dialog', { name: 'Set Retention Policy' });
    await retention.getByRole('switch', { name: 'Status' }).check({ force: true });
    await retention.getByRole('radio', { name: 'Governance' }).check({ force: true });
    const year = String(new Date().getFullYear() + 1);
    for (const [label, value] of [
      ['Month', '6'],
      ['Day', '15'],
      ['Year', year],
    ] as const) {
      await retention.getByLabel(label, { exact: true }).first().click();
      await page.getByRole('option', { name: value, exact: true }).click();
    }
    await screenshot(page, '66-retention');
    await retention.getByRole('button', { name: 'Save' }).click();
    await retention.waitFor({ state: 'hidden' });
    await page.getByText(/Governance until/).waitFor();
    await screenshot(page, '67-object-details');
    expect(await axeViolations(page)).toEqual([]);

    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'album/notes.txt' }));
    expect(tags.TagSet).toEqual([{ Key: 'team', Value: 'ops' }]);
    const legal = await s3.send(new GetObjectLegalHoldCommand({ Bucket: BUCKET, Key: 'album/notes.txt' }));
    expect(legal.LegalHold?.Status).toBe('ON');
    const kept = await s3.send(new GetObjectRetentionCommand({ Bucket: BUCKET, Key: 'album/notes.txt' }));
    expect(kept.Retention?.Mode).toBe('GOVERNANCE');
    expect(kept.Retention?.RetainUntilDate?.toISOString()).toBe(`${year}-06-15T23:59:59.000Z`);
  });

  test('delete a version', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'log.txt', Body: 'one' }));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'log.txt', Body: 'two' }));
    const before = await s3.send(new ListObjectVersionsCommand({ Bucket: BUCKET, Prefix: 'log.txt' }));
    const oldest = before.Versions?.find((v) => !v.IsLatest)?.VersionId ?? '';
    await page.goto(browse('log.txt'));
    await page.getByRole('tab', { name: 'Versions' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('cell', { name: oldest, exact: true }).waitFor();
    await screenshot(page, '68-versions');
    await versions.getByRole('button', { name: `Delete version ${oldest}` }).click();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText("Object 'log.txt' deleted successfully.").waitFor();
    const after = await s3.send(new ListObjectVersionsCommand({ Bucket: BUCKET, Prefix: 'log.txt' }));
    expect(after.Versions?.map((v) => v.VersionId)).not.toContain(oldest);
    expect(after.Versions).toHaveLength(1);
  });

  test('rewind to before a deletion shows it in the Deleted column', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'gone.txt', Body: 'soon gone' }));
    // The real clock must pass: object times have whole seconds, so the moment lies a second
    // after the put and a second before the delete.
    await new Promise((r) => setTimeout(r, 1_100));
    const moment = new Date();
    await new Promise((r) => setTimeout(r, 1_100));
    await page.goto(browse());
    await table().getByRole('button', { name: 'Delete gone.txt' }).click();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText("Object 'gone.txt' deleted successfully.").waitFor();
    await table().getByRole('link', { name: 'gone.txt', exact: true }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Rewind' }).click();
    const dialog = page.getByRole('dialog', { name: `Rewind - ${BUCKET}` });
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}:${pad(moment.getSeconds())}`;
    await dialog.getByLabel('Rewind to').fill(local);
    await screenshot(page, '69-rewind-dialog');
    await dialog.getByRole('button', { name: 'Show Rewind Data' }).click();
    const row = table().getByRole('row').filter({ hasText: 'gone.txt' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('No');
    expect(await table().getByRole('columnheader', { name: 'Deleted' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, '70-rewind');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Rewind' }).click();
    await dialog.getByRole('switch', { name: 'Current Status' }).uncheck({ force: true });
    await dialog.getByRole('button', { name: 'Show Current Data' }).click();
    await table().getByRole('link', { name: 'big.bin', exact: true }).waitFor();
    expect(await table().getByRole('columnheader', { name: 'Deleted' }).count()).toBe(0);
  });

  test('events, lifecycle, access rules, and a policy found in Access Audit', async () => {
    const port = (hook.address() as AddressInfo).port;
    await api('PUT', '/configs/notify_webhook:e2e', {
      key_values: [
        { key: 'enable', value: 'on' },
        { key: 'endpoint', value: `http://127.0.0.1:${port}/hook` },
      ],
    });
    const admin = `${stack.consoleUrl}/buckets/${BUCKET}/admin`;
    await page.goto(`${admin}/events`);
    await page.getByRole('button', { name: 'Subscribe to Event' }).click();
    const subscribe = page.getByRole('dialog', { name: 'Subscribe To Event' });
    await subscribe.getByLabel(/^ARN/).first().click();
    await page.getByRole('option', { name: /:e2e:webhook$/ }).click();
    await subscribe.getByRole('checkbox', { name: 'PUT - Object Uploaded' }).check();
    await subscribe.getByRole('textbox', { name: 'Prefix' }).fill('album/');
    await screenshot(page, '71-subscribe-event');
    await subscribe.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Events' }).getByRole('cell', { name: 'album/' }).waitFor();
    await screenshot(page, '72-events');

    await page.goto(`${admin}/lifecycle`);
    await page.getByRole('button', { name: 'Add Lifecycle Rule' }).click();
    const lifecycle = page.getByRole('dialog', { name: 'Add Lifecycle Rule' });
    await lifecycle.getByRole('textbox', { name: 'Prefix' }).fill('tmp/');
    await lifecycle.getByRole('textbox', { name: 'Days', exact: true }).fill('30');
    await lifecycle.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Lifecycle' }).getByRole('cell', { name: '30 day(s)' }).waitFor();
    await screenshot(page, '73-lifecycle');

    await page.goto(`${admin}/prefix`);
    await page.getByRole('button', { name: 'Add Access Rule' }).click();
    const rule = page.getByRole('dialog', { name: 'Add Access Rule' });
    await rule.getByRole('textbox', { name: 'Prefix' }).fill('public/');
    await rule.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('table', { name: 'Access Rules' })
      .getByRole('cell', { name: 'public/', exact: true })
      .waitFor();
    await screenshot(page, '74-access-rules');
    const anonymous = await browser.newContext();
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'public/hello.txt', Body: 'hi' }));
    const open = await anonymous.request.get(`${stack.s3Url}/${BUCKET}/public/hello.txt`);
    expect(open.status()).toBe(200);
    const closed = await anonymous.request.get(`${stack.s3Url}/${BUCKET}/album/notes.txt`);
    expect(closed.status()).toBe(403);
    await anonymous.close();

    await page.goto(`${stack.consoleUrl}/policies`);
    await page.getByRole('button', { name: 'Create Policy' }).click();
    const create = page.getByRole('dialog', { name: 'Create Policy' });
    await create.getByRole('textbox', { name: 'Policy Name' }).fill('e2e-files-read');
    // The policy studio's JSON tab: replace the document as a paste would.
    await create.getByRole('tab', { name: 'JSON' }).click();
    await create.getByRole('textbox', { name: 'Policy', exact: true }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/*`] }],
      }),
    );
    await create.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'e2e-files-read', level: 1 }).waitFor();
    await page.goto(`${admin}/access`);
    await page.getByRole('link', { name: 'e2e-files-read' }).waitFor();
    await screenshot(page, '75-access-audit');
    await page.getByRole('link', { name: 'e2e-files-read' }).click();
    await page.waitForURL(/\/policies\/e2e-files-read$/);
  });

  test('the browser screens in the dark theme, with zero axe violations', async () => {
    await page.evaluate(() => localStorage.setItem('stowage-color-scheme', 'dark'));
    for (const [name, path] of [
      ['76-dark-browser', ''],
      ['77-dark-folder', 'album/'],
      ['78-dark-object', 'album/notes.txt'],
    ] as const) {
      await page.goto(browse(path));
      await page.getByRole('navigation', { name: 'Path' }).waitFor();
      await (path.endsWith('.txt') ? page.getByRole('heading', { name: 'notes.txt' }) : table()).waitFor();
      await screenshot(page, name);
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.evaluate(() => localStorage.setItem('stowage-color-scheme', 'light'));
  });
});
