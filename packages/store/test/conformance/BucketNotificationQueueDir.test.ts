import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { startWebhookReceiver, type WebhookReceiver } from '@stowage/test-support/peers/webhook-receiver';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';
import { type DeliveredLog, subscribe, until } from '../support/notifications.js';

// A notification target with a queue_dir keeps undelivered events on disk, as MinIO's queue
// store does: a server stopped while its webhook was down delivers them, in order, after it
// starts again, and removes each file once delivered.

const { CreateBucketCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
let hook: WebhookReceiver;
let admin: MadminClient;
beforeAll(async () => {
  hook = await startWebhookReceiver();
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
});
afterAll(async () => {
  await t.close();
  await hook.close();
});

const eventFiles = async (dir: string) =>
  (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.event'));

describe('notification queue_dir', () => {
  it('delivers the events a stopped server had not delivered, in order, after it starts again', async () => {
    const queueDir = join(t.dir, 'queue');
    const targetDir = join(queueDir, 'minio-webhook-durable');
    await admin.config.setKV(`notify_webhook:durable endpoint=${hook.url}/events queue_dir=${queueDir}`);
    await t.s3.send(new CreateBucketCommand({ Bucket: 'durable' }));
    await subscribe(t, 'durable', ['arn:minio:sqs::durable:webhook']);

    hook.failNext(1_000_000); // The endpoint is down.
    for (const Key of ['one', 'two', 'three'])
      await t.s3.send(new PutObjectCommand({ Bucket: 'durable', Key, Body: Key }));
    expect(
      await until(
        () => eventFiles(targetDir),
        (files) => files.length === 3,
      ),
    ).toHaveLength(3);
    await t.store.close();

    hook.failNext(0); // Back up, while the server is stopped.
    t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
    const delivered = () =>
      hook.received.filter((r) => r.path === '/events').map((r) => (r.body as DeliveredLog).Key);
    expect(
      await until(
        async () => delivered(),
        (keys) => keys.length >= 3,
      ),
    ).toEqual(['durable/one', 'durable/two', 'durable/three']);
    expect(
      await until(
        () => eventFiles(targetDir),
        (files) => files.length === 0,
      ),
    ).toEqual([]);
  });

  it('refuses a queue_dir that is not an absolute path', async () => {
    await expect(
      admin.config.setKV(`notify_webhook:relative endpoint=${hook.url}/events queue_dir=queue`),
    ).rejects.toMatchObject({ message: expect.stringContaining('queueDir path should be absolute') });
  });
});
