import {
  CreateBucketCommand,
  GetBucketLifecycleConfigurationCommand,
  PutBucketVersioningCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3, type Stack, type Store, startStore } from './support/stack.js';

// Spec 002 §2.1 "Tiers" through the web app against the real `stowage start` (four drives, so a
// distributed setup): a MinIO-type tier pointing at a second real store process is added from
// Settings, the store checks it can reach that store's bucket, and the tier is listed. Each
// screen is checked with axe in both themes; the list is shot as 36-<scheme>-tiers.png.
// Then a bucket's Lifecycle tab transitions to that tier and sets the noncurrent, delete-marker
// and unfinished-upload actions; a real S3 client reads the stored XML back.

const SCHEMES = ['light', 'dark'] as const;
const TIER = 'E2E-COLD';
const REMOTE_BUCKET = 'cold-tier';

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
let remote: Store;
let remoteS3: S3Client;
let s3: S3Client;
const BUCKET = 'e2e-aging';

beforeAll(async () => {
  stack = env.stack();
  browser = env.browser();
  remote = await startStore('tier-admin', 'tier-admin-secret');
  remoteS3 = rootS3(remote);
  await remoteS3.send(new CreateBucketCommand({ Bucket: REMOTE_BUCKET }));
  s3 = rootS3(stack);
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  await s3.send(
    new PutBucketVersioningCommand({ Bucket: BUCKET, VersioningConfiguration: { Status: 'Enabled' } }),
  );
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  remoteS3?.destroy();
  await remote?.stop();
});

