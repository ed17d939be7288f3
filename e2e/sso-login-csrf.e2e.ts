import { MadminClient } from '@stowage/madmin';
import { onFreePort } from '@stowage/test-support/peers/free-port';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type OpenIdProvider,
  startOpenIdProvider,
} from '@stowage/test-support/peers/openid-provider';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { type Stack, startStack } from './support/stack.js';

// Login CSRF through the single sign-on callback, in a real browser: an attacker signs in at the
// provider as themselves, stops before the console's callback, and hands the callback address
// (code and state) to a victim. The victim's browser must not end up logged in as the attacker.

let idp: OpenIdProvider;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  // The provider must know the callback before the console starts: a port chosen ahead, and
  // chosen again if it was taken before the console bound it.
  [stack, browser] = await Promise.all([
    onFreePort(async (consolePort) => {
      const callback = `http://127.0.0.1:${consolePort}/oauth_callback`;
      idp = await startOpenIdProvider(
        { mallory: 'consoleAdmin', alice: 'consoleAdmin' },
        { redirectUri: callback, pkceRequired: true },
      );
      return startStack(['--console-port', String(consolePort)], {
        STOWAGE_IDP_URL: idp.issuer,
        STOWAGE_IDP_CLIENT_ID: CLIENT_ID,
        STOWAGE_IDP_SECRET: CLIENT_SECRET,
        STOWAGE_IDP_CALLBACK: callback,
        STOWAGE_IDP_SCOPES: 'openid,policies',
      }).catch(async (err) => {
        await idp.close();
        throw err;
      });
    }),
    launchBrowser(),
  ]);
  // The store trusts the same provider; identity_openid takes effect at a restart.
  const admin = new MadminClient({
    endpoint: stack.s3Url,
    credentials: { accessKey: stack.rootUser, secretKey: stack.rootPassword },
  });
  await admin.config.setKV(
    `identity_openid config_url=${idp.issuer}/.well-known/openid-configuration client_id=${CLIENT_ID} client_secret=${CLIENT_SECRET} claim_name=policy`,
  );
  await admin.serviceRestart();
  await vi.waitFor(
    async () => {
      if (!(await fetch(`${stack.s3Url}/minio/health/live`)).ok) throw new Error('the store is not back yet');
    },
    { timeout: 10_000, interval: 100 },
  );
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await idp?.close();
});

/** Signs in at the provider's login and consent screens, from the console's SSO button. */
async function signInAtProvider(page: Page, user: string) {
  await page.goto(`${stack.consoleUrl}/login`);
  await page.getByRole('link', { name: 'Login with SSO' }).click();
  await page.locator('input[name=login]').fill(user);
  await page.locator('input[name=password]').fill('any');
  await page.locator('button[type=submit]').click();
  await page.locator('button[type=submit]').click(); // consent
}

/** Whether a browser context holds a live console session. */
async function sessionStatus(context: BrowserContext): Promise<number> {
  return (await context.request.get(`${stack.consoleUrl}/api/v1/session`)).status();
}

describe('single sign-on callback', () => {
  test('a callback carried to another browser does not log that browser in', async () => {
    const attacker = await browser.newContext();
    const victim = await browser.newContext();
    try {
      // The attacker stops before the console trades the code, and keeps code and state.
      const page = await attacker.newPage();
      let stolen = '';
      await page.route(`${stack.consoleUrl}/api/v1/login/oauth2/auth`, async (route) => {
        const { code, state } = route.request().postDataJSON() as { code: string; state: string };
        stolen = `${stack.consoleUrl}/oauth_callback?${new URLSearchParams({ code, state })}`;
        await route.abort();
      });
      await signInAtProvider(page, 'mallory');
      await expect.poll(() => stolen).toContain('code=');

      // The victim's browser opens it (a link, an image, a redirect from the attacker's page).
      const victimPage = await victim.newPage();
      await victimPage.goto(stolen);
      await victimPage.waitForURL(/\/login$/);
      expect(await sessionStatus(victim)).toBe(401);
      expect((await victim.cookies()).map((c) => c.name)).not.toContain('token');
    } finally {
      await attacker.close();
      await victim.close();
    }
  });

  test('the browser that started a login finishes it', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAtProvider(page, 'alice');
      await page.waitForURL((url) => !/\/(login|oauth_callback)/.test(url.pathname));
      expect(await sessionStatus(context)).toBe(200);
      const session = await (await context.request.get(`${stack.consoleUrl}/api/v1/session`)).json();
      expect(session.accessKey).toBe('alice');
    } finally {
      await context.close();
    }
  });
});
