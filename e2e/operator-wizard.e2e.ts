import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { operatorPageInScheme } from './support/session.js';
import { type OperatorConsole, startOperatorConsole } from './support/stack.js';

// The Create New Tenant wizard in Chromium against the built `stowage console --operator` and a
// real kube-apiserver: the basic and advanced paths create tenants that kubectl then reads, the
// credentials are shown once, a second tenant in a namespace is refused, and every step is
// screenshotted in both themes and checked with axe.

const BASIC_NS = 'wizard-basic';
const ADVANCED_NS = 'wizard-advanced';

let cluster: Cluster;
let operator: OperatorConsole;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  [cluster, browser] = await Promise.all([startCluster(), launchBrowser()]);
  for (const name of [BASIC_NS, ADVANCED_NS]) {
    const res = await cluster.api('POST', '/api/v1/namespaces', { metadata: { name } });
    if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  }
  operator = await startOperatorConsole(cluster.kubeconfigPath);
  adminToken = await cluster.createServiceAccountToken('stowage-system', 'wizard-admin', 'cluster-admin');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await operator?.stop();
  await cluster?.stop();
});

async function wizardPage(scheme: 'light' | 'dark'): Promise<Page> {
  const page = await operatorPageInScheme(browser, operator.consoleUrl, adminToken, scheme, {
    width: 1440,
    height: 1000,
  });
  await page.goto(`${operator.consoleUrl}/tenants/add`);
  await page.getByRole('heading', { name: 'Create New Tenant' }).waitFor();
  return page;
}

async function fillNames(page: Page, name: string, namespace: string) {
  await page.getByRole('textbox', { name: /^Name\W*$/ }).fill(name);
  await page.getByRole('textbox', { name: /^Namespace/ }).fill(namespace);
}

async function fillSetup(page: Page, name: string, namespace: string) {
  await fillNames(page, name, namespace);
  await sizingOpen(page);
}

/** The namespace lookups wait 500 ms; then the first storage class is chosen and sizing opens. */
async function sizingOpen(page: Page) {
  await page.waitForFunction(() => {
    const nodes = document.querySelector<HTMLInputElement>('input[type=number]');
    return nodes !== null && !nodes.disabled;
  });
  await page.getByRole('row', { name: /EC Parity EC:2/ }).waitFor();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

function kubectlTenant(namespace: string, name: string) {
  const out = execFileSync(
    'kubectl',
    ['--kubeconfig', cluster.kubeconfigPath, 'get', 'tenant', name, '-n', namespace, '-o', 'json'],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as { spec: Record<string, unknown> & { pools: Record<string, unknown>[] } };
}

async function createAndReadCredentials(page: Page): Promise<{ access_key: string; secret_key: string }> {
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'New Tenant Created' });
  await modal.waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    modal.getByRole('button', { name: 'Download' }).click(),
  ]);
  const path = await download.path();
  return JSON.parse(readFileSync(path, 'utf8'));
}