async function checkAxe(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('Settings → Tiers', () => {
  test('a MinIO tier pointing at a second store is added from the UI and listed, in both themes', async () => {
    for (const scheme of SCHEMES) {
      const page = await pageInScheme(browser, stack, scheme);
      await page.goto(`${stack.consoleUrl}/settings`);
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Tiers' }).click();
      const table = page.getByRole('table', { name: 'Tiers' });

      if (scheme === 'light') {
        await page.getByText('There are no tiers yet').waitFor();
        await page.getByRole('link', { name: 'Add Tier' }).click();
        const types = page.getByRole('list', { name: 'Tier types' });
        await types.waitFor();
        await checkAxe(page, `${scheme}/type choice`);
        await types.getByRole('link', { name: /^MinIO/ }).click();
        await page.getByRole('heading', { name: 'Add Tier Configuration' }).waitFor();
        expect(await page.getByRole('textbox', { name: /^Endpoint/ }).inputValue()).toBe('');
        await page.getByRole('textbox', { name: /^Name/ }).fill(TIER.toLowerCase());
        await page.getByRole('textbox', { name: /^Endpoint/ }).fill(remote.s3Url);
        await page.getByRole('textbox', { name: /^Access Key/ }).fill(remote.rootUser);
        await page.getByLabel(/^Secret Key/).fill(remote.rootPassword);
        await page.getByRole('textbox', { name: /^Bucket/ }).fill(REMOTE_BUCKET);
        await page.getByRole('textbox', { name: /^Prefix/ }).fill('tiered/');
        await page.getByRole('textbox', { name: /^Region/ }).fill('us-east-1');
        await checkAxe(page, `${scheme}/add tier form`);
        await screenshot(page, `36-${scheme}-tiers-add`);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/settings\/tiers$/);
      }

      const row = table.getByRole('row').filter({ hasText: TIER });
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      // The MinIO choice is sent as s3 (spec 002 §3).
      expect(cells.slice(0, 6)).toEqual([TIER, 'S3', remote.s3Url, REMOTE_BUCKET, 'tiered/', 'us-east-1']);
      // The server's tier statistics: nothing has moved to the tier yet.
      expect(cells.slice(6, 9)).toEqual(['0', '0', '0 B']);
      await checkAxe(page, `${scheme}/tiers list`);
      await screenshot(page, `36-${scheme}-tiers`);

      await row.getByRole('button', { name: `Update credentials of ${TIER}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Credentials' });
      await dialog.waitFor();
      await checkAxe(page, `${scheme}/update credentials`);
      // The same keys again: the store checks the tier with them before it keeps them.
      await dialog.getByRole('textbox', { name: /^Access Key/ }).fill(remote.rootUser);
      await dialog.getByLabel(/^Secret Key/).fill(remote.rootPassword);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.context().close();
    }
  });

  test('a tier whose bucket the remote store lacks is refused with the server message', async () => {
    const page = await pageInScheme(browser, stack, 'light');
    await page.goto(`${stack.consoleUrl}/settings/tiers/add/minio`);
    await page.getByRole('textbox', { name: /^Name/ }).fill('E2E-MISSING');
    await page.getByRole('textbox', { name: /^Endpoint/ }).fill(remote.s3Url);
    await page.getByRole('textbox', { name: /^Access Key/ }).fill(remote.rootUser);
    await page.getByLabel(/^Secret Key/).fill(remote.rootPassword);
    await page.getByRole('textbox', { name: /^Bucket/ }).fill('no-such-bucket');
    await page.getByRole('textbox', { name: /^Prefix/ }).fill('p/');
    await page.getByRole('textbox', { name: /^Region/ }).fill('us-east-1');
    await page.getByRole('button', { name: 'Save' }).click();
    const banner = page.getByRole('alert');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/bucket/i);
    expect(page.url()).toMatch(/\/settings\/tiers\/add\/minio$/);
    await page.context().close();
  });

  test('a bucket lifecycle rule transitions to the tier; another expires noncurrent versions', async () => {
    for (const scheme of SCHEMES) {
      const page = await pageInScheme(browser, stack, scheme);
      await page.goto(`${stack.consoleUrl}/buckets/${BUCKET}/admin/lifecycle`);
      await page.getByRole('button', { name: 'Add Lifecycle Rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Lifecycle Rule' });
      await dialog.waitFor();
      if (scheme === 'light') {
        await dialog.getByText('Transition', { exact: true }).click();
        await dialog.getByRole('textbox', { name: 'Prefix' }).fill('old/');
        await dialog.getByRole('textbox', { name: 'Days', exact: true }).fill('30');
        await dialog.getByRole('combobox', { name: /^Storage Class/ }).click();
        await page.getByRole('option', { name: TIER }).click();
        await dialog.getByRole('textbox', { name: 'Days after becoming noncurrent' }).fill('7');
        await checkAxe(page, `${scheme}/add transition rule`);
        await screenshot(page, `36-${scheme}-lifecycle-transition`);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: 'Add Lifecycle Rule' }).click();
        await dialog.waitFor();
      }
      // the expiry form, its new fields filled
      await dialog.getByRole('textbox', { name: 'Prefix' }).fill(`${scheme}/`);
      await dialog.getByRole('checkbox', { name: /Remove expired delete markers/ }).check();
      await dialog.getByRole('textbox', { name: 'Days after becoming noncurrent' }).fill('14');
      await dialog.getByRole('textbox', { name: 'Newer noncurrent versions to keep' }).fill('3');
      await dialog
        .getByRole('textbox', { name: 'Abort incomplete multipart uploads after (days)' })
        .fill('2');
      await checkAxe(page, `${scheme}/add expiry rule`);
      await screenshot(page, `36-${scheme}-lifecycle-expiry`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const table = page.getByRole('table', { name: 'Lifecycle' });
      const row = table.getByRole('row').filter({ hasText: `${scheme}/` });
      await row.waitFor();
      expect((await row.getByRole('cell').allTextContents())[3]).toBe(
        'expired delete markers; noncurrent after 14 day(s); keep 3 newer; uploads after 2 day(s)',
      );
      if (scheme === 'light') {
        const moved = table.getByRole('row').filter({ hasText: 'old/' });
        expect((await moved.getByRole('cell').allTextContents()).slice(4, 6)).toEqual([
          '30 day(s); noncurrent after 7 day(s)',
          TIER,
        ]);
      }
      await checkAxe(page, `${scheme}/lifecycle rules`);
      await screenshot(page, `36-${scheme}-lifecycle`);
      // The Edit modal shows the same actions; closing it changes nothing.
      await row.getByRole('button', { name: /^Edit rule/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Lifecycle Configuration' });
      await edit.waitFor();
      expect(
        await edit.getByRole('textbox', { name: 'Newer noncurrent versions to keep' }).inputValue(),
      ).toBe('3');
      await checkAxe(page, `${scheme}/edit lifecycle rule`);
      await screenshot(page, `36-${scheme}-lifecycle-edit`);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.context().close();
    }

    // What the store keeps, as any S3 client reads it.
    const { Rules = [] } = await s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket: BUCKET }));
    const byPrefix = (prefix: string) =>
      Rules.find((r) => (r.Filter?.Prefix ?? r.Filter?.And?.Prefix) === prefix);
    expect(byPrefix('old/')).toMatchObject({
      Status: 'Enabled',
      Transitions: [{ Days: 30, StorageClass: TIER }],
      NoncurrentVersionTransitions: [{ NoncurrentDays: 7, StorageClass: TIER }],
    });
    for (const scheme of SCHEMES)
      expect(byPrefix(`${scheme}/`)).toMatchObject({
        Status: 'Enabled',
        Expiration: { ExpiredObjectDeleteMarker: true },
        NoncurrentVersionExpiration: { NoncurrentDays: 14, NewerNoncurrentVersions: 3 },
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 2 },
      });
  });
});
