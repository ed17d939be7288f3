import { MadminClient } from '@stowage/madmin';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { logIn, pageInScheme, stackAndBrowser } from './support/session.js';

// The dashboard (spec 001 §7, §9): each widget loads on its own, and the arrangement a user
// makes in Customize mode is kept for that user across reloads; another user on the same
// browser sees the default.

const { stack, browser } = stackAndBrowser();
const OTHER = { user: 'dashviewer', password: 'dashviewer-secret' };

beforeAll(async () => {
  const admin = new MadminClient({
    endpoint: stack().s3Url,
    credentials: { accessKey: stack().rootUser, secretKey: stack().rootPassword },
  });
  await admin.users.add(OTHER.user, OTHER.password);
  await admin.policies.set(['consoleAdmin'], OTHER.user, false);
});

/** The widget titles on the Summary tab, in screen order. */
async function summaryTitles(page: Page): Promise<string[]> {
  const panel = page.getByRole('tabpanel', { name: 'Summary' });
  await panel.getByRole('region').first().waitFor();
  return panel.getByRole('region').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

async function openDashboard(page: Page) {
  await page.goto(`${stack().consoleUrl}/dashboard`);
  await page.getByRole('tab', { name: 'Summary' }).waitFor();
  await page.getByRole('tabpanel', { name: 'Summary' }).getByRole('region').first().waitFor();
}

describe('dashboard layout per user', () => {
  test('arrange, reload, still arranged; another user sees the default; the first keeps theirs', async () => {
    const page = await pageInScheme(browser(), stack(), 'light');
    await openDashboard(page);
    const initial = await summaryTitles(page);
    expect(initial.length).toBeGreaterThan(2);
    const [first, second] = initial as [string, string];

    await page.getByRole('button', { name: 'Customize' }).click();
    await page.getByRole('button', { name: `Move ${second} up` }).click();
    await page.getByRole('button', { name: `Hide ${first}` }).click();
    expect((await summaryTitles(page)).slice(0, 2)).toEqual([second, first]);
    await page.getByRole('button', { name: 'Done' }).click();
    const arranged = initial.filter((t) => t !== first && t !== second);
    expect(await summaryTitles(page)).toEqual([second, ...arranged]);

    await page.reload();
    await openDashboard(page);
    expect(await summaryTitles(page)).toEqual([second, ...arranged]);

    // Another user on the same browser (same local storage).
    await page.context().clearCookies();
    await logIn(page, stack().consoleUrl, OTHER.user, OTHER.password);
    await openDashboard(page);
    expect(await summaryTitles(page)).toEqual(initial);

    await page.context().clearCookies();
    await logIn(page, stack().consoleUrl, stack().rootUser, stack().rootPassword);
    await openDashboard(page);
    expect(await summaryTitles(page)).toEqual([second, ...arranged]);
    await page.context().close();
  });

  test('Customize mode in light and dark, no axe violations', async () => {
    const report: Record<string, AxeViolation[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      const page = await pageInScheme(browser(), stack(), scheme);
      await openDashboard(page);
      const [first] = (await summaryTitles(page)) as [string];
      await page.getByRole('button', { name: 'Customize' }).click();
      await page.getByRole('button', { name: `Hide ${first}` }).click();
      await page.getByRole('button', { name: 'Reset layout' }).waitFor();
      await page.waitForLoadState('networkidle');
      report[scheme] = await axeViolations(page);
      await screenshot(page, `38-${scheme}-dashboard-customize`);
      await page.context().close();
    }
    expect(report).toEqual({ light: [], dark: [] });
  });
});
