import { hopTenantObjects } from '@stowage/console-api/test-support/tenants/hop-tenant';
import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { type OperatorConsole, type Stack, startOperatorConsole, startStack } from './support/stack.js';

// Spec 002 §2.3, §2.4 in Chromium against the built `stowage console --operator` on a real
// kube-apiserver: log in with a token, the tenants the API server holds in the list, each detail
// tab, Update MinIO Version, Edit YAML and Delete checked in the API server, a read-only token's
// disabled controls, and every screen shot in both themes with axe. Tenant `alpha`'s Services
// point at a built `stowage start`, so its usage, Metrics frame and Management page are real.

const ALPHA = { namespace: 'tenants-e2e-a', name: 'alpha' };
const BETA = { namespace: 'tenants-e2e-b', name: 'beta' };
const DOOMED = { namespace: 'tenants-e2e-c', name: 'doomed' };
const SCHEMES = ['light', 'dark'] as const;
const tenantUrl = (t: { namespace: string; name: string }) =>
  `/apis/minio.min.io/v2/namespaces/${t.namespace}/tenants/${t.name}`;

let cluster: Cluster;
let store: Stack;
let operator: OperatorConsole;
let browser: Browser;
let adminToken: string;
let readOnlyToken: string;

beforeAll(async () => {
  [cluster, store, browser] = await Promise.all([startCluster(), startStack(), launchBrowser()]);
  const ok = <T extends { status: number; body: unknown }>(res: T): T => {
    if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  for (const tenant of [ALPHA, BETA, DOOMED]) {
    ok(await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: tenant.namespace } }));
    const { secret, tenant: object } = hopTenantObjects(
      tenant.namespace,
      tenant.name,
      { accessKey: store.rootUser, secretKey: store.rootPassword },
      { requestAutoCert: false },
    );
    ok(await cluster.api('POST', `/api/v1/namespaces/${tenant.namespace}/secrets`, secret));
    ok(await cluster.api('POST', `/apis/minio.min.io/v2/namespaces/${tenant.namespace}/tenants`, object));
  }
  await cluster.setTenantStatus(ALPHA.namespace, ALPHA.name, {
    healthStatus: 'green',
    drivesOnline: 4,
    drivesOffline: 0,
    writeQuorum: 3,
  });
  await cluster.setTenantStatus(BETA.namespace, BETA.name, { healthStatus: 'red' });
  operator = await startOperatorConsole(cluster.kubeconfigPath, {
    STOWAGE_KUBE_SERVICE_HOSTS: `${ALPHA.name}-console.${ALPHA.namespace}=127.0.0.1:${store.consolePort},minio.${ALPHA.namespace}=127.0.0.1:${store.s3Port}`,
  });
  [adminToken, readOnlyToken] = await Promise.all([
    cluster.createServiceAccountToken('stowage-system', 'tenants-admin', 'cluster-admin'),
    cluster.createReadOnlyToken(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await operator?.stop();
  await store?.stop();
  await cluster?.stop();
});

/** A page of the operator console, logged in through the Operator Login form with `token`. */
async function operatorPage(token: string, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
  const page = await context.newPage();
  await page.goto(`${operator.consoleUrl}/login`);
  await page.getByRole('heading', { name: 'Operator Login' }).waitFor();
  await page.getByRole('textbox', { name: 'JWT' }).fill(token);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/tenants');
  return page;
}

const row = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Tenants' }).getByRole('row').filter({ hasText: name });

async function record(page: Page, scheme: string, name: string): Promise<void> {
  await screenshot(page, `39-${scheme}-${name}`);
  const violations = await axeViolations(page);
  expect(violations, `${scheme}/${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('operator tenants', () => {
  test('the list, each tab, Update MinIO Version, Edit YAML and Delete, checked in the API server', async () => {
    const page = await operatorPage(adminToken);
    try {
      for (const tenant of [ALPHA, BETA, DOOMED]) await row(page, tenant.name).waitFor();
      expect(await row(page, 'alpha').getByRole('img', { name: 'Health: Green' }).count()).toBe(1);
      expect(await row(page, 'beta').getByRole('img', { name: 'Health: Red' }).count()).toBe(1);
      expect(await row(page, 'doomed').getByRole('img', { name: 'Health: Grey' }).count()).toBe(1);
      expect(await row(page, 'alpha').textContent()).toContain('4.0 GiB');

      await row(page, 'alpha').getByRole('link', { name: 'View tenant alpha' }).click();
      await page.waitForURL((url) => url.pathname === '/namespaces/tenants-e2e-a/tenants/alpha/summary');
      const details = page.getByRole('region', { name: 'Details' });
      await details.getByText('minio/minio:RELEASE.2021-09-03T03-56-13Z').waitFor();
      const health = page.getByRole('region', { name: 'Health' });
      expect(
        await health.getByText('Write Quorum').locator('xpath=following-sibling::dd').textContent(),
      ).toBe('3');
      // The usage is the framed store's own answer, against the tenant's 4 GiB.
      await page
        .getByRole('region', { name: 'Storage usage' })
        .getByRole('progressbar', { name: /^Used: .* of 4\.0 GiB$/ })
        .waitFor();

      const menu = page.getByRole('navigation', { name: 'Tenant sections' });
      await menu.getByRole('link', { name: 'Metrics' }).click();
      const metrics = page.frameLocator('iframe[title="Metrics of alpha"]');
      await metrics.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('progressbar', { name: 'Loading the metrics' }).waitFor({ state: 'detached' });
      await menu.getByRole('link', { name: 'Security' }).click();
      await page.getByRole('switch', { name: /Enable AutoCert/ }).waitFor();
      expect(await page.getByRole('switch', { name: /Enable AutoCert/ }).isChecked()).toBe(false);
      await menu.getByRole('link', { name: 'Pools' }).click();
      await page
        .getByRole('table', { name: 'Pools' })
        .getByRole('row')
        .filter({ hasText: 'pool-0' })
        .waitFor();
      await menu.getByRole('link', { name: 'Pods' }).click();
      await page.getByText('This tenant has no pods.').waitFor();
      await menu.getByRole('link', { name: 'Volumes' }).click();
      await page.getByText('This tenant has no volumes.').waitFor();
      await menu.getByRole('link', { name: 'License' }).click();
      await page.getByText('This tenant has no commercial licence.').waitFor();
      await menu.getByRole('link', { name: 'Summary' }).click();

      // Update MinIO Version: the image in the API server changes.
      const newImage = 'minio/minio:RELEASE.2026-02-02T00-00-00Z';
      await page.getByRole('button', { name: /Update MinIO Version$/ }).click();
      const update = page.getByRole('dialog', { name: 'Update MinIO Version' });
      await update.getByRole('textbox', { name: 'Custom MinIO Image' }).fill(newImage);
      await update.getByRole('button', { name: 'Save' }).click();
      await update.waitFor({ state: 'hidden' });
      await details.getByText(newImage).waitFor();
      const afterImage = await cluster.api('GET', tenantUrl(ALPHA));
      expect((afterImage.body as { spec: { image: string } }).spec.image).toBe(newImage);

      // Edit YAML: a label added in the text lands on the Tenant.
      await page.getByRole('button', { name: 'Edit YAML' }).click();
      const yamlDialog = page.getByRole('dialog', { name: 'Edit YAML' });
      const text = yamlDialog.getByRole('textbox', { name: 'Tenant YAML' });
      await yamlDialog.getByText('Valid against the Tenant schema').waitFor();
      // The code editor's text is replaced as a paste would: select all, then insert.
      const res = await page.request.get(
        `${operator.consoleUrl}/api/v1/namespaces/tenants-e2e-a/tenants/alpha/yaml`,
      );
      const current = ((await res.json()) as { yaml: string }).yaml;
      expect(current).toContain(newImage);
      await text.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.insertText(
        current.replace(/^metadata:\n/m, 'metadata:\n  labels:\n    edited-by: e2e\n'),
      );
      await yamlDialog.getByRole('button', { name: 'Save' }).click();
      await yamlDialog.waitFor({ state: 'hidden' });
      const afterYaml = await cluster.api('GET', tenantUrl(ALPHA));
      expect(
        (afterYaml.body as { metadata: { labels?: Record<string, string> } }).metadata.labels,
      ).toMatchObject({
        'edited-by': 'e2e',
      });

      // Manage Tenant: the tenant's own console in the frame, without the sidebar.
      await page.getByRole('link', { name: 'Manage Tenant' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/alpha/hop'));
      const hop = page.frameLocator('iframe[title="Console of alpha"]');
      await hop.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back to alpha' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/alpha/summary'));

      // Delete from the list, with the name retyped: the Tenant is gone from the API server.
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Tenants' })
        .click();
      await row(page, 'doomed').getByRole('button', { name: 'Delete tenant doomed' }).click();
      const remove = page.getByRole('dialog', { name: 'Delete Tenant' });
      await remove.getByRole('textbox', { name: 'Tenant name' }).fill('doome');
      await remove.getByText('Tenant name is incorrect').waitFor();
      expect(await remove.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      await remove.getByRole('textbox', { name: 'Tenant name' }).fill('doomed');
      await remove.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Tenant Deleted').waitFor();
      await row(page, 'doomed').waitFor({ state: 'detached' });
      expect((await cluster.api('GET', tenantUrl(DOOMED))).status).toBe(404);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  test('a read-only token sees every mutating control disabled, with the reason', async () => {
    const page = await operatorPage(readOnlyToken);
    try {
      await row(page, 'alpha').waitFor();
      const create = page.getByRole('link', { name: 'Create Tenant' });
      expect(await create.getAttribute('aria-disabled')).toBe('true');
      const remove = row(page, 'alpha').getByRole('button', { name: 'Delete tenant alpha' });
      await expect.poll(() => remove.isDisabled()).toBe(true);
      await page.goto(`${operator.consoleUrl}/namespaces/tenants-e2e-a/tenants/alpha/summary`);
      const image = page.getByRole('button', { name: /Update MinIO Version$/ });
      await image.waitFor();
      await expect.poll(() => image.isDisabled()).toBe(true);
      for (const name of ['Delete', 'Edit YAML']) {
        expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
      }
      expect(await page.getByText('This token is read-only: it may not change tenants').first().count()).toBe(
        1,
      );
      for (const scheme of SCHEMES) {
        await page.evaluate((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
        await page.reload();
        await page.getByRole('button', { name: /Update MinIO Version$/ }).waitFor();
        await record(page, scheme, 'tenant-read-only');
      }
    } finally {
      await page.context().close();
    }
  }, 120_000);

  test.each(SCHEMES)(
    'every screen, shot and checked with axe (%s)',
    async (scheme) => {
      const page = await operatorPage(adminToken, scheme);
      const base = `${operator.consoleUrl}/namespaces/tenants-e2e-a/tenants/alpha`;
      try {
        await row(page, 'alpha').waitFor();
        await record(page, scheme, 'tenants');
        await row(page, 'beta').getByRole('button', { name: 'Delete tenant beta' }).click();
        await page.getByRole('dialog', { name: 'Delete Tenant' }).waitFor();
        await record(page, scheme, 'tenant-delete');
        await page.keyboard.press('Escape');

        await page.goto(`${base}/summary`);
        await page.getByRole('region', { name: 'Storage usage' }).getByRole('progressbar').waitFor();
        await record(page, scheme, 'tenant-summary');
        await page.getByRole('button', { name: /Update MinIO Version$/ }).click();
        await page.getByRole('dialog', { name: 'Update MinIO Version' }).waitFor();
        await record(page, scheme, 'tenant-update-image');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Edit YAML' }).click();
        await page
          .getByRole('dialog', { name: 'Edit YAML' })
          .getByText('Valid against the Tenant schema')
          .waitFor();
        await record(page, scheme, 'tenant-edit-yaml');
        await page.keyboard.press('Escape');

        const tabs: [string, () => Promise<void>][] = [
          [
            'metrics',
            () =>
              page.getByRole('progressbar', { name: 'Loading the metrics' }).waitFor({ state: 'detached' }),
          ],
          ['security', () => page.getByRole('switch', { name: /Enable AutoCert/ }).waitFor()],
          ['pools', () => page.getByRole('table', { name: 'Pools' }).waitFor()],
          ['pods', () => page.getByText('This tenant has no pods.').waitFor()],
          ['volumes', () => page.getByText('This tenant has no volumes.').waitFor()],
          ['license', () => page.getByText('This tenant has no commercial licence.').waitFor()],
        ];
        for (const [tab, ready] of tabs) {
          await page.goto(`${base}/${tab}`);
          await ready();
          await record(page, scheme, `tenant-${tab}`);
        }
        await page.goto(`${base}/hop`);
        await page
          .frameLocator('iframe[title="Console of alpha"]')
          .getByRole('navigation', { name: 'Main' })
          .waitFor();
        await page
          .getByRole('progressbar', { name: 'Loading the tenant console' })
          .waitFor({ state: 'detached' });
        await record(page, scheme, 'tenant-hop-page');
      } finally {
        await page.context().close();
      }
    },
    180_000,
  );
});
