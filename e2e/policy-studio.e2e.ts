// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import { MadminClient } from '@stowage/madmin';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { consoleCall, pageInScheme, stackAndBrowser } from './support/session.js';
import type { Stack } from './support/stack.js';

// Issue 42, policy studio: a policy built in the visual builder (a template, then an edit) is
// saved through the real console into the real store; the console API and the admin API give
// back the same document, and saving it again unchanged leaves it byte-identical. A lint
// error blocks Save, shown inline in the JSON editor. Both themes are saved and checked by axe.

const env = stackAndBrowser();
let stack: Stack;
let admin: MadminClient;
const BUCKET = 'studio';
const NAME = 'studio-home';

/** The per-user home template for the bucket, with s3:AbortMultipartUpload added visually. */
const EXPECTED = {
  Version: '2012-10-17',
  Statement: [
    {
      Sid: 'ListOwnHome',
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: [`arn:aws:s3:::${BUCKET}`],
      Condition: { StringLike: { 's3:prefix': ['', 'home/', 'home/${aws:username}/*'] } },
    },
    {
      Sid: 'OwnHomeObjects',
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
      Resource: [`arn:aws:s3:::${BUCKET}/home/\${aws:username}/*`],
    },
  ],
};

beforeAll(async () => {
  stack = env.stack();
  admin = new MadminClient({
    endpoint: stack.s3Url,
    credentials: { accessKey: stack.rootUser, secretKey: stack.rootPassword },
  });
});

async function checkAxe(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Replaces the JSON editor's whole text, as a paste would. */
async function setJson(page: Page, scope: Locator, text: string) {
  await scope.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

/** Create Policy with a name, the per-user home template applied and one action added. */
async function buildVisually(page: Page): Promise<Locator> {
  await page.goto(`${stack.consoleUrl}/policies`);
  await page.getByRole('button', { name: 'Create Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Policy' });
  await dialog.getByRole('textbox', { name: 'Policy Name' }).fill(NAME);
  await dialog.getByRole('combobox', { name: 'Start from a template' }).click();
  await page.getByRole('option', { name: 'Per-user home folder (home/${aws:username}/)' }).click();
  await dialog.getByRole('combobox', { name: 'Bucket', exact: true }).click();
  await page.getByRole('option', { name: BUCKET, exact: true }).click();
  await dialog.getByRole('button', { name: 'Use template' }).click();
  const second = dialog.getByRole('region', { name: 'Statement 2' });
  await second.getByRole('combobox', { name: 'Actions' }).fill('s3:AbortMultipartUpload');
  await page.keyboard.press('Enter');
  // Close the suggestions, as a user moving on would.
  await page.keyboard.press('Escape');
  await second.getByText('s3:AbortMultipartUpload').first().waitFor();
  await dialog.getByText('No problems found.').waitFor();
  return dialog;
}

describe('policy studio, end to end', () => {
  test('a policy built visually round-trips through the store unchanged; lint blocks Save', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await pageInScheme(env.browser(), stack, scheme);
      if (scheme === 'light') {
        const made = await consoleCall(page, stack.consoleUrl, 'POST', '/buckets', { name: BUCKET });
        expect(made.status(), await made.text()).toBeLessThan(300);
      }
      const dialog = await buildVisually(page);
      await screenshot(page, `30-${scheme}-policy-studio`);
      await checkAxe(page, `policy studio, visual (${scheme})`);

      // The JSON side shows the same document; an unknown action is flagged inline and blocks Save.
      await dialog.getByRole('tab', { name: 'JSON' }).click();
      await dialog.locator('.cm-content').getByText('s3:AbortMultipartUpload').waitFor();
      const broken = JSON.stringify(
        { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 's3:Nope', Resource: '*' }] },
        null,
        2,
      );
      await setJson(page, dialog, broken);
      await dialog.locator('.cm-lintRange-error').first().waitFor();
      await dialog.getByText('Unknown action "s3:Nope".').waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Fix the errors before saving.').waitFor();
      await screenshot(page, `31-${scheme}-policy-studio-lint`);
      await checkAxe(page, `policy studio, JSON with a lint error (${scheme})`);
      expect(await admin.policies.list()).not.toHaveProperty(NAME);
      await page.context().close();
    }

    const page = await pageInScheme(env.browser(), stack, 'light');
    const dialog = await buildVisually(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();

    // Read back through the console API and the admin API: the same document, key order included.
    const viaConsole = await consoleCall(page, stack.consoleUrl, 'GET', `/policy?name=${NAME}`);
    const stored = ((await viaConsole.json()) as { policy: string }).policy;
    expect(JSON.stringify(JSON.parse(stored))).toBe(JSON.stringify(EXPECTED));
    expect(JSON.stringify(await admin.policies.info(NAME))).toBe(JSON.stringify(EXPECTED));

    // Open it again and save without a change: the stored text is byte-identical.
    await page.getByRole('tab', { name: 'JSON' }).click();
    await page.getByRole('region', { name: 'Statement 2' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Policy successfully updated').waitFor();
    const again = await consoleCall(page, stack.consoleUrl, 'GET', `/policy?name=${NAME}`);
    expect(((await again.json()) as { policy: string }).policy).toBe(stored);
    await page.context().close();
  }, 180_000);
});
