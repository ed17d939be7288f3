import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageInScheme, stackAndBrowser } from './support/session.js';

// Spec 002 §2.8 (the Licence page, console mode) and §2.2 (the webhook pages) through the web
// app against the real `stowage start`: the open-source licence with its full text and the plan
// table, every external link with ref=con; a logger webhook target added from its page, listed
// and found with the filter box. Each screen is checked with axe and shot in both themes.

const { stack, browser } = stackAndBrowser();
const SCHEMES = ['light', 'dark'] as const;

/** The screenshot e2e/screenshots/36-<scheme>-<name>.png and axe, of the page as it is now. */
async function record(page: Page, scheme: string, name: string): Promise<void> {
  await screenshot(page, `36-${scheme}-${name}`);
  const violations = await axeViolations(page);
  expect(violations, `${scheme}/${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('Licence page', () => {
  test.each(SCHEMES)('the open-source licence, its full text and the plans (%s)', async (scheme) => {
    const page = await pageInScheme(browser(), stack(), scheme);
    try {
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`${stack().consoleUrl}/license`);
      await page.getByRole('heading', { name: 'GNU Affero General Public License' }).waitFor();
      const table = page.getByRole('table', { name: 'Plan comparison' });
      expect(await table.getByRole('columnheader', { name: /Community/ }).getAttribute('aria-current')).toBe(
        'true',
      );
      expect(await table.getByText('Current Plan').count()).toBe(1);
      const external = await page
        .getByRole('main')
        .getByRole('link')
        .evaluateAll((links) =>
          links
            .map((a) => ({
              href: (a as HTMLAnchorElement).href,
              rel: a.getAttribute('rel'),
              target: a.getAttribute('target'),
            }))
            .filter((l) => !l.href.startsWith(window.location.origin)),
        );
      expect(external.length).toBeGreaterThanOrEqual(5);
      for (const link of external) {
        expect(new URL(link.href).searchParams.get('ref'), link.href).toBe('con');
        expect(link).toMatchObject({ rel: 'noopener noreferrer', target: '_blank' });
      }
      await record(page, scheme, 'license');

      await page.getByRole('button', { name: /Version 3/ }).click();
      const dialog = page.getByRole('dialog', { name: 'GNU Affero General Public License, Version 3' });
      await dialog.getByText(/13\. Remote Network Interaction/).waitFor();
      await record(page, scheme, 'license-text');
      // No licensing service is asked: every request stays on the console's own origin.
      const origin = new URL(stack().consoleUrl).origin;
      expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe('webhook pages', () => {
  test.each(SCHEMES)('a logger webhook added from its page is listed and filtered (%s)', async (scheme) => {
    const page = await pageInScheme(browser(), stack(), scheme);
    const name = `e2e-${scheme}`;
    try {
      await page.goto(`${stack().consoleUrl}/webhook/logger`);
      await page.getByRole('heading', { name: 'Logger Webhook Configuration' }).waitFor();
      await page.getByRole('button', { name: 'Add Webhook Configuration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Webhook Configuration' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      // Port 9 (discard) refuses: the target is stored though nothing listens.
      await dialog.getByRole('textbox', { name: 'Endpoint' }).fill(`http://127.0.0.1:9/${name}`);
      await dialog.getByLabel('Auth Token').fill('Bearer e2e-token');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const table = page.getByRole('table', { name: 'Logger Webhook Configuration' });
      await table.getByText(`http://127.0.0.1:9/${name}`).waitFor();
      await page.getByRole('searchbox', { name: 'Filter webhooks' }).fill(name);
      await table.getByText(name, { exact: true }).waitFor();
      await record(page, scheme, 'webhook-logger');
      await page.getByRole('searchbox', { name: 'Filter webhooks' }).fill('no-such-webhook');
      await page.getByText('No webhook matches the filter').waitFor();
      expect(await table.getByText(name, { exact: true }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
