import { selfSignedPair } from '@stowage/console-api/test-support/tenants/certificates';
import { testPool } from '@stowage/console-api/test-support/tenants/hop-tenant';
import {
  createClaim,
  createEvent,
  createPod,
  mustSucceed,
} from '@stowage/console-api/test-support/tenants/kube-objects';
import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { axeViolations } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { type OperatorConsole, startOperatorConsole } from './support/stack.js';

// The tenant detail tabs of operator mode in Chromium, against the built `stowage console
// --operator` on a real kube-apiserver: Pods (list, events, the fake kubelet's log with Follow),
// Volumes, Security, Pools with Expand Tenant, and Edit YAML through a conflict.

const NS = 'tabs-e2e';
const TENANT = 'tenant-tabs';
const POD = `${TENANT}-pool-0-0`;
const DETAIL = `/namespaces/${NS}/tenants/${TENANT}`;
const TENANT_API = `/apis/minio.min.io/v2/namespaces/${NS}/tenants/${TENANT}`;
const LABELS = { 'v1.min.io/tenant': TENANT, 'v1.min.io/pool': 'pool-0' };

let cluster: Cluster;
let operator: OperatorConsole;
let browser: Browser;
let adminToken: string;
let readOnlyToken: string;

/** An admin call that must succeed: the test's own set-up, straight to the API server. */
const kube = mustSucceed((...args) => cluster.api(...args));

beforeAll(async () => {
  [cluster, browser] = await Promise.all([startCluster(), launchBrowser()]);
  await kube('POST', '/api/v1/namespaces', { metadata: { name: NS } });
  const pair = selfSignedPair('minio', {
    days: 20,
    subjectAltName: `DNS:minio.${NS}.svc.cluster.local,DNS:*.${TENANT}-hl.${NS}.svc.cluster.local`,
  });
  await kube('POST', `/api/v1/namespaces/${NS}/secrets`, {
    metadata: { name: `${TENANT}-cert`, labels: { 'v1.min.io/tenant': TENANT } },
    type: 'kubernetes.io/tls',
    data: { 'tls.crt': pair.crt, 'tls.key': pair.key },
  });
  await kube('POST', `/apis/minio.min.io/v2/namespaces/${NS}/tenants`, {
    apiVersion: 'minio.min.io/v2',
    kind: 'Tenant',
    metadata: { name: TENANT, namespace: NS },
    spec: {
      image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
      pools: [testPool('10Gi')],
      requestAutoCert: false,
      externalCertSecret: [{ name: `${TENANT}-cert`, type: 'kubernetes.io/tls' }],
    },
  });
  const pod = await createPod(kube, NS, POD, LABELS, { ip: '10.1.0.4', restarts: 1 });
  await createPod(kube, NS, `${TENANT}-pool-0-1`, LABELS, { ip: '10.1.0.5' });
  await createEvent(
    kube,
    NS,
    'ev-started',
    { name: POD, uid: pod.metadata.uid },
    new Date().toISOString(),
    'Started',
  );
  await createClaim(kube, NS, `data0-${POD}`, { 'v1.min.io/tenant': TENANT }, 'standard');
  cluster.setPodLog(NS, POD, 'minio', 'Status: 4 Online, 0 Offline.\nAPI: https://10.1.0.4:9000\n');
  operator = await startOperatorConsole(cluster.kubeconfigPath);
  adminToken = await cluster.createServiceAccountToken('stowage-system', 'tabs-admin', 'cluster-admin');
  readOnlyToken = await cluster.createReadOnlyToken();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await operator?.stop();
  await cluster?.stop();
});

/** A page of the operator console logged in with `token`, at `path`. */
async function operatorPage(
  path: string,
  scheme: 'light' | 'dark' = 'light',
  token = adminToken,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((s) => localStorage.setItem('stowage-color-scheme', s), scheme);
  const page = await context.newPage();
  const login = await page.request.post(`${operator.consoleUrl}/api/v1/login/operator`, {
    data: { jwt: token },
  });
  expect(login.status()).toBe(204);
  await page.goto(`${operator.consoleUrl}${path}`);
  return page;
}

