import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { logIn, pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3 } from './support/stack.js';

// Issue 36, permissions: a user whose policy lets them browse a bucket but not change it sees
// the mutating controls disabled, each naming the action it lacks (tooltip and accessible
// description), while root sees the same controls enabled. Real store, real policy, real login.

const { stack, browser } = stackAndBrowser();
const SCHEMES = ['light', 'dark'] as const;
const BUCKET = 'e2e-perms';
const VIEWER = 'e2e-viewer';
const VIEWER_SECRET = 'viewer-secret-1';

// Reads everywhere; writes only on scratch-* buckets. The bucket pages' actions are all granted
// somewhere, so the pages open; on e2e-perms the writes are denied.
const BROWSE_ONLY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Action: ['s3:Get*', 's3:List*', 's3:HeadBucket'],
      Resource: ['arn:aws:s3:::*'],
    },
    {
      Effect: 'Allow',
      Action: [
        's3:CreateBucket',
        's3:DeleteBucket',
        's3:PutObject',
        's3:DeleteObject',
        's3:AbortMultipartUpload',
        's3:PutBucketPolicy',
        's3:DeleteBucketPolicy',
      ],
      Resource: ['arn:aws:s3:::scratch-*', 'arn:aws:s3:::scratch-*/*'],
    },
  ],
});

/** A console API call as the page's session (cookie and CSRF token). */
async function api(page: Page, method: string, path: string, body?: unknown) {
  const csrf = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const res = await page.request.fetch(`${stack().consoleUrl}/api/v1${path}`, {
    method,
    headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
}

/** The reason a denied control carries: its accessible description. */
async function reasonOf(page: Page, name: string): Promise<string> {
  const control = page.getByRole('button', { name, exact: true });
  const id = await control.getAttribute('aria-describedby');
  return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
}

async function record(page: Page, scheme: string, name: string): Promise<void> {
  await screenshot(page, `36-${scheme}-${name}`);
  const violations = await axeViolations(page);
  expect(violations, `${scheme}/${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

beforeAll(async () => {
  await rootS3(stack()).send(new CreateBucketCommand({ Bucket: BUCKET }));
  const page = await browser().newPage();
  await logIn(page, stack().consoleUrl, stack().rootUser, stack().rootPassword);
  await api(page, 'POST', '/policies', { name: 'e2e-browse-only', policy: BROWSE_ONLY });
  await api(page, 'POST', '/users', {
    accessKey: VIEWER,
    secretKey: VIEWER_SECRET,
    groups: [],
    policies: ['e2e-browse-only'],
  });
  await page.close();
});

describe('controls the session may not use', () => {
  test.each(SCHEMES)('are disabled for a browse-only user, naming the action (%s)', async (scheme) => {
    const page = await pageInScheme(browser(), stack(), scheme, VIEWER, VIEWER_SECRET);
    try {
      await page.goto(`${stack().consoleUrl}/buckets/${BUCKET}/browse`);
      // The answer to the permission check arrives after the page: wait for the control to turn.
      await page.locator('[data-missing-permission="s3:PutObject"]').first().waitFor();
      expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
      expect(await reasonOf(page, 'Upload')).toBe('You need the s3:PutObject permission');
      // Hovering the disabled control shows the same reason.
      await page.locator('[data-missing-permission="s3:PutObject"]').first().hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      expect(await tooltip.textContent()).toBe('You need the s3:PutObject permission');
      await record(page, scheme, 'permissions-browse');

      await page.goto(`${stack().consoleUrl}/buckets/${BUCKET}/admin/summary`);
      await page.locator('[data-missing-permission="s3:DeleteBucket"]').waitFor();
      expect(await page.getByRole('button', { name: 'Delete bucket', exact: true }).isDisabled()).toBe(true);
      expect(await reasonOf(page, 'Delete bucket')).toBe('You need the s3:DeleteBucket permission');
      // Keyboard users reach the reason too: the wrapper takes focus and opens the tooltip.
      await page.locator('[data-missing-permission="s3:DeleteBucket"]').focus();
      await page.getByRole('tooltip', { name: 'You need the s3:DeleteBucket permission' }).waitFor();
      await record(page, scheme, 'permissions-bucket');

      // Creating a bucket is allowed (on scratch-* names), so its button stays enabled.
      await page.goto(`${stack().consoleUrl}/buckets`);
      const create = page.getByRole('button', { name: 'Create Bucket', exact: true });
      await create.waitFor();
      expect(await create.isDisabled()).toBe(false);
    } finally {
      await page.context().close();
    }
  });

  test('root sees the same controls enabled', async () => {
    const page = await pageInScheme(browser(), stack(), 'light');
    /** Resolves once the server has answered the check of `action`, so "enabled" means allowed. */
    const answered = (action: string) =>
      page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/has-permission') && (r.request().postData() ?? '').includes(action),
      );
    try {
      const putObject = answered('s3:PutObject');
      await page.goto(`${stack().consoleUrl}/buckets/${BUCKET}/browse`);
      await putObject;
      expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(false);
      expect(await page.locator('[data-missing-permission]').count()).toBe(0);

      const deleteBucket = answered('s3:DeleteBucket');
      await page.goto(`${stack().consoleUrl}/buckets/${BUCKET}/admin/summary`);
      await deleteBucket;
      expect(await page.getByRole('button', { name: 'Delete bucket', exact: true }).isDisabled()).toBe(false);
      expect(await page.locator('[data-missing-permission]').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