describe('Create New Tenant wizard', () => {
  test('basic path: creates the tenant, shows the keys once, and refuses a second one', async () => {
    const page = await wizardPage('light');
    await fillSetup(page, 'basic-tenant', BASIC_NS);
    await next(page);
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    await page.getByText('+ kind: Tenant').waitFor();
    const keys = await createAndReadCredentials(page);
    expect(keys.access_key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(keys.secret_key).toMatch(/^[A-Za-z0-9]{32}$/);
    await expect.poll(() => page.getByText(keys.access_key).count()).toBe(1);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/tenants');
    // Shown once: nothing of the keys is left in the page or its storage.
    expect(await page.content()).not.toContain(keys.secret_key);
    expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage })))).not.toContain(
      keys.secret_key,
    );

    const tenant = kubectlTenant(BASIC_NS, 'basic-tenant');
    expect(tenant.spec.pools[0]).toMatchObject({ name: 'pool-0', servers: 4, volumesPerServer: 1 });
    expect(tenant.spec.requestAutoCert).toBe(true);

    // A second tenant in the same namespace is refused before anything is sent.
    await page.goto(`${operator.consoleUrl}/tenants/add`);
    await fillNames(page, 'second-tenant', BASIC_NS);
    await page.getByText('You can only create one tenant per namespace').waitFor();
    expect(await page.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);
    await page.context().close();
  }, 180_000);

  test('advanced path: node selector, built-in users, Vault encryption, read back with kubectl', async () => {
    const page = await wizardPage('light');
    await page.getByRole('switch', { name: 'Advanced Mode' }).check();
    await fillSetup(page, 'advanced-tenant', ADVANCED_NS);
    await next(page);
    await page.getByRole('checkbox', { name: 'Expose Console Service' }).uncheck();
    await next(page);
    await page.getByRole('textbox', { name: 'MinIO Image' }).fill('minio/minio:RELEASE.2021-10-06T23-36-31Z');
    await next(page);
    await page.getByRole('radio', { name: 'Node Selector' }).check();
    await page.getByRole('combobox', { name: 'Key 1' }).click();
    await page.getByRole('option', { name: 'topology.kubernetes.io/zone' }).click();
    expect(await page.getByRole('combobox', { name: 'Value 1' }).inputValue()).toBe('zone-a');
    await next(page);
    await page.getByRole('button', { name: 'Add user' }).click();
    await next(page);
    await page.getByRole('switch', { name: 'Enable AutoCert' }).waitFor();
    await next(page);
    await page.getByRole('switch', { name: 'Enable Server Side Encryption' }).check();
    await page.getByRole('textbox', { name: /^Endpoint/ }).fill('https://vault.example:8200');
    await page.getByRole('textbox', { name: /^AppRole ID/ }).fill('wizard-role');
    await page.getByLabel(/^AppRole Secret/).fill('wizard-approle-secret');
    await next(page);
    await page.getByRole('row', { name: 'TLS Enabled' }).waitFor();
    await page.getByText('+ kind: Tenant').waitFor();
    const yaml = await page.getByLabel('What will be applied').textContent();
    expect(yaml).toContain('topology.kubernetes.io/zone: zone-a');
    expect(yaml).not.toContain('wizard-approle-secret');
    await createAndReadCredentials(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/tenants');

    const tenant = kubectlTenant(ADVANCED_NS, 'advanced-tenant');
    expect(tenant.spec.image).toBe('minio/minio:RELEASE.2021-10-06T23-36-31Z');
    expect(tenant.spec.pools[0]?.nodeSelector).toEqual({ 'topology.kubernetes.io/zone': 'zone-a' });
    expect(tenant.spec.kes).toBeTruthy();
    expect(tenant.spec.users).toHaveLength(2);
    await page.context().close();
  }, 180_000);

  test('every step in both themes, axe clean', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await wizardPage(scheme);
      await page.getByRole('switch', { name: 'Advanced Mode' }).check();
      // A namespace that does not exist yet: the add-namespace icon and its modal create it.
      await fillNames(page, 'shots-tenant', `wizard-shots-${scheme}`);
      await page.getByText('Please enter a valid namespace').waitFor();
      await page.getByRole('button', { name: 'Add namespace' }).click();
      const modal = page.getByRole('dialog', { name: 'Create Namespace' });
      await modal.waitFor();
      await screenshot(page, `30-${scheme}-tenant-wizard-0-add-namespace`);
      expect(await axeViolations(page), `${scheme} add namespace`).toEqual([]);
      await modal.getByRole('button', { name: 'Create Namespace' }).click();
      await modal.waitFor({ state: 'hidden' });
      await sizingOpen(page);
      const steps = [
        'setup',
        'configure',
        'images',
        'placement',
        'identity',
        'security',
        'encryption',
        'review',
      ];
      for (const [index, step] of steps.entries()) {
        if (step === 'encryption')
          await page.getByRole('switch', { name: 'Enable Server Side Encryption' }).check();
        await screenshot(page, `30-${scheme}-tenant-wizard-${index + 1}-${step}`);
        expect(await axeViolations(page), `${scheme} ${step}`).toEqual([]);
        if (step === 'encryption')
          await page.getByRole('switch', { name: 'Enable Server Side Encryption' }).uncheck();
        if (index < steps.length - 1) await next(page);
      }
      await page.context().close();
    }
  }, 240_000);
});
