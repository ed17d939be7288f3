import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { corruptShard, driveRecord, driveWithShard, dropRecord } from '@stowage/store/test-support';
import { GO_CACHE, goBuild } from '@stowage/test-support/go-build';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3, type Stack } from './support/stack.js';

// Spec 002 §2.10, §2.12 and §2.13 through the web app against the real `stowage start` (four
// drives, erasure coded, audit log search on): an error the test causes in Error Logs with its
// request id, a request found in Audit Logs by bucket and by a wildcard API name and exported,
// a heal of a damaged drive ending green, and a diagnostic report that madmin-go reads.
// Each screen is checked with axe and shot in both themes.

const run = promisify(execFile);
const GOPATH_ROOT = new URL('../packages/store/test/madmin-compat/', import.meta.url).pathname;
const REPORT_READER = join(GO_CACHE, 'madmin-compat-e2e');
const SCHEMES = ['light', 'dark'] as const;

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
let s3: S3Client;

beforeAll(async () => {
  stack = env.stack();
  browser = env.browser();
  s3 = rootS3(stack);
  mkdirSync(GO_CACHE, { recursive: true });
  await goBuild(join(GOPATH_ROOT, 'src/compat'), GOPATH_ROOT, REPORT_READER);
}, 300_000);

afterAll(() => {
  s3?.destroy();
});

const drives = () => [1, 2, 3, 4].map((i) => join(stack.dataDir, `drive${i}`));

const pageIn = (scheme: (typeof SCHEMES)[number]) => pageInScheme(browser, stack, scheme);

