import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.js';
import { logIn, stackAndBrowser } from './support/session.js';

// A screen whose code cannot be fetched (a release replaced the chunks, the network dropped)
// says so with a Reload button, in the real browser against the built app, never a blank page.

const { stack, browser } = stackAndBrowser();

describe('a screen that fails to load', () => {
  test('shows the message with Reload, and Reload brings the screen once its code arrives', async () => {
    const page = await browser().newPage();
    await logIn(page, stack().consoleUrl, stack().rootUser, stack().rootPassword);
    const chunk = /\/assets\/UsersPage-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort('connectionreset'));
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
    await alert.waitFor();
    // the shell stays: the sidebar is still there to go elsewhere
    expect(await page.getByRole('navigation').count()).toBe(1);
    await screenshot(page, '35-screen-failed-to-load');
    await page.unroute(chunk);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.close();
  });
});
