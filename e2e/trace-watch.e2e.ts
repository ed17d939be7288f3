import { writeFile } from 'node:fs/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { SHOTS, screenshot } from './support/browser.js';
import { pageInScheme, stackAndBrowser } from './support/session.js';
import type { Stack } from './support/stack.js';

// Spec 002 §2.9 Trace and §2.11 Watch in Chromium against the real stack: the S3 calls and
// object events the test itself causes show up live, in light and in dark, with axe.

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
let s3: S3Client;
const report: Record<string, AxeViolation[]> = {};
const SCHEMES = ['light', 'dark'] as const;

beforeAll(async () => {
  stack = env.stack();
  browser = env.browser();
  s3 = new S3Client({
    endpoint: stack.s3Url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: stack.rootUser, secretAccessKey: stack.rootPassword },
  });
  await s3.send(new CreateBucketCommand({ Bucket: 'e2e-trace' }));
  await s3.send(new CreateBucketCommand({ Bucket: 'e2e-watch' }));
});
afterAll(async () => {
  s3?.destroy();
  if (Object.keys(report).length > 0)
    await writeFile(`${SHOTS}axe-report-35-trace-watch.json`, `${JSON.stringify(report, null, 2)}\n`);
});

const pageIn = (scheme: (typeof SCHEMES)[number]) => pageInScheme(browser, stack, scheme);

/** A GET of a key that is not there: the store answers 404 NoSuchKey. */
async function getMissing(key: string): Promise<number | undefined> {
  try {
    await s3.send(new GetObjectCommand({ Bucket: 'e2e-trace', Key: key }));
    return 200;
  } catch (error) {
    return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  }
}

const expectNoViolations = (name: string, violations: AxeViolation[]) => {
  report[name] = violations;
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
};

describe('Trace', () => {
  for (const scheme of SCHEMES) {
    test(`shows an S3 call made during the test with its status and method, and opens it (${scheme})`, async () => {
      const page = await pageIn(scheme);
      await page.goto(`${stack.consoleUrl}/trace`);
      await page.getByRole('heading', { name: 'Trace', level: 1 }).waitFor();
      await page.getByText('Trace is not started yet').waitFor();
      // Only this test's bucket: the console's own calls stay out of the table.
      await page.getByLabel('Path', { exact: true }).fill('/e2e-trace/');
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByText('No Traced elements received yet').waitFor();
      expect(await page.getByLabel('Path', { exact: true }).isDisabled()).toBe(true);

      const key = `missing-${scheme}.txt`;
      expect(await getMissing(key)).toBe(404);
      const table = page.getByRole('table', { name: 'Traced calls' });
      const row = table.getByRole('row').filter({ hasText: '404 Not Found' }).first();
      await row.waitFor();
      const name = row.getByRole('button', { name: /GetObject/ });
      expect(await name.count()).toBe(1);

      await name.click();
      const drawer = page.getByRole('dialog', { name: `GET /e2e-trace/${key}` });
      await drawer.waitFor();
      const summary = drawer.getByRole('table', { name: 'Call' });
      const value = (label: string) =>
        summary.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
      expect(await value('Method').getByRole('cell').textContent()).toBe('GET');
      expect(await value('Status').getByRole('cell').textContent()).toBe('404 Not Found');
      expect(await value('Path').getByRole('cell').textContent()).toBe(`/e2e-trace/${key}`);
      const request = drawer.getByRole('table', { name: 'Request headers' });
      await request.getByRole('rowheader', { name: /^authorization$/i }).waitFor();
      // The signature never reaches the browser.
      expect(await request.textContent()).not.toMatch(/Signature=[0-9a-f]{64}/);
      await drawer.getByRole('table', { name: 'Response headers' }).waitFor();
      expectNoViolations(`${scheme}/trace-detail`, await axeViolations(page));
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Start' }).waitFor();
      expectNoViolations(`${scheme}/trace`, await axeViolations(page));
      await screenshot(page, `35-${scheme}-trace`);
      await page.context().close();
    });
  }
});

describe('Watch', () => {
  for (const scheme of SCHEMES) {
    test(`shows a PUT and a DELETE made during the test (${scheme})`, async () => {
      const page = await pageIn(scheme);
      await page.goto(`${stack.consoleUrl}/watch`);
      await page.getByRole('heading', { name: 'Watch', level: 1 }).waitFor();
      await page.getByText('No Changes at this time').waitFor();
      await page.getByPlaceholder('Select Bucket').click();
      await page.getByRole('option', { name: 'e2e-watch' }).click();
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByText('Live', { exact: true }).waitFor();

      const key = `hello-${scheme}.txt`;
      await s3.send(new PutObjectCommand({ Bucket: 'e2e-watch', Key: key, Body: 'hello, watch' }));
      await s3.send(new DeleteObjectCommand({ Bucket: 'e2e-watch', Key: key }));
      const table = page.getByRole('table', { name: 'Bucket events' });
      const put = table.getByRole('row').filter({ hasText: 's3:ObjectCreated:Put' });
      const del = table.getByRole('row').filter({ hasText: /s3:ObjectRemoved:Delete/ });
      await put.waitFor();
      await del.waitFor();
      expect(await put.textContent()).toContain(`e2e-watch/${key}`);
      expect(await put.textContent()).toContain('12 B');
      expect(await del.textContent()).toContain(`e2e-watch/${key}`);

      expectNoViolations(`${scheme}/watch`, await axeViolations(page));
      await screenshot(page, `35-${scheme}-watch`);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Start' }).waitFor();
      await page.context().close();
    });
  }
});
