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

/** Signs in through the login page and waits until the app has left it. */
export async function signIn(page, url, user, password) {
  await fillLogin(page, url, user, password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
}

/** The page's used JavaScript heap in bytes, after a forced garbage collection unless `gc` is false. */
export async function pageHeap(page, { gc = true } = {}) {
  const cdp = await page.context().newCDPSession(page);
  if (gc) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/**
 * Times a click on the page's own clock: from the next click event to the first element that
 * matches `selector` in the DOM (a MutationObserver), so that the driver's actions and polling
 * are not in the figure. Call it before the click; the function it returns waits for the
 * element (at most `timeoutMs`) and gives `{ ms }`, the milliseconds. The wait is one evaluation awaiting
 * a promise in the page: polling with waitForFunction would inject the driver's own script into
 * the page (about 30 ms of parsing and running on a fresh page's main thread) while the page is
 * still working. The click must not load another page.
 *
 * With `answerOf` (a part of a URL), the result also says when the last request whose URL holds
 * it, started after the arming, had its answer in (`answered`, ms after the click; undefined if
 * none): what is left, `ms - answered`, is the browser's own work after the data came, which no
 * server speed takes away.
 */
export async function timeClickTo(page, selector, { timeoutMs = 30_000, answerOf } = {}) {
  await page.evaluate(
    ([wanted, timeout, answerOf]) => {
      if (document.querySelector(wanted)) throw new Error(`${wanted} is on the page before the click`);
      const armed = performance.now();
      let click;
      document.addEventListener('click', () => (click ??= performance.now()), {
        capture: true,
        once: true,
      });
      window.__clickTo = new Promise((resolve, reject) => {
        const observer = new MutationObserver(() => {
          if (click !== undefined && document.querySelector(wanted)) {
            observer.disconnect();
            clearTimeout(timer);
            const ms = performance.now() - click;
            const answers = answerOf
              ? performance
                  .getEntriesByType('resource')
                  .filter((e) => e.startTime >= armed && e.name.includes(answerOf))
                  .map((e) => e.responseEnd - click)
              : [];
            resolve({ ms, answered: answers.length ? Math.max(...answers) : undefined });
          }
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`no ${wanted} within ${timeout} ms of arming`));
        }, timeout);
        observer.observe(document, { subtree: true, childList: true });
      });
    },
    [selector, timeoutMs, answerOf],
  );
  return () =>
    page.evaluate(() => {
      if (!(window.__clickTo instanceof Promise)) throw new Error('the click loaded another page');
      return window.__clickTo;
    });
}
