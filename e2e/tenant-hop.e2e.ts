import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { hopTenantObjects } from '@stowage/console-api/test-support/tenants/hop-tenant';
import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { operatorPageInScheme } from './support/session.js';
import {
  type OperatorConsole,
  rootS3,
  type Stack,
  startOperatorConsole,
  startStack,
} from './support/stack.js';

// Operator mode's "Manage Tenant" in a real browser: the built `stowage console --operator` on a
// real kube-apiserver, a tenant whose console is a built `stowage start`, and Chromium framing
// that tenant console through /api/proxy/{ns}/{tenant}/ from the operator console's own page.

const NS = 'hop-e2e';
const TENANT = 'tenant-e2e';
const PROXY = `/api/proxy/${NS}/${TENANT}`;

let cluster: Cluster;
let tenant: Stack;
let operator: OperatorConsole;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  [cluster, tenant, browser] = await Promise.all([startCluster(), startStack(), launchBrowser()]);
  const ok = (res: { status: number; body: unknown }) => {
    if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  };
  ok(await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: NS } }));
  const { secret, tenant: object } = hopTenantObjects(
    NS,
    TENANT,
    { accessKey: tenant.rootUser, secretKey: tenant.rootPassword },
    { requestAutoCert: false },
  );
  ok(await cluster.api('POST', `/api/v1/namespaces/${NS}/secrets`, secret));
  ok(await cluster.api('POST', `/apis/minio.min.io/v2/namespaces/${NS}/tenants`, object));
  operator = await startOperatorConsole(cluster.kubeconfigPath, {
    STOWAGE_KUBE_SERVICE_HOSTS: `${TENANT}-console.${NS}=127.0.0.1:${tenant.consolePort},minio.${NS}=127.0.0.1:${tenant.s3Port}`,
  });
  adminToken = await cluster.createServiceAccountToken('stowage-system', 'hop-admin', 'cluster-admin');
  const s3 = rootS3(tenant);
  await s3.send(new CreateBucketCommand({ Bucket: 'tenant-data' }));
  s3.destroy();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await operator?.stop();
  await tenant?.stop();
  await cluster?.stop();
});

/** A page of the operator console, logged in with the admin service-account token. */
const operatorPage = (scheme: 'light' | 'dark'): Promise<Page> =>
  operatorPageInScheme(browser, operator.consoleUrl, adminToken, scheme);

/** The tenant console in an iframe of the operator console's own page, as the hop page frames it. */
async function frameTenant(page: Page): Promise<Frame> {
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.id = 'hop';
    frame.src = src;
    frame.style.cssText =
      'position:fixed;inset:0;width:100vw;height:100vh;border:0;z-index:10000;background:white';
    document.body.appendChild(frame);
  }, `${PROXY}/?cp=y`);
  const handle = await page.waitForSelector('iframe#hop');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the frame did not load');
  return frame;
}

describe('Manage Tenant through the hop proxy', () => {
  test('the framed tenant console works, and changes the tenant with its own CSRF token', async () => {
    const page = await operatorPage('light');
    const operatorToken = await page.evaluate(() => localStorage.getItem('token'));
    const frame = await frameTenant(page);
    // Logged in already (the proxy holds the tenant session): the frame lands on the tenant's
    // first page, its dashboard, and its own links stay under the proxy.
    await frame.waitForURL((url) => url.pathname === `${PROXY}/dashboard`);
    await frame.goto(`${operator.consoleUrl}${PROXY}/buckets`);
    await frame.getByRole('article', { name: 'tenant-data' }).waitFor();

    await frame.getByRole('button', { name: 'Create Bucket' }).click();
    const dialog = frame.getByRole('dialog', { name: 'Create Bucket' });
    await dialog.getByRole('textbox', { name: 'Bucket Name' }).fill('made-in-frame');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await frame.getByRole('article', { name: 'made-in-frame' }).waitFor();
    const s3 = rootS3(tenant);
    await s3.send(new HeadBucketCommand({ Bucket: 'made-in-frame' }));
    s3.destroy();

    // Same origin, same storage: the operator console's token is still its own.
    const tokens = await page.evaluate(() => ({ ...localStorage }));
    expect(tokens.token).toBe(operatorToken);
    expect(tokens[`token:${'/api/proxy/hop-e2e/tenant-e2e'}`]).toBeTruthy();
    expect(tokens[`token:${'/api/proxy/hop-e2e/tenant-e2e'}`]).not.toBe(operatorToken);
    // The browser holds no tenant cookie, only the operator's session.
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).toEqual(['token']);
    expect(JSON.stringify(cookies)).not.toContain(tenant.rootPassword);
    await page.context().close();
  }, 120_000);

  test('the tenant console under the proxy in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await operatorPage(scheme);
      await page.goto(`${operator.consoleUrl}${PROXY}/buckets`);
      await page.getByRole('article', { name: 'tenant-data' }).waitFor();
      await screenshot(page, `30-${scheme}-tenant-hop`);
      // The proxied page is the tenant console's own, served intact: as accessible as it is.
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
