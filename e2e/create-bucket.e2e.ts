import { GetBucketVersioningCommand, GetObjectLockConfigurationCommand, S3Client } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.js';
import { logIn, stackAndBrowser } from './support/session.js';
import type { Stack } from './support/stack.js';

// Create Bucket through the web app: what the dialog asks for is what the store sets up.

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
beforeAll(() => {
  stack = env.stack();
  browser = env.browser();
});

describe('Create Bucket, end to end', () => {
  test('a versioned, locked bucket with retention and a quota', async () => {
    const page = await browser.newPage();
    await logIn(page, stack.consoleUrl, stack.rootUser, stack.rootPassword);
    await page.goto(`${stack.consoleUrl}/buckets`);
    await page.getByRole('button', { name: 'Create Bucket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Bucket' });
    await dialog.getByRole('textbox', { name: 'Bucket Name' }).fill('e2e-locked');
    await dialog.getByRole('switch', { name: /^Versioning/ }).check({ force: true });
    await dialog.getByRole('switch', { name: /^Retention/ }).check({ force: true });
    expect(await dialog.getByRole('switch', { name: /^Object Locking/ }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Validity' }).fill('3');
    await dialog.getByRole('switch', { name: /^Quota/ }).check({ force: true });
    await dialog.getByRole('textbox', { name: 'Quota' }).fill('2');
    await screenshot(page, '50-create-bucket');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('article', { name: 'e2e-locked' }).waitFor();

    const s3 = new S3Client({
      endpoint: stack.s3Url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: stack.rootUser, secretAccessKey: stack.rootPassword },
    });
    expect((await s3.send(new GetBucketVersioningCommand({ Bucket: 'e2e-locked' }))).Status).toBe('Enabled');
    const lock = await s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'e2e-locked' }));
    expect(lock.ObjectLockConfiguration?.ObjectLockEnabled).toBe('Enabled');
    expect(lock.ObjectLockConfiguration?.Rule?.DefaultRetention).toMatchObject({
      Mode: 'COMPLIANCE',
      Days: 3,
    });
    const quota = await page.request.get(`${stack.consoleUrl}/api/v1/buckets/e2e-locked/quota`);
    expect(await quota.json()).toMatchObject({ quota: 2 * 1024 ** 4, type: 'hard' });
    s3.destroy();
    await page.close();
  });
});
