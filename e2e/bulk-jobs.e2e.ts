import {
  CreateBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Job } from '@stowage/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { consoleCall, pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3, type Stack } from './support/stack.js';

// Bulk jobs in the built product: a move of a 10,000-object prefix started from the object
// browser's Bulk actions dialog (dry run, retyped prefix), with `stowage start` restarted while
// it runs; the job goes on from its cursor and moves every key exactly once. The Jobs screen
// and the dialog are saved in both themes and checked with axe.

const env = stackAndBrowser();
const BUCKET = 'e2e-bulk';
const COUNT = 10_000;
const key = (i: number) => `src/${String(i).padStart(5, '0')}.txt`;
let stack: Stack;
let s3: S3Client;

async function countKeys(prefix: string): Promise<number> {
  let count = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }),
    );
    count += page.KeyCount ?? 0;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return count;
}

async function jobs(page: Page): Promise<Job[]> {
  const res = await consoleCall(page, stack.consoleUrl, 'GET', '/jobs');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { jobs: Job[] }).jobs;
}

async function checkAxe(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** The object browser's Bulk actions dialog on src/, a move to dst/ chosen and dry-run. */
async function dryRunMove(page: Page) {
  await page.goto(`${stack.consoleUrl}/buckets/${BUCKET}/browse/src/`);
  await page.getByRole('button', { name: 'Bulk actions…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk actions' });
  await dialog.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Move / rename' }).click();
  await dialog.getByRole('textbox', { name: 'Destination prefix' }).fill('dst/');
  await dialog.getByRole('button', { name: 'Dry run' }).click();
  await dialog.getByText('10,000 objects').waitFor();
  return dialog;
}

beforeAll(async () => {
  stack = env.stack();
  s3 = rootS3(stack);
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  // Fast: many PUTs in flight at once.
  for (let i = 0; i < COUNT; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, COUNT - i) }, (_, j) =>
        s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key(i + j), Body: `object ${i + j}` })),
      ),
    );
  }
  // A neighbour the prefix must not catch.
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'src-not/keep.txt', Body: 'keep' }));
}, 600_000);

afterAll(() => s3?.destroy());

describe('bulk jobs, end to end', () => {
  test('the Bulk actions dialog dry-runs and asks for the prefix, in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await pageInScheme(env.browser(), stack, scheme);
      const dialog = await dryRunMove(page);
      await dialog.getByText('src/00000.txt').first().waitFor();
      await expect(dialog.getByRole('button', { name: 'Start job' }).isDisabled()).resolves.toBe(true);
      await dialog.getByRole('textbox', { name: 'Type src/ to confirm' }).fill('src/');
      await screenshot(page, `30-${scheme}-bulk-actions`);
      await checkAxe(page, `bulk actions dialog (${scheme})`);
      await page.context().close();
    }
  }, 120_000);

  test('a move of 10,000 objects goes on after a restart and completes exactly once', async () => {
    let page = await pageInScheme(env.browser(), stack, 'light');
    const dialog = await dryRunMove(page);
    await dialog.getByRole('textbox', { name: 'Type src/ to confirm' }).fill('src/');
    await dialog.getByRole('button', { name: 'Start job' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/jobs'));
    await page.getByRole('table', { name: 'Bulk jobs' }).getByText('Running').waitFor();

    // Restart once the job is under way, and before it is done.
    let running: Job | undefined;
    for (;;) {
      running = (await jobs(page))[0];
      if (running && running.done.count > 0) break;
      await page.waitForTimeout(100);
    }
    expect(running.state).toBe('running');
    await page.context().close();
    await stack.restart();
    const midway = await countKeys('src/');
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(COUNT);

    page = await pageInScheme(env.browser(), stack, 'light');
    let job: Job | undefined;
    for (;;) {
      job = (await jobs(page)).find((j) => j.id === running?.id);
      if (job && job.state !== 'running') break;
      await page.waitForTimeout(250);
    }
    expect(job.state).toBe('completed');
    expect(job.done).toEqual({ count: COUNT, bytes: expect.any(Number) });
    expect(job.failed.count).toBe(0);
    expect(await countKeys('src/')).toBe(0);
    expect(await countKeys('dst/')).toBe(COUNT);
    expect(await countKeys('src-not/')).toBe(1);

    // The report has every key once.
    const report = await consoleCall(page, stack.consoleUrl, 'GET', `/jobs/${job.id}/report`);
    const keys = (await report.text())
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { key: string }).key);
    expect(keys).toHaveLength(COUNT);
    expect(new Set(keys).size).toBe(COUNT);
    await page.context().close();

    for (const scheme of ['light', 'dark'] as const) {
      const shown = await pageInScheme(env.browser(), stack, scheme);
      await shown.goto(`${stack.consoleUrl}/jobs`);
      await shown.getByRole('table', { name: 'Bulk jobs' }).getByText('Completed').waitFor();
      await screenshot(shown, `30-${scheme}-jobs`);
      await checkAxe(shown, `jobs screen (${scheme})`);
      await shown.context().close();
    }
  }, 900_000);
});
