import { readFile, writeFile } from 'node:fs/promises';
import { CreateBucketCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { SHOTS, screenshot } from './support/browser.js';
import { logIn as logInAs, stackAndBrowser } from './support/session.js';
import type { Stack } from './support/stack.js';

// Spec 000 through the web app against the real stack: identities, service accounts and
// credentials.json, passwords, a configuration with the restart bar, the sidebar a readonly
// user sees, and every screen in light and dark with an axe report.

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
beforeAll(() => {
  stack = env.stack();
  browser = env.browser();
});

const logIn = (page: Page, user: string, password: string) => logInAs(page, stack.consoleUrl, user, password);

const asRoot = async () => {
  const page = await browser.newPage({ acceptDownloads: true });
  await logIn(page, stack.rootUser, stack.rootPassword);
  return page;
};

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
}

async function createUser(page: Page, name: string, secret: string, policy?: string) {
  await page.goto(`${stack.consoleUrl}/users`);
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Access Key').fill(name);
  await dialog.getByLabel('Secret Key').fill(secret);
  if (policy) await dialog.getByRole('checkbox', { name: policy, exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The routes the sidebar can list (spec 000 §2; the Heal entry is hidden). */
const SIDEBAR_PAGES = [
  '/dashboard',
  '/buckets',
  '/users',
  '/groups',
  '/account',
  '/policies',
  '/settings',
  '/logs',
  '/watch',
  '/trace',
  '/health-info',
  '/tenants',
  '/storage',
  '/license',
  '/share-links',
  '/jobs',
];

const sidebarLinks = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link')
    .evaluateAll((links) =>
      links
        .map((a) => new URL((a as HTMLAnchorElement).href))
        // Documentation opens an external site; the rest are console routes.
        .filter((url) => url.origin === window.location.origin)
        .map((url) => url.pathname),
    );

describe('identities, end to end', () => {
  test('user, group, policy, service account with credentials.json, and both password changes', async () => {
    const page = await asRoot();
    await createUser(page, 'e2e-bob', 'bob-secret-1');
    await createUser(page, 'e2e-alice', 'alice-secret-1');

    await page.goto(`${stack.consoleUrl}/groups`);
    await page.getByRole('button', { name: 'Create Group' }).click();
    const group = page.getByRole('dialog', { name: 'Create Group' });
    await group.getByLabel('Group Name').fill('e2e-team');
    await group.getByRole('checkbox', { name: 'e2e-bob' }).check();
    await group.getByRole('button', { name: 'Save' }).click();
    await group.waitFor({ state: 'hidden' });

    // Add to Group from the list: alice joins e2e-team.
    await page.goto(`${stack.consoleUrl}/users`);
    await page.getByRole('checkbox', { name: 'Select e2e-alice' }).check();
    await page.getByRole('button', { name: 'Add to Group' }).click();
    const add = page.getByRole('dialog', { name: 'Add Users to Group' });
    await add.getByRole('checkbox', { name: 'e2e-team' }).check();
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'hidden' });

    // The user detail: a policy, then a service account.
    await page.getByRole('link', { name: 'View e2e-alice' }).click();
    await page.getByRole('heading', { name: 'e2e-alice', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Groups' }).getByRole('cell', { name: 'e2e-team' }).waitFor();
    await page.getByRole('tab', { name: 'Service Accounts' }).click();
    expect(await page.getByRole('button', { name: 'Create service account' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Policies' }).click();
    await page.getByRole('button', { name: 'Assign Policies' }).click();
    const policies = page.getByRole('dialog', { name: 'Set Policies for e2e-alice' });
    await policies.getByRole('checkbox', { name: 'readwrite', exact: true }).check();
    await policies.getByRole('button', { name: 'Save' }).click();
    await policies.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'View policy readwrite' }).waitFor();

    await page.getByRole('tab', { name: 'Service Accounts' }).click();
    await page.getByRole('button', { name: 'Create service account' }).click();
    const create = page.getByRole('dialog', { name: 'Create Service Account' });
    await create.getByRole('button', { name: 'Save' }).click();
    const created = page.getByRole('dialog', { name: 'New Service Account Created' });
    await created.waitFor();
    await screenshot(page, '20-service-account-created');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      created.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('credentials.json');
    const credentials = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
    expect(credentials).toMatchObject({ api: 's3v4', path: 'auto' });
    await created.getByRole('button', { name: 'Done' }).click();
    const listed = await (
      await page.request.get(`${stack.consoleUrl}/api/v1/user/e2e-alice/service-accounts`)
    ).json();
    expect(listed).toEqual([credentials.accessKey]);
    await page
      .getByRole('table', { name: 'Service Accounts' })
      .getByRole('cell', { name: credentials.accessKey, exact: true })
      .waitFor();

    // The downloaded keys work against the store, with alice's rights.
    const s3 = new S3Client({
      endpoint: stack.s3Url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: credentials.accessKey, secretAccessKey: credentials.secretKey },
    });
    expect((await s3.send(new ListBucketsCommand({}))).$metadata.httpStatusCode).toBe(200);

    // Change User Password, then alice logs in with it and changes her own.
    await page.getByRole('button', { name: 'Change password of e2e-alice' }).click();
    const change = page.getByRole('dialog', { name: 'Change User Password' });
    await change.getByLabel('New Password', { exact: true }).fill('alice-secret-2');
    await change.getByLabel('Type New Password Again').fill('alice-secret-2');
    await change.getByRole('button', { name: 'Save' }).click();
    await change.waitFor({ state: 'hidden' });
    await logOut(page);

    await logIn(page, 'e2e-alice', 'alice-secret-2');
    await page.goto(`${stack.consoleUrl}/account`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    const own = page.getByRole('dialog', { name: 'Change Password' });
    await own.getByLabel('Current Password').fill('alice-secret-2');
    await own.getByLabel('New Password', { exact: true }).fill('alice-secret-3');
    await own.getByLabel('Type New Password Again').fill('alice-secret-4');
    await own.getByText("New passwords don't match").waitFor();
    await own.getByLabel('Type New Password Again').fill('alice-secret-3');
    await own.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password was changed.').waitFor();
    // The renewed session still works: the list reloads without a trip to /login.
    await page.reload();
    await page.getByRole('heading', { name: 'Service Accounts', level: 1 }).waitFor();
    await logOut(page);
    await logIn(page, 'e2e-alice', 'alice-secret-3');
    await page.close();
  });

  test('a readonly user sees only the sidebar entries it may use', async () => {
    const root = await asRoot();
    await createUser(root, 'e2e-reader', 'reader-secret', 'readonly');
    await root.close();

    const page = await browser.newPage();
    await logIn(page, 'e2e-reader', 'reader-secret');
    const session = await (await page.request.get(`${stack.consoleUrl}/api/v1/session`)).json();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().waitFor();
    const links = await sidebarLinks(page);
    for (const hidden of ['/users', '/groups', '/policies', '/settings']) expect(links).not.toContain(hidden);
    // Exactly the sidebar entries (spec 000 §2) the session's pages allow.
    expect([...links].sort()).toEqual(SIDEBAR_PAGES.filter((p) => session.pages.includes(p)).sort());
    await screenshot(page, '21-readonly-sidebar');
    await page.close();
  });
});

describe('configuration and restart, end to end', () => {
  test('edit a configuration, see the restart bar, restart, and read the value back', async () => {
    const page = await asRoot();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: /^Region/ }).click();
    await page.getByRole('textbox', { name: 'Server Location' }).fill('e2e-rack-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Configurations' }).waitFor();
    const bar = page.getByRole('status').filter({ hasText: 'The server needs to be restarted' });
    await bar.waitFor();
    await screenshot(page, '22-restart-needed');
    const restarting = page.getByText('The server is restarting.').waitFor();
    await bar.getByRole('button', { name: 'Restart' }).click();
    await restarting;
    // The bar's text changes while restarting; the whole bar goes once the server is back.
    await page.getByRole('status').waitFor({ state: 'detached', timeout: 60_000 });
    const response = await page.request.get(`${stack.consoleUrl}/api/v1/configs/region`);
    const config = await response.json();
    expect(response.status(), JSON.stringify(config)).toBe(200);
    expect(config.key_values).toContainEqual({ key: 'name', value: 'e2e-rack-1' });
    await page.close();
  });
});

describe('every screen in light and dark, with axe', () => {
  const SCREENS = [
    ['dashboard', '/dashboard'],
    ['buckets', '/buckets'],
    ['users', '/users'],
    ['user-detail', '/users/e2e-alice'],
    ['groups', '/groups'],
    ['service-accounts', '/account'],
    ['settings', '/settings/configurations'],
    ['configuration', '/settings/configurations/identity_ldap'],
    ['policies', '/policies'],
    ['policy-detail', '/policies/readwrite'],
    ['bucket-summary', '/buckets/e2e-screens/admin/summary'],
    ['bucket-access-audit', '/buckets/e2e-screens/admin/access'],
    ['bucket-access-rules', '/buckets/e2e-screens/admin/prefix'],
  ] as const;

  test('screenshots and zero axe violations', async () => {
    const s3 = new S3Client({
      endpoint: stack.s3Url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: stack.rootUser, secretAccessKey: stack.rootPassword },
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'e2e-screens', ObjectLockEnabledForBucket: true }));
    s3.destroy();
    const report: Record<string, AxeViolation[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
      const page = await context.newPage();
      await page.goto(`${stack.consoleUrl}/login`);
      await page.getByLabel('Enter Username').waitFor();
      report[`${scheme}/login`] = await axeViolations(page);
      await screenshot(page, `30-${scheme}-login`);
      await logIn(page, stack.rootUser, stack.rootPassword);
      for (const [name, path] of SCREENS) {
        await page.goto(`${stack.consoleUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        report[`${scheme}/${name}`] = await axeViolations(page);
        await screenshot(page, `30-${scheme}-${name}`);
      }
      await context.close();
    }
    await writeFile(`${SHOTS}axe-report.json`, `${JSON.stringify(report, null, 2)}\n`);
    const failing = Object.entries(report).filter(([, v]) => v.length > 0);
    expect(failing, JSON.stringify(failing, null, 2)).toEqual([]);
  });
});
