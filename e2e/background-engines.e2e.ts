import { join } from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { corruptShardFiles } from '@stowage/store/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3, type Store, startStore } from './support/stack.js';

// Issue 37: what the store's background engines do, as the console shows it, against the real
// `stowage start` (four drives). Replication: a rule made from the bucket's Replication tab
// sends an object to a second real store; the tab's Replication Status and the object's
// details follow it. Heal on read: shards flipped on one drive are found by reads; the
// dashboard's Healing panel shows the queue while it drains (slowed by the heal subsystem's
// own max_io/max_sleep) and goes away by itself once it is empty.

const SCHEMES = ['light', 'dark'] as const;
const SOURCE = 'e2e-replicated';
const TARGET = 'e2e-replica';
const HEALED = 'e2e-healed';

const env = stackAndBrowser();
let remote: Store;
let remoteS3: S3Client;
let s3: S3Client;
let admin: MadminClient;

beforeAll(async () => {
  const stack = env.stack();
  remote = await startStore('replica-admin', 'replica-admin-secret');
  remoteS3 = rootS3(remote);
  s3 = rootS3(stack);
  admin = new MadminClient({
    endpoint: stack.s3Url,
    credentials: { accessKey: stack.rootUser, secretKey: stack.rootPassword },
  });
  for (const [client, bucket] of [
    [remoteS3, TARGET],
    [s3, SOURCE],
  ] as const) {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    await client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
  }
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  remoteS3?.destroy();
  await remote?.stop();
});

async function checkAxe(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Waits until `check` holds (a deadline against a hang, not a timing assertion). */
async function until(what: string, check: () => Promise<boolean>, deadlineMs = 90_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`still waiting for ${what}`);
    },
    { timeout: deadlineMs, interval: 200 },
  );
}

async function replicationStatus(client: S3Client, bucket: string, key: string): Promise<string | undefined> {
  return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ReplicationStatus;
}

describe('replication status in the console', () => {
  test('a rule made on the Replication tab sends an object; the tab and the object show it', async () => {
    const stack = env.stack();
    const page = await pageInScheme(env.browser(), stack, 'light');
    await page.goto(`${stack.consoleUrl}/buckets/${SOURCE}/admin/replication`);
    await page.getByRole('button', { name: 'Add Replication Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Bucket Replication' });
    await dialog.getByRole('textbox', { name: /Target URL/ }).fill(new URL(remote.s3Url).host);
    await dialog.getByRole('switch', { name: 'Use TLS' }).uncheck({ force: true });
    await dialog.getByRole('textbox', { name: /Access Key/ }).fill(remote.rootUser);
    await dialog.getByLabel(/Secret Key/).fill(remote.rootPassword);
    await dialog.getByRole('textbox', { name: /Target Bucket/ }).fill(TARGET);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Replication', exact: true }).getByRole('row').nth(1).waitFor();
    await page.context().close();

    await s3.send(new PutObjectCommand({ Bucket: SOURCE, Key: 'report.txt', Body: 'twelve bytes' }));
    await until('the object to reach the second store', async () => {
      return (await replicationStatus(s3, SOURCE, 'report.txt')) === 'COMPLETED';
    });
    expect(await replicationStatus(remoteS3, TARGET, 'report.txt')).toBe('REPLICA');
    const copy = await remoteS3.send(new GetObjectCommand({ Bucket: TARGET, Key: 'report.txt' }));
    expect(await copy.Body?.transformToString()).toBe('twelve bytes');

    for (const scheme of SCHEMES) {
      const shown = await pageInScheme(env.browser(), stack, scheme);
      await shown.goto(`${stack.consoleUrl}/buckets/${SOURCE}/admin/replication`);
      const status = shown.getByRole('table', { name: 'Replication Status', exact: true });
      const row = status.getByRole('row').nth(1);
      await row.waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      // The target is named by its ARN, which ends in the remote bucket.
      expect(cells[0]).toMatch(new RegExp(`^arn:minio:replication:.*:${TARGET}$`));
      expect(cells.slice(1)).toEqual(['0 objects (0 B)', '0 objects (0 B)', '1 objects (12 B)']);
      await shown.getByText('Replicas received from other servers: 0 (0 B)').waitFor();
      await checkAxe(shown, `${scheme}/replication status`);
      await screenshot(shown, `37-${scheme}-replication-status`);

      await shown.goto(`${stack.consoleUrl}/buckets/${SOURCE}/browse/report.txt`);
      await shown.getByRole('heading', { name: 'report.txt' }).waitFor();
      const metadataRow = shown.getByRole('row').filter({ hasText: 'Replication Status' });
      await metadataRow.waitFor();
      expect(await metadataRow.textContent()).toContain('Completed');
      await checkAxe(shown, `${scheme}/object replication status`);
      await screenshot(shown, `37-${scheme}-object-replication`);
      await shown.context().close();
    }
  });
});

describe('the Healing panel on the dashboard', () => {
  test('objects a read found damaged show as waiting, then the panel goes once they are healed', async () => {
    const stack = env.stack();
    const OBJECTS = 6;
    const body = (i: number) => Buffer.alloc(256 * 1024, i + 1);
    await s3.send(new CreateBucketCommand({ Bucket: HEALED }));
    for (let i = 0; i < OBJECTS; i++)
      await s3.send(new PutObjectCommand({ Bucket: HEALED, Key: `obj-${i}`, Body: body(i) }));
    expect(await corruptShardFiles(join(stack.dataDir, 'drive1'), HEALED)).toBeGreaterThanOrEqual(OBJECTS);
    // Each background heal first waits max_sleep while the server is at max_io requests or more:
    // with max_io 0 it always waits, so the queue drains slowly enough to be seen.
    await admin.config.setKV('heal max_io=0 max_sleep=3s');
    for (let i = 0; i < OBJECTS; i++) {
      const got = await s3.send(new GetObjectCommand({ Bucket: HEALED, Key: `obj-${i}` }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body(i))).toBe(true);
    }

    const pages: Page[] = [];
    for (const scheme of SCHEMES) {
      const page = await pageInScheme(env.browser(), stack, scheme);
      pages.push(page);
      await page.goto(`${stack.consoleUrl}/dashboard`);
      const panel = page.getByRole('region', { name: 'Healing' });
      await panel.waitFor();
      expect(await panel.textContent()).toMatch(/\d+ objects? waiting to be healed/);
      await checkAxe(page, `${scheme}/healing panel`);
      await screenshot(page, `37-${scheme}-healing`);
    }

    await admin.config.setKV('heal max_io=100 max_sleep=0s');
    // The dashboard asks again by itself while a heal runs: the panel goes without a reload.
    for (const page of pages) {
      await page.getByRole('region', { name: 'Healing' }).waitFor({ state: 'hidden', timeout: 90_000 });
      await page.context().close();
    }
    const state = await admin.heal.background();
    const queue = Object.values(state.mrf ?? {})[0];
    expect(queue?.items_healed).toBeGreaterThanOrEqual(OBJECTS);
  });
});
