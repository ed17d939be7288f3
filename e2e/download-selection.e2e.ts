import { readFile } from 'node:fs/promises';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { unzipEntries } from '@stowage/test-support/unzip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { type ColourScheme, consoleCall, pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3 } from './support/stack.js';

// Issue 41: two files and a folder checked in the listing download as one ZIP, saved by the
// browser itself (the download event's file is read back with unzip). Issue 43: one file
// downloads straight from the storage server, by a URL the console signs.

const { stack, browser } = stackAndBrowser();
const BUCKET = 'e2e-zip';
const SCHEMES: ColourScheme[] = ['light', 'dark'];
let s3: S3Client;

const put = (Key: string, Body: string) => s3.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body }));

async function record(page: Page, scheme: string, name: string): Promise<void> {
  await screenshot(page, `41-${scheme}-${name}`);
  const violations = await axeViolations(page);
  expect(violations, `${scheme}/${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

beforeAll(async () => {
  s3 = rootS3(stack());
  const page = await pageInScheme(browser(), stack(), 'light');
  const made = await consoleCall(page, stack().consoleUrl, 'POST', '/buckets', { name: BUCKET });
  expect(made.status(), await made.text()).toBeLessThan(300);
  await page.context().close();
  await put('trip/notes.txt', 'notes of the trip\n');
  await put('trip/route ✓.txt', 'route\n');
  await put('trip/skipped.txt', 'not selected\n');
  await put('trip/photos/cat.txt', 'a cat\n');
  await put('trip/photos/raw/dog.txt', 'a dog\n');
});
afterAll(() => s3?.destroy());

describe('download a selection as one ZIP', () => {
  test.each(SCHEMES)('two files and a folder, saved by the browser (%s)', async (scheme) => {
    const page = await pageInScheme(browser(), stack(), scheme);
    try {
      await page.goto(`${stack().consoleUrl}/buckets/${BUCKET}/browse/trip/`);
      const table = page.getByRole('table', { name: `Objects in ${BUCKET}/trip/` });
      await table.waitFor();
      const download = page.getByRole('button', { name: 'Download Selected' });
      expect(await download.isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: 'Select photos' }).check();
      await page.getByRole('checkbox', { name: 'Select notes.txt' }).check();
      await page.getByRole('checkbox', { name: 'Select route ✓.txt' }).check();
      await page.getByText('3 selected').waitFor();
      await record(page, scheme, 'zip-selection');

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe('trip.zip');
      const entries = await unzipEntries(await readFile((await file.path()) as string));
      expect([...entries.keys()].sort()).toEqual(
        ['notes.txt', 'photos/cat.txt', 'photos/raw/dog.txt', 'route ✓.txt'].sort(),
      );
      expect(entries.get('photos/raw/dog.txt')?.toString()).toBe('a dog\n');
      expect(entries.get('route ✓.txt')?.toString()).toBe('route\n');
      await page.getByText('Download process started, it may take a few moments to complete').waitFor();
      await record(page, scheme, 'zip-started');

      // Another folder starts with nothing selected.
      await page.getByRole('link', { name: 'photos', exact: true }).click();
      await page.getByRole('table', { name: `Objects in ${BUCKET}/trip/photos/` }).waitFor();
      expect(await page.getByText(/^\d+ selected$/).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Download Selected' }).isDisabled()).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});

describe('download one object', () => {
  test('straight from the storage server, saved under its own name', async () => {
    const page = await pageInScheme(browser(), stack(), 'light');
    try {
      await page.goto(`${stack().consoleUrl}/buckets/${BUCKET}/browse/trip/`);
      await page.getByRole('table', { name: `Objects in ${BUCKET}/trip/` }).waitFor();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download route ✓.txt' }).click(),
      ]);
      // The bytes came from the store's address, not the console's.
      expect(file.url().startsWith(`${stack().s3Url.replace(/\/$/, '')}/${BUCKET}/trip/`)).toBe(true);
      expect(file.suggestedFilename()).toBe('route ✓.txt');
      expect(await readFile((await file.path()) as string, 'utf8')).toBe('route\n');
      // The console's page stayed where it was.
      expect(new URL(page.url()).origin).toBe(stack().consoleUrl);
      await page.getByRole('table', { name: `Objects in ${BUCKET}/trip/` }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