/** Both themes of one screen: a screenshot each, and no axe violation. */
async function bothThemes(path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await operatorPage(path, scheme);
    await ready(page);
    await screenshot(page, `30-${scheme}-${name}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  }
}

describe('tenant detail tabs', () => {
  test("Pods: the tenant's pods, a pod's events, and its log from the kubelet with Follow", async () => {
    const page = await operatorPage(`${DETAIL}/pods`);
    const pods = page.getByRole('table', { name: 'Pods' });
    await pods.getByRole('row', { name: new RegExp(POD) }).waitFor();
    await expect(pods.getByRole('row').count()).resolves.toBe(3);
    await page.getByRole('link', { name: `View pod ${POD}` }).click();
    await page.waitForURL((url) => url.pathname === `${DETAIL}/pods/${POD}`);
    const events = page.getByRole('table', { name: `Events of pod ${POD}` });
    await events.getByRole('row', { name: /Started on tenant-tabs-pool-0-0/ }).waitFor();
    await page.getByRole('tab', { name: 'Logs' }).click();
    const log = page.getByRole('log', { name: `Log of pod ${POD}` });
    await log.getByText('Status: 4 Online, 0 Offline.').waitFor();
    await page.getByRole('switch', { name: 'Follow' }).check();
    cluster.setPodLog(
      NS,
      POD,
      'minio',
      'Status: 4 Online, 0 Offline.\nAPI: https://10.1.0.4:9000\nHealed 12 objects\n',
    );
    await log.getByText('Healed 12 objects').waitFor();
    await page.getByRole('searchbox', { name: 'Search the log' }).fill('healed');
    await page.getByText('1 matching line').waitFor();
    await page.context().close();

    await bothThemes(`${DETAIL}/pods`, 'tenant-pods', (p) =>
      p.getByRole('row', { name: new RegExp(POD) }).waitFor(),
    );
    await bothThemes(`${DETAIL}/pods/${POD}`, 'tenant-pod-events', (p) =>
      p.getByRole('row', { name: /Started on/ }).waitFor(),
    );
  }, 180_000);

  test('Pods: a read-only token sees delete disabled, with the reason', async () => {
    const page = await operatorPage(`${DETAIL}/pods`, 'light', readOnlyToken);
    const remove = page.getByRole('button', { name: `Delete pod ${POD}` });
    await remove.waitFor();
    await expect.poll(() => remove.isDisabled()).toBe(true);
    await page
      .getByText('Your access token may not delete pods in this namespace')
      .first()
      .waitFor({ state: 'attached' });
    await page.context().close();
  }, 120_000);

  test("Volumes: the tenant's claims", async () => {
    await bothThemes(`${DETAIL}/volumes`, 'tenant-volumes', async (page) => {
      const row = page
        .getByRole('table', { name: 'Volumes' })
        .getByRole('row', { name: new RegExp(`data0-${POD}`) });
      await row.waitFor();
      expect(await row.textContent()).toContain('standard');
    });
  }, 120_000);

  test('Security: the custom certificate with its domains and expiry (soon)', async () => {
    await bothThemes(`${DETAIL}/security`, 'tenant-security', async (page) => {
      const cert = page.getByRole('group', { name: `${TENANT}-cert` });
      await cert.waitFor();
      expect(await cert.getAttribute('data-expiry')).toBe('soon');
      expect(await cert.textContent()).toContain(`minio.${NS}.svc.cluster.local`);
    });
  }, 120_000);

  test('Pools: Expand Tenant adds a pool to the Tenant in the API server', async () => {
    const page = await operatorPage(`${DETAIL}/pools`);
    await page
      .getByRole('table', { name: 'Pools' })
      .getByRole('row', { name: /pool-0/ })
      .waitFor();
    await page.getByRole('button', { name: 'Expand Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Expand Tenant' });
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /^Storage Class/ }).inputValue())
      .not.toBe(''); // the first of the namespace's classes is chosen
    await dialog.getByRole('textbox', { name: 'Pool Name' }).fill('pool-1');
    await dialog.getByRole('textbox', { name: /^Volume Size/ }).fill('20');
    await dialog.getByText('Raw Capacity: 80 GiB').waitFor();
    await screenshot(page, '30-light-tenant-expand');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('table', { name: 'Pools' })
      .getByRole('row', { name: /pool-1/ })
      .waitFor();
    const tenant = await kube('GET', TENANT_API);
    expect(tenant.spec.pools.map((p: { name: string }) => p.name)).toEqual(['pool-0', 'pool-1']);
    expect(tenant.spec.pools[1]).toMatchObject({ servers: 4, volumesPerServer: 1 });
    await page.context().close();
  }, 120_000);

  test('Edit YAML: a conflicting change is explained, and the edits are kept on the current version', async () => {
    const page = await operatorPage(`${DETAIL}/summary`);
    await page.getByRole('button', { name: 'Edit YAML' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit YAML' });
    const editor = dialog.getByRole('textbox', { name: 'Tenant YAML' });
    await editor.waitFor();
    await dialog.getByText('Valid against the Tenant schema').waitFor();
    await screenshot(page, '30-light-tenant-edit-yaml');

    // The text the editor holds, with a label added, typed over it.
    const res = await page.request.get(`${operator.consoleUrl}/api/v1${DETAIL}/yaml`);
    const doc = parseDocument(((await res.json()) as { yaml: string }).yaml);
    doc.setIn(['metadata', 'labels', 'edited-in'], 'console');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(doc.toString());
    // Someone else changes the tenant meanwhile.
    await kube(
      'PATCH',
      TENANT_API,
      { metadata: { annotations: { 'changed-by': 'kubectl' } } },
      'application/merge-patch+json',
    );

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The tenant changed since you opened it').waitFor();
    await screenshot(page, '30-light-tenant-edit-yaml-conflict');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep my edits on the current version' }).click();
    await dialog.getByText('The tenant changed since you opened it').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const tenant = await kube('GET', TENANT_API);
    expect(tenant.metadata.labels?.['edited-in']).toBe('console');
    await page.context().close();
  }, 120_000);

  test('Edit YAML in the dark theme', async () => {
    const page = await operatorPage(`${DETAIL}/summary`, 'dark');
    await page.getByRole('button', { name: 'Edit YAML' }).click();
    await page
      .getByRole('dialog', { name: 'Edit YAML' })
      .getByText('Valid against the Tenant schema')
      .waitFor();
    await screenshot(page, '30-dark-tenant-edit-yaml');
    expect(await axeViolations(page)).toEqual([]);
    // A change made meanwhile turns Save into the conflict explanation.
    await kube(
      'PATCH',
      TENANT_API,
      { metadata: { annotations: { 'changed-by': 'kubectl-again' } } },
      'application/merge-patch+json',
    );
    const dialog = page.getByRole('dialog', { name: 'Edit YAML' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The tenant changed since you opened it').waitFor();
    await screenshot(page, '30-dark-tenant-edit-yaml-conflict');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  }, 120_000);

  test('Expand Tenant in the dark theme', async () => {
    const page = await operatorPage(`${DETAIL}/pools`, 'dark');
    await page.getByRole('button', { name: 'Expand Tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Expand Tenant' });
    await dialog.getByRole('textbox', { name: 'Pool Name' }).fill('pool-dark');
    await dialog.getByRole('textbox', { name: /^Volume Size/ }).fill('20');
    await dialog.getByText('Raw Capacity: 80 GiB').waitFor();
    await screenshot(page, '30-dark-tenant-expand');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  }, 120_000);
});
