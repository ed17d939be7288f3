import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.js';
import { logIn, stackAndBrowser } from './support/session.js';
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
});
