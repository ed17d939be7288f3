import { writeFile } from 'node:fs/promises';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { SHOTS, screenshot } from './support/browser.js';
import { consoleCall, pageInScheme, stackAndBrowser } from './support/session.js';
import type { Stack } from './support/stack.js';

// The policy simulator in Chromium against the real stack: a user whose second policy denies
// deletes is asked about a delete; the answer names that statement, in light and in dark, with axe.

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
const report: Record<string, AxeViolation[]> = {};
const SCHEMES = ['light', 'dark'] as const;

const doc = (...Statement: object[]) => JSON.stringify({ Version: '2012-10-17', Statement });

beforeAll(async () => {
  stack = env.stack();
  browser = env.browser();
  const s3 = new S3Client({
    endpoint: stack.s3Url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: stack.rootUser, secretAccessKey: stack.rootPassword },
  });
  await s3.send(new CreateBucketCommand({ Bucket: 'e2e-sim' }));
  s3.destroy();
  const page = await pageInScheme(browser, stack, 'light');
  const call = (method: string, path: string, body: unknown) =>
    consoleCall(page, stack.consoleUrl, method, path, body);
  const created = [
    await call('POST', '/policies', {
      name: 'e2e-sim-all',
      policy: doc({ Effect: 'Allow', Action: 's3:*', Resource: 'arn:aws:s3:::e2e-sim/*' }),
    }),
    await call('POST', '/policies', {
      name: 'e2e-sim-no-deletes',
      policy: doc({
        Sid: 'NoDeletes',
        Effect: 'Deny',
        Action: 's3:DeleteObject',
        Resource: 'arn:aws:s3:::*',
      }),
    }),
    await call('POST', '/users', {
      accessKey: 'e2e-sim-user',
      secretKey: 'e2e-sim-secret-1',
      groups: [],
      policies: ['e2e-sim-all', 'e2e-sim-no-deletes'],
    }),
  ];
  expect(created.map((r) => r.status())).toEqual([201, 201, 201]);
  await page.context().close();
});
afterAll(async () => {
  if (Object.keys(report).length > 0)
    await writeFile(`${SHOTS}axe-report-60-policy-simulator.json`, `${JSON.stringify(report, null, 2)}\n`);
});

const expectNoViolations = (name: string, violations: AxeViolation[]) => {
  report[name] = violations;
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
};

describe('Policy simulator', () => {
  for (const scheme of SCHEMES) {
    test(`says a delete is denied and shows the deciding statement (${scheme})`, async () => {
      const page = await pageInScheme(browser, stack, scheme);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Policy Simulator' })
        .click();
      await page.getByRole('heading', { name: 'Policy Simulator', level: 1 }).waitFor();

      // Each completion list is closed before the next field, as a keyboard user would.
      await page.getByRole('combobox', { name: 'Principal' }).fill('e2e-sim-user');
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Action' }).fill('s3:DeleteObject');
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Bucket' }).click();
      await page.getByRole('option', { name: 'e2e-sim' }).click();
      await page.getByRole('textbox', { name: 'Object key' }).fill('report.pdf');
      await page.getByRole('button', { name: 'Simulate' }).click();

      const verdict = page.getByTestId('simulation-verdict');
      await verdict.waitFor();
      expect(await verdict.textContent()).toBe('Denied');
      await page
        .getByText('Decided by statement 0 (NoDeletes) of the user policy e2e-sim-no-deletes')
        .waitFor();
      expect(await page.getByLabel('Deciding statement', { exact: true }).textContent()).toContain(
        '"Sid": "NoDeletes"',
      );
      const evaluated = page.getByRole('table', { name: 'Policies evaluated' });
      expect(await evaluated.getByRole('row').count()).toBe(3);

      expectNoViolations(`${scheme}/policy-simulator`, await axeViolations(page));
      await screenshot(page, `60-${scheme}-policy-simulator`);

      // A read of the same object is allowed, by the other policy.
      await page.getByRole('combobox', { name: 'Action' }).fill('s3:GetObject');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Simulate' }).click();
      await page.getByText('Decided by statement 0 of the user policy e2e-sim-all').waitFor();
      expect(await verdict.textContent()).toBe('Allowed');

      await page.getByRole('tab', { name: 'Effective permissions' }).click();
      await page.getByRole('combobox', { name: 'User' }).click();
      await page.getByRole('option', { name: 'e2e-sim-user' }).click();
      const table = page.getByRole('table', { name: 'Effective permissions' });
      const row = table.getByRole('row').filter({ hasText: 'e2e-sim' });
      await row.waitFor();
      expect(await row.getByRole('cell').allTextContents()).toEqual([
        'e2e-sim',
        'Yes',
        'Yes',
        'No',
        'No',
        'No',
      ]);
      expectNoViolations(`${scheme}/effective-permissions`, await axeViolations(page));
      await screenshot(page, `60-${scheme}-effective-permissions`);
      await page.context().close();
    });
  }
});
