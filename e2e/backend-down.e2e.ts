import { startConsole } from '@stowage/console-api';
import { closedPort } from '@stowage/test-support/peers/free-port';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { startFrontProxy } from './support/front-proxy.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('a stopped backend shows the Retry state, and Retry recovers once it is back', async () => {
  const apiPort = await closedPort();
  const front = await startFrontProxy(apiPort);
  const page = await browser.newPage();
  try {
    await page.goto(`${front.url}/login`);
    await page.getByText('An error has occurred, the backend cannot be reached.').waitFor();
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ state: 'visible' });
    await screenshot(page, '06-backend-unreachable');

    // The backend comes up (its storage server need not be, for the login strategy).
    const api = await startConsole({ serverUrl: 'http://127.0.0.1:9', port: apiPort });
    try {
      await retry.click();
      await page.getByRole('heading', { name: 'Console Login' }).waitFor();
      await screenshot(page, '07-backend-back');
    } finally {
      await api.close();
    }
  } finally {
    await page.close();
    await front.close();
  }
});
