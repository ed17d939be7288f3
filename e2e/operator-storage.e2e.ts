import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDrive,
  createVolume,
  DRIVES_PATH,
} from '@stowage/console-api/test-support/direct-csi/direct-csi-objects';
import { type FakeSubnet, startFakeSubnet } from '@stowage/console-api/test-support/subscription/fake-subnet';
import { createClaim } from '@stowage/console-api/test-support/tenants/kube-objects';
import { type Cluster, READ_ONLY_CLUSTER_ROLE, startCluster } from '@stowage/test-support/kube/cluster';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { operatorPageInScheme } from './support/session.js';
import { type OperatorConsole, startOperatorConsole } from './support/stack.js';

// Operator mode's Storage and Licence pages (spec 002 §2.6, §2.8) in Chromium against the built
// `stowage console --operator` on a real kube-apiserver: volume claims and direct-csi drives made
// in the API server, a drive formatted (its spec checked there), a refusal shown in Format
// Errors, the direct-CSI notice for a token that may not read drives, licence activation and
// refresh against a fake SUBNET, and a read-only token's disabled controls.

const NS = 'storage-e2e';
const GIB = 1024 ** 3;
const SCHEMES = ['light', 'dark'] as const;
/** A role that reads everything but the direct-csi driver's objects. */
const NO_DIRECT_CSI_ROLE = 'stowage-e2e-no-direct-csi';

let cluster: Cluster;
let operator: OperatorConsole;
let browser: Browser;
let subnet: FakeSubnet;
let keyDir: string;
const tokens = { admin: '', viewer: '', noDirectCsi: '' };

