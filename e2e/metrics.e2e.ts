import { describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageInScheme, stackAndBrowser } from './support/session.js';

// /metrics (spec 000): the dashboard's widgets on the whole screen, no sidebar, in both themes.

const { stack, browser } = stackAndBrowser();

describe('/metrics', () => {
  test("the dashboard's widgets full screen with the time range, light and dark, no axe violations", async () => {
    const report: Record<string, AxeViolation[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      const page = await pageInScheme(browser(), stack(), scheme);
      await page.goto(`${stack().consoleUrl}/metrics`);
      await page.getByRole('heading', { level: 1, name: 'Metrics' }).waitFor();
      await page.getByRole('tab', { name: 'Summary' }).waitFor();
      await page.getByLabel('Start Time').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await page.getByRole('progressbar', { name: 'Loading the screen' }).count()).toBe(0);
      report[scheme] = await axeViolations(page);
      await screenshot(page, `35-${scheme}-metrics`);
      await page.context().close();
    }
    expect(report).toEqual({ light: [], dark: [] });
  });
});
