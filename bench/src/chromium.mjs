// Debian's Chromium, headless, with nothing reaching out to the network; and the console's
// form login in it.
import { chromium } from 'playwright-core';

export function launchChromium() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Fills the login form; the caller times or awaits what follows the click. */
export async function fillLogin(page, url, user, password) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Enter Username').fill(user);
  await page.getByLabel('Enter Password').fill(password);
}