async function kube(method: string, path: string, body?: unknown, contentType?: string) {
  const res = await cluster.api(method, path, body, contentType);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function driveSpec(name: string) {
  return ((await kube('GET', `${DRIVES_PATH}/${name}`)) as { spec: Record<string, unknown> }).spec;
}

beforeAll(async () => {
  [cluster, browser, subnet, keyDir] = await Promise.all([
    startCluster(),
    launchBrowser(),
    startFakeSubnet(),
    mkdtemp(join(tmpdir(), 'stowage-subnet-key-')),
  ]);
  const publicKeyFile = join(keyDir, 'subnet.pem');
  await writeFile(publicKeyFile, subnet.publicKeyPem);
  operator = await startOperatorConsole(cluster.kubeconfigPath, {
    CONSOLE_SUBNET_URL: subnet.url,
    STOWAGE_SUBNET_PUBLIC_KEY: publicKeyFile,
  });
  await kube('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', {
    metadata: { name: NO_DIRECT_CSI_ROLE },
    rules: [
      {
        apiGroups: ['', 'minio.min.io', 'storage.k8s.io'],
        resources: ['*'],
        verbs: ['get', 'list', 'watch'],
      },
    ],
  });
  [tokens.admin, tokens.viewer, tokens.noDirectCsi] = await Promise.all([
    cluster.createServiceAccountToken('stowage-system', 'storage-admin', 'cluster-admin'),
    cluster.createServiceAccountToken('stowage-system', 'storage-viewer', READ_ONLY_CLUSTER_ROLE),
    cluster.createServiceAccountToken('stowage-system', 'storage-no-csi', NO_DIRECT_CSI_ROLE),
  ]);

  await kube('POST', '/api/v1/namespaces', { metadata: { name: NS } });
  await createClaim(kube, NS, 'data0-alpha-pool-0-0', { 'v1.min.io/tenant': 'alpha' }, 'standard');
  await createClaim(kube, NS, 'data0-beta-pool-0-0', { 'v1.min.io/tenant': 'beta' }, 'fast');
  await createDrive(kube, 'drive-sdb-node-1', {
    path: '/var/lib/direct-csi/devices/sdb',
    nodeName: 'node-1',
    driveStatus: 'InUse',
    filesystem: 'xfs',
    totalCapacity: 100 * GIB,
    allocatedCapacity: 30 * GIB,
  });
  await createDrive(kube, 'drive-sdc-node-2', {
    path: '/dev/sdc',
    nodeName: 'node-2',
    driveStatus: 'Available',
    totalCapacity: 10 * GIB,
  });
  await createDrive(kube, 'drive-sdd-node-2', {
    path: '/dev/sdd',
    nodeName: 'node-2',
    driveStatus: 'Available',
    filesystem: 'ext4',
    totalCapacity: 20 * GIB,
  });
  for (const name of ['pvc-1', 'pvc-2']) {
    await createVolume(kube, name, 'drive-sdb-node-1', 'node-1', 10 * GIB);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await operator?.stop();
  await subnet?.close();
  await cluster?.stop();
  if (keyDir) await rm(keyDir, { recursive: true, force: true });
});

/** A page of the operator console, logged in with `token`, in a colour scheme. */
const operatorPage = (token: string, scheme: 'light' | 'dark' = 'light'): Promise<Page> =>
  operatorPageInScheme(browser, operator.consoleUrl, token, scheme);

/** The screenshot e2e/screenshots/39-<scheme>-<name>.png and axe, of the page as it is now. */
async function record(page: Page, scheme: string, name: string): Promise<void> {
  await screenshot(page, `39-${scheme}-${name}`);
  const violations = await axeViolations(page);
  expect(violations, `${scheme}/${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

const cellTexts = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows
        .slice(1)
        .map((row) => Array.from(row.querySelectorAll('[role="cell"]'), (c) => c.textContent ?? '')),
    );

describe('Storage › Volumes', () => {
  test.each(SCHEMES)(
    '/storage opens the volume claims of every tenant (%s)',
    async (scheme) => {
      const page = await operatorPage(tokens.admin, scheme);
      try {
        await page.goto(`${operator.consoleUrl}/storage/anything`);
        await page.waitForURL((url) => url.pathname === '/storage/volumes');
        await page.getByRole('row', { name: /data0-beta-pool-0-0/ }).waitFor();
        const rows = await cellTexts(page, 'Volumes');
        expect(rows.map((cells) => cells.slice(0, 6))).toEqual([
          ['data0-alpha-pool-0-0', NS, 'Bound', `${NS}/alpha`, '10Gi', 'standard'],
          ['data0-beta-pool-0-0', NS, 'Bound', `${NS}/beta`, '10Gi', 'fast'],
        ]);
        expect(await page.getByRole('link', { name: `View tenant ${NS}/beta` }).getAttribute('href')).toBe(
          `/namespaces/${NS}/tenants/beta`,
        );
        await record(page, scheme, 'storage-volumes');
        await page.getByRole('searchbox', { name: 'Search Volumes (PVCs)' }).fill('alpha');
        await page.getByRole('row', { name: /data0-beta-pool-0-0/ }).waitFor({ state: 'detached' });
        expect(await cellTexts(page, 'Volumes')).toHaveLength(1);
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );
});

describe('Storage › Drives', () => {
  test.each(SCHEMES)(
    'the drives of the cluster (%s)',
    async (scheme) => {
      const page = await operatorPage(tokens.admin, scheme);
      try {
        await page.goto(`${operator.consoleUrl}/storage/drives`);
        await page.getByRole('row', { name: /\/dev\/sdd/ }).waitFor();
        const rows = await cellTexts(page, 'Drives');
        expect(rows.map((cells) => cells.slice(1, 7))).toEqual([
          ['/dev/sdb', '100.0 GiB', '30.0 GiB', '2', 'node-1', 'InUse'],
          ['/dev/sdc', '10.0 GiB', '0 B', '0', 'node-2', 'Available'],
          ['/dev/sdd', '20.0 GiB', '0 B', '0', 'node-2', 'Available'],
        ]);
        expect(await page.getByRole('button', { name: 'Format Selected Drives' }).isDisabled()).toBe(true);
        await record(page, scheme, 'storage-drives');
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );

  test('select and format a drive: the driver is asked for xfs in the API server', async () => {
    const page = await operatorPage(tokens.admin);
    try {
      await page.goto(`${operator.consoleUrl}/storage/drives`);
      await page.getByRole('checkbox', { name: 'Select /dev/sdc on node-2' }).check();
      await page.getByRole('button', { name: 'Format Selected Drives' }).click();
      const dialog = page.getByRole('dialog', { name: 'Format Drive' });
      await dialog.getByText(/will be erased and cannot be recovered/).waitFor();
      const submit = dialog.getByRole('button', { name: 'Format', exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Confirmation' }).fill('YES, PROCEED');
      await record(page, 'light', 'storage-format-confirm');
      await submit.click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await driveSpec('drive-sdc-node-2')).toEqual({
        directCSIOwned: true,
        requestedFormat: { filesystem: 'xfs', force: false },
      });
      // The drive with a file system is refused without force, formatted with it.
      await page.getByRole('button', { name: 'Format /dev/sdd on node-2' }).click();
      await dialog.getByRole('textbox', { name: 'Confirmation' }).fill('YES, PROCEED');
      await dialog.getByRole('checkbox', { name: /Force format/ }).check();
      await submit.click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await driveSpec('drive-sdd-node-2')).toEqual({
        directCSIOwned: true,
        requestedFormat: { filesystem: 'xfs', force: true },
      });
    } finally {
      await page.context().close();
    }
  }, 120_000);

  test.each(SCHEMES)(
    'a refused format opens Format Errors with the reason (%s)',
    async (scheme) => {
      const page = await operatorPage(tokens.admin, scheme);
      try {
        await page.goto(`${operator.consoleUrl}/storage/drives`);
        await page.getByRole('button', { name: 'Format /dev/sdb on node-1' }).click();
        const confirm = page.getByRole('dialog', { name: 'Format Drive' });
        await confirm.getByRole('textbox', { name: 'Confirmation' }).fill('YES, PROCEED');
        await confirm.getByRole('button', { name: 'Format', exact: true }).click();
        const errors = page.getByRole('dialog', { name: 'Format Errors' });
        await errors
          .getByText(
            'There were some issues trying to format the selected CSI Drives, please fix the issues and try again.',
          )
          .waitFor();
        expect(await errors.getByRole('row').allTextContents()).toContain(
          'node-1/dev/sdbDrive in use. Cannot be formatted',
        );
        await record(page, scheme, 'storage-format-errors');
        // The drive in use was left alone.
        expect(await driveSpec('drive-sdb-node-1')).toEqual({ directCSIOwned: false });
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );

  test.each(SCHEMES)(
    'a token that may not read drives sees the direct CSI notice (%s)',
    async (scheme) => {
      const page = await operatorPage(tokens.noDirectCsi, scheme);
      try {
        await page.goto(`${operator.consoleUrl}/storage/drives`);
        await page
          .getByText(
            'To manage locally attached drives you need to install the direct CSI driver in the cluster.',
          )
          .waitFor();
        expect(await page.getByRole('button', { name: 'Format Selected Drives' }).isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: 'Format All Drives' }).isDisabled()).toBe(true);
        await record(page, scheme, 'storage-drives-no-csi');
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );

  test('a read-only token: the format controls are disabled with the reason', async () => {
    const page = await operatorPage(tokens.viewer);
    try {
      await page.goto(`${operator.consoleUrl}/storage/drives`);
      await page.getByRole('row', { name: /\/dev\/sdd/ }).waitFor();
      for (const name of ['Format All Drives', 'Format /dev/sdc on node-2']) {
        const button = page.getByRole('button', { name, exact: true });
        expect(await button.isDisabled()).toBe(true);
        const reasonId = await button.getAttribute('aria-describedby');
        expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe(
          'This token is read-only: it may not format drives',
        );
      }
      await record(page, 'light', 'storage-drives-read-only');
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('Licence in operator mode', () => {
  test('a read-only token cannot activate', async () => {
    const page = await operatorPage(tokens.viewer);
    try {
      await page.goto(`${operator.consoleUrl}/license`);
      await page.getByRole('heading', { name: 'GNU Affero General Public License' }).waitFor();
      expect(await page.getByRole('button', { name: 'Activate' }).isDisabled()).toBe(true);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  test('activate with the SUBNET account, then Refresh Licence renews it', async () => {
    const page = await operatorPage(tokens.admin);
    try {
      await page.goto(`${operator.consoleUrl}/license`);
      await page.getByRole('heading', { name: 'GNU Affero General Public License' }).waitFor();
      const external = await page
        .getByRole('main')
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('http')),
        );
      expect(external.length).toBeGreaterThan(0);
      for (const href of external) expect(new URL(href).searchParams.get('ref')).toBe('op');

      await page.getByRole('button', { name: 'Activate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Activate Product' });
      const account = dialog.getByRole('form', { name: 'Activate with a SUBNET account' });
      await account.getByRole('textbox', { name: 'Email' }).fill(subnet.account.email);
      await account.getByLabel('Password', { exact: true }).fill('not the password');
      await account.getByRole('button', { name: 'Activate' }).click();
      await dialog.getByText(/invalid username or password/).waitFor();
      await record(page, 'light', 'license-activate-refused');

      await account.getByRole('textbox', { name: 'Email' }).fill(subnet.account.email);
      await account.getByLabel('Password', { exact: true }).fill(subnet.account.password);
      await account.getByRole('button', { name: 'Activate' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: 'Commercial License' }).waitFor();
      const secret = (await kube('GET', '/api/v1/namespaces/default/secrets/subnet-license')) as {
        data: Record<string, string>;
      };
      expect(Object.keys(secret.data)).toEqual(['CONSOLE_SUBNET_LICENSE']);

      await page.getByRole('button', { name: 'Refresh Licence' }).click();
      await page.getByText('The license was renewed with SUBNET').waitFor();
      expect(subnet.requests.map((r) => r.call)).toContain('POST /api/auth/subscription/renew-license');
      // The renewed licence is the Standard plan (the fake SUBNET's renewal).
      await page.locator('th[data-plan="standard"][aria-current="true"]').waitFor();
    } finally {
      await page.context().close();
    }
  }, 120_000);

  test.each(SCHEMES)(
    'the activated licence (%s)',
    async (scheme) => {
      const page = await operatorPage(tokens.admin, scheme);
      try {
        await page.goto(`${operator.consoleUrl}/license`);
        await page.getByRole('heading', { name: 'Commercial License' }).waitFor();
        await page.getByRole('button', { name: 'Refresh Licence' }).waitFor();
        await record(page, scheme, 'license-operator');
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );
});
