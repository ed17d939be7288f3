import type { APIResponse, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type Stack, startStack } from './stack.js';

/** One stack (its environment extended by `env`) and one browser for a test file, started before its tests and stopped after. */
export function stackAndBrowser(env: NodeJS.ProcessEnv = {}): { stack: () => Stack; browser: () => Browser } {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack([], env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the stack is not started');
    return value;
  };
  return { stack: () => need(stack), browser: () => need(browser) };
}

/** The form login, from /login to the first page after it. */
export async function logIn(page: Page, consoleUrl: string, user: string, password: string): Promise<void> {
  await page.goto(`${consoleUrl}/login`);
  await page.getByLabel('Enter Username').fill(user);
  await page.getByLabel('Enter Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

export type ColourScheme = 'light' | 'dark';

/** A fresh 1440×900 page in one colour scheme, logged in as `user`; the caller closes its context. */
export async function pageInScheme(
  browser: Browser,
  stack: Stack,
  scheme: ColourScheme,
  user = stack.rootUser,
  password = stack.rootPassword,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
  const page = await context.newPage();
  await logIn(page, stack.consoleUrl, user, password);
  return page;
}

/**
 * Operator mode: a fresh page in one colour scheme, logged in with a service-account token (the
 * operator login's API call), on the console's first page; the caller closes its context.
 */
export async function operatorPageInScheme(
  browser: Browser,
  consoleUrl: string,
  jwt: string,
  scheme: ColourScheme,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
  const page = await context.newPage();
  const login = await page.request.post(`${consoleUrl}/api/v1/login/operator`, { data: { jwt } });
  if (login.status() !== 204) throw new Error(`operator login: ${login.status()} ${await login.text()}`);
  await page.goto(`${consoleUrl}/`);
  await page.waitForFunction(() => localStorage.getItem('token') !== null);
  return page;
}

/** A console API call with the page's session and CSRF token, as the web app makes it. */
export async function consoleCall(
  page: Page,
  consoleUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<APIResponse> {
  const csrf = await page.evaluate(() => localStorage.getItem('token') ?? '');
  return page.request.fetch(`${consoleUrl}/api/v1${path}`, {
    method,
    headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
}
