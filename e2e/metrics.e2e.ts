import { describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { logIn, stackAndBrowser } from './support/session.js';

// /metrics (spec 000): the dashboard's widgets on the whole screen, no sidebar, in both themes.

const { stack, browser } = stackAndBrowser();

describe('/metrics', () => {
  test("the dashboard's widgets full screen with the time range, light and dark, no axe violations", async () => {
    const report: Record<string, AxeViolation[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
      const page = await context.newPage();
      await logIn(page, stack().consoleUrl, stack().rootUser, stack().rootPassword);
      await page.goto(`${stack().consoleUrl}/metrics`);
      await page.getByRole('heading', { level: 1, name: 'Metrics' }).waitFor();
      await page.getByRole('tab', { name: 'Summary' }).waitFor();
      await page.getByLabel('Start Time').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await page.getByRole('progressbar', { name: 'Loading the screen' }).count()).toBe(0);
      report[scheme] = await axeViolations(page);
      await screenshot(page, `35-${scheme}-metrics`);
      await context.close();
    }
    expect(report).toEqual({ light: [], dark: [] });
  });
});
