import { CreateBucketCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type RedisServer, startRedis } from '@stowage/test-support/peers/redis';
import { startWebhookReceiver, type WebhookReceiver } from '@stowage/test-support/peers/webhook-receiver';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { type ColourScheme, pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3, type Stack } from './support/stack.js';

// Spec 002 §2.1 "Lambda Notifications" through the web app against the real `stowage start`:
// a Webhook target (a real HTTP endpoint) and a Redis target (Debian's redis-server) are added
// from Settings, the server is restarted from the restart bar as it asks, the bucket is
// subscribed to both ARNs on its Events page, and an upload arrives at both targets. Each
// slide is checked with axe in both themes and shot as 36-<scheme>-notifications-*.png.

const SCHEMES: readonly ColourScheme[] = ['light', 'dark'];
const BUCKET = 'e2e-events';
const OBJECT = 'reports/q1.csv';
const REDIS_KEY = 'bucketevents';

const env = stackAndBrowser();
let stack: Stack;
let browser: Browser;
let s3: S3Client;
let redis: RedisServer;
let hook: WebhookReceiver;

beforeAll(async () => {
  stack = env.stack();
  browser = env.browser();
  [redis, hook] = await Promise.all([startRedis(), startWebhookReceiver()]);
  s3 = rootS3(stack);
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  await redis?.close();
  await hook?.close();
});

async function checkAxe(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** From the list to a service's form, through the picker (slide 0 → 1 → 2). */
async function openForm(page: Page, service: string): Promise<void> {
  await page.getByRole('link', { name: 'Add Notification Target' }).click();
  await page
    .getByRole('list', { name: 'Notification services' })
    .getByRole('link', { name: service })
    .click();
  await page.getByRole('heading', { name: `Add ${service} Notification Target` }).waitFor();
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/settings\/notifications$/);
}

