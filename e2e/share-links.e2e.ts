import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { type ColourScheme, consoleCall, pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3, type Stack } from './support/stack.js';

// Managed share links in Chromium against `stowage start`: a link made in Share File is listed
// on the Share links screen and, revoked there, answers 403; a drop link made from the folder
// toolbar opens without a session, takes a file under its limit and refuses one over it. Both
// themes are shot as 90-<scheme>-*.png and checked with axe.

const SCHEMES: readonly ColourScheme[] = ['light', 'dark'];
const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
let s3: S3Client;
const BUCKET = 'e2e-share';
const MIB = 1024 * 1024;

beforeAll(async () => {
  stack = env.stack();
  browser = env.browser();
  s3 = rootS3(stack);
  const page = await pageInScheme(browser, stack, 'light');
  const made = await consoleCall(page, stack.consoleUrl, 'POST', '/buckets', { name: BUCKET });
  expect(made.status(), await made.text()).toBeLessThan(300);
  await page.context().close();
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'docs/report.txt', Body: 'quarterly report\n' }));
});

afterAll(() => s3?.destroy());

const browse = (path: string) => `${stack.consoleUrl}/buckets/${BUCKET}/browse/${path}`;

async function checkAxe(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** A browser context with no session: what the recipient of a link has. */
async function stranger(scheme: ColourScheme) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
  return context;
}

describe('share links, end to end', () => {
  test('a link made in Share File is listed; revoked on the Share links screen, it answers 403', async () => {
    for (const scheme of SCHEMES) {
      const page = await pageInScheme(browser, stack, scheme);
      await page.goto(browse('docs/'));
      await page.getByRole('button', { name: 'Share report.txt' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share File' });
      const url = dialog.getByRole('textbox', { name: 'Share URL' });
      await expect
        .poll(() => url.inputValue(), { timeout: 15_000 })
        .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/e2e-share\/docs\/report\.txt\?/);
      await dialog.getByText('This link is recorded under Share links, where it can be revoked.').waitFor();
      const link = await url.inputValue();
      const outsider = await stranger(scheme);
      expect((await outsider.request.get(link)).status()).toBe(200);
      await page.keyboard.press('Escape');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Share Links' }).click();
      // Away from the link: axe checks the screen as it rests, not the sidebar's hover colours.
      await page.mouse.move(1200, 850);
      const table = page.getByRole('table', { name: 'Share links' });
      // Newest first: the first active row is the link just made.
      const row = table
        .getByRole('row')
        .filter({ hasText: `${BUCKET}/docs/report.txt` })
        .filter({ hasText: 'Active' })
        .first();
      await row.waitFor();
      await checkAxe(page, `${scheme}/share links`);
      await screenshot(page, `90-${scheme}-share-links`);
      await row.getByRole('button', { name: `Revoke link for ${BUCKET}/docs/report.txt` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke share link' });
      await confirm.waitFor();
      await checkAxe(page, `${scheme}/revoke dialog`);
      await screenshot(page, `90-${scheme}-share-links-revoke`);
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.getByText('Link revoked').first().waitFor();
      // The access key behind the link is gone: the store itself refuses it.
      expect((await outsider.request.get(link)).status()).toBe(403);
      await outsider.close();
      await page.context().close();
    }
  });

  test('a drop link takes a file under its limit, without a session, and refuses one over it', async () => {
    for (const scheme of SCHEMES) {
      const page = await pageInScheme(browser, stack, scheme);
      await page.goto(browse('docs/'));
      await page.getByRole('button', { name: 'Create drop link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create drop link' });
      const size = dialog.getByRole('textbox', { name: 'Largest file (MiB)' });
      await size.fill('1');
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const field = dialog.getByRole('textbox', { name: 'Drop link' });
      await field.waitFor();
      const dropUrl = await field.inputValue();
      expect(dropUrl).toMatch(new RegExp(`^${stack.consoleUrl}/drop/[A-Za-z0-9_-]+$`));
      await checkAxe(page, `${scheme}/create drop link`);
      await screenshot(page, `91-${scheme}-drop-link-made`);
      await page.context().close();

      const outsider = await stranger(scheme);
      const drop = await outsider.newPage();
      await drop.goto(dropUrl);
      await drop.getByRole('heading', { name: 'Upload files' }).waitFor();
      await drop.getByText(`Files you upload here go to ${BUCKET}/docs/.`).waitFor();
      await checkAxe(drop, `${scheme}/drop page`);
      await screenshot(drop, `91-${scheme}-drop-page`);

      const small = `small-${scheme}.txt`;
      await drop
        .locator('input[type="file"]')
        .setInputFiles({ name: small, mimeType: 'text/plain', buffer: Buffer.alloc(1000, 'a') });
      await drop.getByRole('button', { name: 'Upload' }).click();
      await drop.getByText(`${small} uploaded.`).waitFor();
      const landed = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `docs/${small}` }));
      expect(landed.ContentLength).toBe(1000);

      const big = `big-${scheme}.bin`;
      await drop.locator('input[type="file"]').setInputFiles({
        name: big,
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(MIB + 1, 'b'),
      });
      await drop.getByRole('button', { name: 'Upload' }).click();
      await expect
        .poll(() => drop.getByRole('alert').allTextContents())
        .toContain(`${big} is larger than this link allows (1.0 MiB).`);
      await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `docs/${big}` }))).rejects.toThrow();
      await checkAxe(drop, `${scheme}/drop page, refused`);
      await screenshot(drop, `92-${scheme}-drop-refused`);
      await outsider.close();
    }
  });
});
