import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.js';
import { logIn, stackAndBrowser } from './support/session.js';
import type { Stack } from './support/stack.js';

// IAM policies through the web app against the real store: what the editor saves is what the
// store holds.

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
beforeAll(() => {
  stack = env.stack();
  browser = env.browser();
});

const readOnlyPhotos = JSON.stringify(
  {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::photos/*'] }],
  },
  null,
  2,
);

/** Replaces the text of the policy studio's JSON editor (its JSON tab), as a paste would. */
async function fillEditor(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  if (!(await editor.isVisible())) await page.getByRole('tab', { name: 'JSON' }).last().click();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

describe('IAM policies, end to end', () => {
  test('create a policy, read its summary, edit its JSON, and see the store hold it', async () => {
    const page = await browser.newPage();
    await logIn(page, stack.consoleUrl, stack.rootUser, stack.rootPassword);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Policies' }).click();
    await page
      .getByRole('table', { name: 'IAM Policies' })
      .getByRole('cell', { name: 'readwrite', exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Create Policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Policy' });
    await dialog.getByRole('textbox', { name: 'Policy Name' }).fill('e2e-photos');
    await fillEditor(page, 'Policy', '{"Version": ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByText(/^Not valid JSON/)
      .first()
      .waitFor();
    await fillEditor(page, 'Policy', readOnlyPhotos);
    await screenshot(page, '40-create-policy');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await page.getByRole('heading', { name: 'e2e-photos', level: 1 }).waitFor();
    const summary = page.getByRole('table', { name: 'Summary' });
    await summary.getByText('arn:aws:s3:::photos/*').waitFor();
    expect(await summary.getByRole('row').nth(1).textContent()).toContain('Allow');
    await screenshot(page, '41-policy-summary');

    await page.getByRole('tab', { name: 'JSON' }).first().click();
    const edited = readOnlyPhotos.replace('s3:GetObject', 's3:PutObject');
    await fillEditor(page, 'Raw Policy', edited);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Policy successfully updated').waitFor();

    const stored = await (await page.request.get(`${stack.consoleUrl}/api/v1/policy?name=e2e-photos`)).json();
    expect(JSON.parse(stored.policy).Statement[0].Action).toEqual(['s3:PutObject']);
    await page.close();
  });
});