async function subscribe(page: Page, arn: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Subscribe to Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe To Event' });
  await dialog.getByRole('combobox', { name: /^ARN/ }).click();
  await page.getByRole('option', { name: arn }).click();
  await dialog.getByRole('checkbox', { name: 'PUT - Object Uploaded' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Redis answers the event once the store has delivered it; asked again until then. */
function redisEvent(field: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const value = await redis.command(['HGET', REDIS_KEY, field]);
      if (typeof value !== 'string') throw new Error(`no event for ${field} in Redis`);
      return value;
    },
    { timeout: 10_000, interval: 100 },
  );
}

describe('Settings → Lambda Notifications', () => {
  test('Webhook and Redis targets from the UI receive a bucket event', async () => {
    const page = await pageInScheme(browser, stack, 'light');
    await page.goto(`${stack.consoleUrl}/settings`);
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Lambda Notifications' })
      .click();
    await page.getByText('There are no notification targets yet').waitFor();

    await openForm(page, 'Webhook');
    await page.getByRole('textbox', { name: /^Identifier/ }).fill('hook1');
    await page.getByRole('textbox', { name: /^Endpoint/ }).fill(hook.url);
    expect(await page.getByRole('textbox', { name: /^Queue Limit/ }).inputValue()).toBe('10000');
    await save(page);

    await openForm(page, 'Redis');
    await page.getByRole('textbox', { name: /^Identifier/ }).fill('cache1');
    await page.getByRole('textbox', { name: /^Address/ }).fill(redis.address);
    await page.getByRole('textbox', { name: /^Key/ }).fill(REDIS_KEY);
    await page.getByLabel(/^Password/).fill(redis.password);
    await save(page);

    // notify_* changes wait for a restart (as in MinIO): the bar offers it, and it clears after.
    const bar = page.getByRole('status').filter({ hasText: 'The server needs to be restarted' });
    await bar.getByRole('button', { name: 'Restart' }).click();
    await bar.waitFor({ state: 'hidden', timeout: 90_000 });

    const table = page.getByRole('table', { name: 'Lambda Notifications' });
    // The status is the server's live view of each target, both reachable here. Right after
    // the restart a target may not have connected yet: Refresh, as a user would, until it has.
    for (const name of ['webhook:hook1', 'redis:cache1']) {
      const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
      const online = row.getByRole('cell', { name: 'Online', exact: true });
      const deadline = Date.now() + 60_000;
      for (;;) {
        await page.getByRole('button', { name: 'Refresh' }).click();
        const shown = await online
          .waitFor({ timeout: 3000 })
          .then(() => true)
          .catch(() => false);
        if (shown) break;
        if (Date.now() > deadline) throw new Error(`${name} never showed Online`);
      }
    }

    await page.goto(`${stack.consoleUrl}/buckets/${BUCKET}/admin/events`);
    await subscribe(page, /:hook1:webhook$/);
    await subscribe(page, /:cache1:redis$/);
    const events = page.getByRole('table', { name: 'Events' });
    await events.getByRole('row').filter({ hasText: ':cache1:redis' }).waitFor();
    await events.getByRole('row').filter({ hasText: ':hook1:webhook' }).waitFor();
    await page.context().close();

    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: OBJECT, Body: 'a,b\n1,2\n' }));
    const delivered = await hook.waitFor((r) => JSON.stringify(r.body).includes('q1.csv'));
    const body = delivered.body as { EventName: string; Key: string };
    expect(body.EventName).toBe('s3:ObjectCreated:Put');
    expect(body.Key).toBe(`${BUCKET}/${OBJECT}`);
    const stored = JSON.parse(await redisEvent(`${BUCKET}/${OBJECT}`)) as {
      Records: { eventName: string; s3: { object: { key: string } } }[];
    };
    expect(stored.Records[0]?.eventName).toBe('s3:ObjectCreated:Put');
    expect(decodeURIComponent(stored.Records[0]?.s3.object.key ?? '')).toBe(OBJECT);
  });

  test('a target that stops answering shows Offline; Delete removes one after confirming', async () => {
    await redis.close();
    // The next delivery to Redis fails, which is what makes the server call the target offline.
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'reports/q2.csv', Body: 'c,d\n' }));
    const page = await pageInScheme(browser, stack, 'light');
    await page.goto(`${stack.consoleUrl}/settings/notifications`);
    const table = page.getByRole('table', { name: 'Lambda Notifications' });
    const redisRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'redis:cache1', exact: true }) });
    const offline = redisRow.getByRole('img', { name: 'Offline' });
    for (let attempt = 0; attempt < 50 && (await offline.count()) === 0; attempt += 1) {
      await page.waitForTimeout(200);
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
    await offline.waitFor();

    await page.getByRole('button', { name: 'Delete webhook:hook1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Notification Target' });
    expect(await dialog.textContent()).toContain('webhook:hook1');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const bar = page.getByRole('status').filter({ hasText: 'The server needs to be restarted' });
    await bar.getByRole('button', { name: 'Restart' }).click();
    await bar.waitFor({ state: 'hidden', timeout: 90_000 });
    // The restarted server lists its targets once it has loaded them again: refresh until it does.
    await vi.waitFor(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        expect(await redisRow.count()).toBe(1);
      },
      { timeout: 30_000, interval: 500 },
    );
    await table.getByRole('cell', { name: 'webhook:hook1', exact: true }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  test('the three slides are axe clean in both themes', async () => {
    for (const scheme of SCHEMES) {
      const page = await pageInScheme(browser, stack, scheme);
      await page.goto(`${stack.consoleUrl}/settings/notifications`);
      await page.getByRole('table', { name: 'Lambda Notifications' }).getByRole('row').nth(1).waitFor();
      await checkAxe(page, `${scheme}/list`);
      await screenshot(page, `36-${scheme}-notifications`);
      await page.getByRole('link', { name: 'Add Notification Target' }).click();
      await page.getByRole('list', { name: 'Notification services' }).waitFor();
      await checkAxe(page, `${scheme}/services`);
      await screenshot(page, `36-${scheme}-notifications-services`);
      await page.getByRole('link', { name: 'Postgres SQL' }).click();
      await page.getByRole('switch', { name: 'Enter the connection settings one by one' }).check();
      await page.getByRole('textbox', { name: /^Queue Limit/ }).fill('many');
      await page.getByText('queue limit must be a number').waitFor();
      await checkAxe(page, `${scheme}/postgres form`);
      await screenshot(page, `36-${scheme}-notifications-postgres`);
      await page.context().close();
    }
  });
});
