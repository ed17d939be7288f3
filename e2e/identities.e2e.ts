import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { consoleCall, logIn, pageInScheme, stackAndBrowser } from './support/session.js';
import type { Stack } from './support/stack.js';

// Users and groups through the web app against the real stack: what the dialogs send is
// what the store ends up holding.

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
beforeAll(() => {
  stack = env.stack();
  browser = env.browser();
});

async function loggedIn(): Promise<Page> {
  const page = await browser.newPage();
  await logIn(page, stack.consoleUrl, stack.rootUser, stack.rootPassword);
  return page;
}

describe('users and groups, end to end', () => {
  test('create a user with a policy, make a group with it, and see the membership', async () => {
    const page = await loggedIn();
    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(/\/users$/);

    await page.getByRole('button', { name: 'Create User' }).click();
    const create = page.getByRole('dialog', { name: 'Create User' });
    await create.getByLabel('Access Key').fill('e2e-user');
    await create.getByLabel('Secret Key').fill('short');
    await create.getByText('Passwords must be at least 8 characters long').waitFor();
    await create.getByLabel('Secret Key').fill('e2e-user-secret');
    await create.getByRole('checkbox', { name: 'readonly' }).check();
    await screenshot(page, '10-create-user');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'e2e-user' });
    await row.getByRole('cell', { name: 'readonly' }).waitFor();
    // Root is not a listed user (as with MinIO); every listed user can be deleted by root.
    expect(await page.getByRole('button', { name: 'Delete e2e-user' }).isEnabled()).toBe(true);

    await page.getByRole('navigation').getByRole('link', { name: 'Groups' }).click();
    await page.waitForURL(/\/groups$/);
    await page.getByRole('button', { name: 'Create Group' }).click();
    const group = page.getByRole('dialog', { name: 'Create Group' });
    await group.getByLabel('Group Name').fill('e2e-group');
    await group.getByRole('checkbox', { name: 'e2e-user' }).check();
    await group.getByRole('button', { name: 'Save' }).click();
    await group.waitFor({ state: 'hidden' });
    await page
      .getByRole('table', { name: 'Groups' })
      .getByRole('cell', { name: 'e2e-group', exact: true })
      .waitFor();
    await screenshot(page, '11-groups');

    await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: 'e2e-user' })
      .getByRole('cell', { name: 'e2e-group', exact: true })
      .waitFor();

    // The store holds what the dialogs sent.
    const user = await page.request.get(`${stack.consoleUrl}/api/v1/user?name=e2e-user`);
    expect(await user.json()).toMatchObject({
      accessKey: 'e2e-user',
      memberOf: ['e2e-group'],
      policy: ['readonly'],
    });
    await page.close();
  });

  test('Edit User disables the user in one update; the user can no longer log in (both themes, axe clean)', async () => {
    const root = await loggedIn();
    const created = await consoleCall(root, stack.consoleUrl, 'POST', '/users', {
      accessKey: 'e2e-editable',
      secretKey: 'e2e-editable-secret',
      groups: [],
      policies: ['readonly'],
    });
    expect(created.status(), await created.text()).toBe(201);
    await root.close();

    const report: Record<string, AxeViolation[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      const page = await pageInScheme(browser, stack, scheme);
      await page.goto(`${stack.consoleUrl}/users/e2e-editable`);
      await page.getByRole('button', { name: 'Edit e2e-editable' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit User' });
      const status = dialog.getByRole('switch', { name: 'Status' });
      // Opened again (dark), the switch shows what the store now holds.
      expect(await status.isChecked()).toBe(scheme === 'light');
      if (scheme === 'light') await status.click({ force: true });
      report[scheme] = await axeViolations(page);
      await screenshot(page, `36-${scheme}-edit-user`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.context().close();
    }
    expect(report).toEqual({ light: [], dark: [] });

    const check = await browser.newPage();
    await logIn(check, stack.consoleUrl, stack.rootUser, stack.rootPassword);
    const user = await check.request.get(`${stack.consoleUrl}/api/v1/user?name=e2e-editable`);
    expect(await user.json()).toMatchObject({ accessKey: 'e2e-editable', status: 'disabled' });
    await check.context().clearCookies();
    await check.goto(`${stack.consoleUrl}/login`);
    await check.getByLabel('Enter Username').fill('e2e-editable');
    await check.getByLabel('Enter Password').fill('e2e-editable-secret');
    await check.getByRole('button', { name: 'Login' }).click();
    await check.getByRole('alert').waitFor();
    expect(new URL(check.url()).pathname).toMatch(/\/login$/);
    await check.close();
  });
});
