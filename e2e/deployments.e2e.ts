import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { type ColourScheme, logIn } from './support/session.js';
import { rootS3, type Stack, type Store, startStack, startStore } from './support/stack.js';

// Two store processes, two deployments in one console: `stowage start`'s embedded store
// ("Local", at /) and a `stowage server` listed in the deployments file ("Remote", /d/remote/),
// each with its own root user.
let remote: Store;
let stack: Stack;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-e2e-deployments-'));
  remote = await startStore('remote-admin', 'remote-secret-key-42');
  const file = join(dir, 'deployments.json');
  await writeFile(
    file,
    JSON.stringify({ deployments: [{ id: 'remote', name: 'Remote', serverUrl: remote.s3Url }] }),
  );
  [stack, browser] = await Promise.all([startStack([], { STOWAGE_DEPLOYMENTS: file }), launchBrowser()]);
  for (const [store, bucket] of [
    [stack, 'only-on-local'],
    [remote, 'only-on-remote'],
  ] as const) {
    const s3 = rootS3(store);
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    s3.destroy();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await remote?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const switcher = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('button', { name: new RegExp(`^Deployment: ${name}\\.`) });

/** The buckets page of the deployment at `base`: which of the two test buckets it lists. */
async function bucketsAt(page: Page, base: string): Promise<string[]> {
  await page.goto(`${base}/buckets`);
  await page.getByRole('heading', { name: 'Buckets' }).first().waitFor();
  await page.getByRole('article').first().waitFor();
  const shown: string[] = [];
  for (const name of ['only-on-local', 'only-on-remote'])
    if ((await page.getByRole('article', { name }).count()) > 0) shown.push(name);
  return shown;
}

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('several deployments in one console', () => {
  test.each(['light', 'dark'] as ColourScheme[])(
    'log into both, switch with the sidebar and the palette, log out of one (%s)',
    async (scheme) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
      const page = await context.newPage();
      const local = stack.consoleUrl;
      const remoteConsole = `${stack.consoleUrl}/d/remote`;

      // The login card and the sidebar name the deployment.
      await page.goto(`${local}/login`);
      await page.getByText('Deployment: Local').waitFor();
      await logIn(page, local, stack.rootUser, stack.rootPassword);
      expect(await bucketsAt(page, local)).toEqual(['only-on-local']);

      // The switcher lists both, and that this browser is not logged into Remote yet.
      await switcher(page, 'Local').click();
      const menu = page.getByRole('menu');
      await menu
        .getByRole('menuitem', { name: /Remote/ })
        .getByText('Not logged in')
        .waitFor();
      await menu.getByRole('menuitem', { name: /Local/ }).getByText('Logged in').waitFor();
      await screenshot(page, `42-${scheme}-deployment-switcher`);
      await expectAxeClean(page);

      // Switching opens Remote's login page; Local's session is untouched.
      await menu.getByRole('menuitem', { name: /Remote/ }).click();
      await page.waitForURL(`${remoteConsole}/login`);
      await page.getByText('Deployment: Remote').waitFor();
      await screenshot(page, `42-${scheme}-deployment-login`);
      await expectAxeClean(page);
      await logIn(page, remoteConsole, remote.rootUser, remote.rootPassword);
      expect(await bucketsAt(page, remoteConsole)).toEqual(['only-on-remote']);
      await switcher(page, 'Remote').waitFor();
      await page.waitForFunction(() => document.title === 'Remote · Stowage');
      await screenshot(page, `42-${scheme}-deployment-remote-buckets`);
      await expectAxeClean(page);

      // The command palette switches back to Local, still logged in there.
      await page.keyboard.press('Control+K');
      await page.getByRole('combobox', { name: 'Type a page or an action' }).fill('switch Local');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${local}/**`);
      await switcher(page, 'Local').waitFor();
      expect(new URL(page.url()).pathname).not.toMatch(/login$/);
      expect(await bucketsAt(page, local)).toEqual(['only-on-local']);

      await switcher(page, 'Local').click();
      await menu
        .getByRole('menuitem', { name: /Remote/ })
        .getByText('Logged in')
        .waitFor();
      await page.keyboard.press('Escape');

      // Logging out of Local leaves Remote logged in.
      await page.getByRole('navigation').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/login$/);
      expect(await bucketsAt(page, remoteConsole)).toEqual(['only-on-remote']);
      await page.goto(`${local}/buckets`);
      await page.waitForURL(`${local}/login`);
      await context.close();
    },
  );
});
