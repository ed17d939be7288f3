import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { type ColourScheme, consoleCall, logIn, pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3 } from './support/stack.js';

// Every action by keyboard, and the display settings beside light/dark: the help dialog ("?"),
// "g" chords, table rows by arrow keys, focus kept inside dialogs; high contrast measured with
// axe's AAA contrast rule (7:1) in both schemes; reduced motion taken from the system.

const env = stackAndBrowser();

const helpDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts and display' });

async function buckets(page: Page, names: string[]) {
  for (const name of names) {
    const res = await consoleCall(page, env.stack().consoleUrl, 'POST', '/buckets', { name });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
}

describe('by keyboard alone', () => {
  test('help, a chord to a page, rows by arrow keys, Enter opens, focus stays in a dialog', async () => {
    const page = await pageInScheme(env.browser(), env.stack(), 'light');
    await buckets(page, ['kb-files']);
    const s3 = rootS3(env.stack());
    for (const name of ['a.txt', 'b.txt', 'c.txt'])
      await s3.send(new PutObjectCommand({ Bucket: 'kb-files', Key: name, Body: name }));
    s3.destroy();
    await page.getByRole('navigation').waitFor();
    await page.keyboard.press('Shift+Slash');
    await helpDialog(page).waitFor();
    await screenshot(page, '94-light-shortcuts-help');
    expect(await axeViolations(page)).toEqual([]);
    // Tab cycles inside the dialog: focus never reaches the page behind it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await helpDialog(page).waitFor({ state: 'hidden' });

    await page.keyboard.press('g');
    await page.keyboard.press('b');
    await page.waitForURL(/\/buckets$/);
    await page.getByRole('article', { name: 'kb-files' }).waitFor();

    await page.goto(`${env.stack().consoleUrl}/buckets/kb-files/browse`);
    const rows = page.getByRole('table', { name: /^Objects in / }).getByRole('row');
    await rows.filter({ hasText: 'a.txt' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('b.txt');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/buckets\/kb-files\/browse\/b\.txt$/);
    await page.context().close();
  }, 120_000);
});

describe('high contrast', () => {
  for (const scheme of ['light', 'dark'] as ColourScheme[])
    test(`${scheme}: switched on in the help dialog, every text reaches 7:1`, async () => {
      const page = await pageInScheme(env.browser(), env.stack(), scheme);
      await buckets(page, [`hc-${scheme}`]);
      await page.getByRole('navigation').waitFor();
      await page.goto(`${env.stack().consoleUrl}/buckets`);
      await page.getByRole('article', { name: `hc-${scheme}` }).waitFor();
      // Normal contrast meets AA only: the AAA rule finds muted text below 7:1.
      expect((await axeViolations(page, { rules: ['color-contrast-enhanced'] })).length).toBeGreaterThan(0);
      await page.keyboard.press('Shift+Slash');
      await helpDialog(page)
        .getByRole('switch', { name: /High contrast/ })
        .check();
      await page.keyboard.press('Escape');
      await helpDialog(page).waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.documentElement.dataset.contrast)).toBe('high');
      await screenshot(page, `95-${scheme}-high-contrast-buckets`);
      expect(await axeViolations(page, { rules: ['color-contrast-enhanced'] })).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      // Kept for the next visit.
      await page.reload();
      await page.getByRole('article', { name: `hc-${scheme}` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.contrast)).toBe('high');
      await page.context().close();
    }, 120_000);
});

describe('reduced motion', () => {
  test("follows the system's setting: dialogs open without a transition", async () => {
    const context = await env
      .browser()
      .newContext({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await logIn(page, env.stack().consoleUrl, env.stack().rootUser, env.stack().rootPassword);
    expect(await page.evaluate(() => document.documentElement.dataset.motion)).toBe('reduce');
    await page.getByRole('navigation').waitFor();
    await page.keyboard.press('Shift+Slash');
    const dialog = helpDialog(page);
    await dialog.waitFor();
    const longest = await dialog.evaluate((el) => {
      let max = 0;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        for (const d of [...style.transitionDuration.split(','), ...style.animationDuration.split(',')])
          max = Math.max(max, Number.parseFloat(d) || 0);
      }
      return max;
    });
    expect(longest).toBeLessThan(0.001);
    await context.close();
  }, 120_000);
});
