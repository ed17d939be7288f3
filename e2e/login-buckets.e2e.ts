import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { type Stack, startStack } from './support/stack.js';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function login(page: Page, user: string, password: string) {
  await page.getByLabel('Enter Username').fill(user);
  await page.getByLabel('Enter Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('first slice, end to end', () => {
  test('log in with the printed root credentials, see a bucket made through S3, log out', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.consoleUrl}/`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Console Login' }).waitFor({ state: 'visible' });
    await screenshot(page, '01-login');

    await login(page, stack.rootUser, stack.rootPassword);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.getByRole('navigation').getByRole('link', { name: 'Buckets' }).click();
    await page.waitForURL(/\/buckets$/);
    await page.getByRole('heading', { name: 'Buckets' }).first().waitFor();
    await screenshot(page, '02-buckets-empty');

    const s3 = new S3Client({
      endpoint: stack.s3Url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: stack.rootUser, secretAccessKey: stack.rootPassword },
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'e2e-demo' }));
    s3.destroy();

    await page.reload();
    const card = page.getByRole('article', { name: 'e2e-demo' });
    await card.waitFor();
    await card.getByText('R/W').waitFor({ state: 'visible' });
    await screenshot(page, '03-buckets-with-card');

    await page
      .getByRole('button', { name: 'Logout' })
      .or(page.getByRole('link', { name: 'Logout' }))
      .click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Console Login' }).waitFor();
    await screenshot(page, '04-logged-out');

    // The session is revoked on the server, not just forgotten by the browser.
    const session = await page.request.get(`${stack.consoleUrl}/api/v1/session`);
    expect(session.status()).toBe(401);
    await page.close();
  });

  test('wrong credentials show the Error banner with the server message', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.consoleUrl}/login`);
    await login(page, stack.rootUser, 'not-the-password');
    const banner = page.getByRole('alert').filter({ hasText: 'Error' });
    await banner.waitFor();
    await banner.getByText('Invalid Login').waitFor({ state: 'visible' });
    await screenshot(page, '05-login-error');
    await page.close();
  });
});
