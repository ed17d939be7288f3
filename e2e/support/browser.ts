import { mkdir } from 'node:fs/promises';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export const SHOTS = new URL('../screenshots/', import.meta.url).pathname;

/** Saves e2e/screenshots/<name>.png (kept out of git) so a person can look at each step. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}