/** The screenshot e2e/screenshots/35-<scheme>-<name>.png and axe, of the page as it is now. */
async function record(page: Page, scheme: string, name: string): Promise<void> {
  await screenshot(page, `35-${scheme}-${name}`);
  const violations = await axeViolations(page);
  expect(violations, `${scheme}/${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('Error Logs', () => {
  test('an error the test causes shows with its request id, in both themes', async () => {
    // A GET that meets bitrot: it still answers (decoded from the other shards) and the store
    // logs the damage as an error of that request.
    const bucket = 'e2e-errors';
    const key = 'rotten.bin';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const body = Buffer.alloc(300 * 1024, 7);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    const all = drives();
    await corruptShard(all[driveWithShard(all, bucket, key, 0)] as string, bucket, key);
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    const requestId = got.$metadata.requestId as string;
    expect(requestId).toBeTruthy();

    for (const scheme of SCHEMES) {
      const page = await pageIn(scheme);
      await page.goto(`${stack.consoleUrl}/logs`);
      await page.waitForURL(/\/logs\/error$/);
      const table = page.getByRole('table', { name: 'Error Logs' });
      const row = table.getByRole('row').filter({ hasText: requestId });
      await row.first().waitFor({ timeout: 30_000 });
      await page.getByRole('searchbox', { name: 'Highlight Line' }).fill(requestId);
      await expect.poll(() => row.first().locator('mark').allTextContents()).toContain(requestId);
      expect(await row.first().textContent()).toContain('GetObject');
      await record(page, scheme, 'error-logs');

      await row
        .first()
        .getByRole('button', { name: /Details of the entry/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Log entry' });
      await dialog.waitFor();
      const details = (await dialog.textContent()) ?? '';
      expect(details).toContain(requestId);
      expect(details).toContain('bitrot');
      expect(details).toContain(bucket);
      await page.context().close();
    }
  });
});

describe('Audit Logs', () => {
  test('a request found by bucket and by a wildcard API name, exported as CSV and JSON', async () => {
    const bucket = 'e2e-audited';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'report.txt', Body: 'audited' }));
    const requestId = put.$metadata.requestId as string;

    for (const scheme of SCHEMES) {
      const page = await pageIn(scheme);
      await page.goto(`${stack.consoleUrl}/logs/audit`);
      await page.getByRole('button', { name: 'Advanced Filters' }).click();
      await page.getByLabel('Bucket').fill(bucket);
      const table = page.getByRole('table', { name: 'Audit Logs' });
      const putRow = table.getByRole('row').filter({ hasText: requestId });
      // The store's audit webhook posts asynchronously: search again until the entry is in.
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Get Information' }).click();
            await page.getByText(/^\d+ loaded$/).waitFor();
            return putRow.count();
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      const bucketRows = await table.getByRole('row').allTextContents();
      expect(bucketRows.slice(1).every((text) => text.includes(bucket))).toBe(true);
      expect(bucketRows.some((text) => text.includes('CreateBucket'))).toBe(true);

      await page.getByLabel('API Name').fill('Put*');
      await page.getByRole('button', { name: 'Get Information' }).click();
      await expect.poll(async () => (await table.getByRole('row').allTextContents()).length).toBe(2);
      expect(await putRow.textContent()).toContain('PutObject');
      await record(page, scheme, 'audit-logs');

      if (scheme === 'light') {
        const [csv] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export CSV' }).click(),
        ]);
        expect(csv.suggestedFilename()).toMatch(/^audit-logs-.*\.csv$/);
        const lines = (await readFile((await csv.path()) as string, 'utf8')).trim().split('\r\n');
        expect(lines[0]).toMatch(/^time,api_name,bucket,object,/);
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain(`,PutObject,${bucket},report.txt,`);
        expect(lines[1]).toContain(`,${requestId},`);

        const [json] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export JSON' }).click(),
        ]);
        expect(json.suggestedFilename()).toMatch(/^audit-logs-.*\.json$/);
        const rows = JSON.parse(await readFile((await json.path()) as string, 'utf8'));
        expect(rows).toEqual([
          expect.objectContaining({
            api_name: 'PutObject',
            bucket,
            object: 'report.txt',
            request_id: requestId,
            response_status_code: 200,
          }),
        ]);
      }
      await page.context().close();
    }
  });
});

describe('Heal', () => {
  test('a bucket with an object missing from one drive heals to green, in both themes', async () => {
    const bucket = 'e2e-heal';
    const key = 'damaged.txt';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'heal me' }));
    const damaged = drives()[1] as string;

    for (const scheme of SCHEMES) {
      // The damage: the object's shard and record gone from one drive.
      dropRecord(damaged, bucket, key);
      expect(driveRecord(damaged, bucket, key)).toBeUndefined();

      const page = await pageIn(scheme);
      // Spec 000 §1: no menu entry; the page is reached by its address.
      await page.goto(`${stack.consoleUrl}/heal`);
      await page.getByRole('combobox', { name: 'Bucket' }).click();
      await page.getByRole('option', { name: bucket }).click();
      await page.getByRole('checkbox', { name: 'Recursive' }).check();
      await page.getByRole('button', { name: 'Start' }).click();

      const chart = page.getByRole('list', { name: "Item's Health Status [%]" });
      await chart.getByRole('listitem', { name: 'Green After healing: 100%' }).waitFor({ timeout: 60_000 });
      // Before healing, the damaged object was not green.
      expect(await chart.getByRole('listitem', { name: 'Green Before healing: 100%' }).count()).toBe(0);
      await page.getByText('Stopped', { exact: true }).waitFor({ timeout: 60_000 });
      const healed = (await page.getByText('Objects healed').locator('..').textContent()) ?? '';
      expect(healed).toMatch(/1 \/ 1/);
      await record(page, scheme, 'heal');
      await page.context().close();
      expect(driveRecord(damaged, bucket, key)).toBeDefined();
    }
  });
});

describe('Diagnostics', () => {
  test('the downloaded report is gzipped JSON that madmin-go reads as HealthInfo', async () => {
    for (const scheme of SCHEMES) {
      const page = await pageIn(scheme);
      await page.goto(`${stack.consoleUrl}/health-info`);
      const download = page.getByRole('button', { name: 'Download' });
      expect(await download.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Start Diagnostic' }).click();
      await page.getByText('Diagnostic file is ready to be downloaded.').waitFor({ timeout: 150_000 });
      await record(page, scheme, 'diagnostics');
      if (scheme === 'light') {
        const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
        expect(file.suggestedFilename()).toBe('diagnostic.json.gz');
        // madmin-go reads the whole report: every section filled, the root secret nowhere in it.
        const path = (await file.path()) as string;
        const { stdout } = await run(REPORT_READER, ['healthdoc', path, stack.rootPassword], {
          timeout: 60_000,
        }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err) }));
        expect(stdout.trim().split('\n')).toEqual([`ok health document ${path}`, '0 failed']);
      }
      await page.context().close();
    }
  }, 400_000);
});
