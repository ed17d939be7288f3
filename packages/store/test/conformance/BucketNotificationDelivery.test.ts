import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import {
  type Received,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@stowage/test-support/peers/webhook-receiver';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Bucket events delivered to a notify_webhook target (a real HTTP endpoint), as MinIO
// delivers them: matched by event name, prefix and suffix, one record per POST, in order.

const {
  CreateBucketCommand,
  DeleteObjectCommand,
  PutBucketNotificationConfigurationCommand,
  PutObjectCommand,
} = s3sdk;

interface EventLog {
  EventName: string;
  Key: string;
  Records: {
    eventName: string;
    s3: {
      configurationId: string;
      bucket: { name: string };
      object: { key: string; size?: number; eTag?: string };
    };
  }[];
}

let t: TestStore;
let hook: WebhookReceiver;
const ARN = 'arn:minio:sqs::primary:webhook';
beforeAll(async () => {
  hook = await startWebhookReceiver();
  t = await startTestStore();
  const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await admin.config.setKV(`notify_webhook:primary endpoint=${hook.url}/events auth_token=hook-token`);
  await t.s3.send(new CreateBucketCommand({ Bucket: 'watched' }));
});
afterAll(async () => {
  await t.close();
  await hook.close();
});

const logs = () => hook.received.filter((r) => r.path === '/events').map((r) => r.body as EventLog);
const put = (Key: string) =>
  t.s3.send(new PutObjectCommand({ Bucket: 'watched', Key, Body: 'twelve bytes' }));
const waitForKey = (key: string): Promise<Received> =>
  hook.waitFor((r) => (r.body as EventLog).Key === `watched/${key}`);

describe('bucket notification delivery', () => {
  it('POSTs matching events only, in order, with the bearer token and the escaped record key', async () => {
    await t.s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'watched',
        NotificationConfiguration: {
          QueueConfigurations: [
            {
              Id: 'incoming',
              QueueArn: ARN,
              Events: ['s3:ObjectCreated:*'],
              Filter: {
                Key: {
                  FilterRules: [
                    { Name: 'prefix', Value: 'in/' },
                    { Name: 'suffix', Value: '.txt' },
                  ],
                },
              },
            },
          ],
        },
      }),
    );
    await put('in/a b.txt');
    await put('out/skipped.txt'); // wrong prefix
    await put('in/skipped.bin'); // wrong suffix
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'watched', Key: 'in/a b.txt' })); // not subscribed
    await put('in/last.txt');
    const last = await waitForKey('in/last.txt');

    expect(logs().map((l) => l.Key)).toEqual(['watched/in/a b.txt', 'watched/in/last.txt']);
    const first = logs()[0]!;
    expect(first.EventName).toBe('s3:ObjectCreated:Put');
    expect(first.Records).toHaveLength(1);
    expect(first.Records[0]).toMatchObject({
      eventName: 's3:ObjectCreated:Put',
      s3: {
        configurationId: 'incoming',
        bucket: { name: 'watched' },
        object: { key: 'in%2Fa+b.txt', size: 12 },
      },
    });
    expect(last.headers.authorization).toBe('Bearer hook-token');
    expect(last.headers['content-type']).toBe('application/json');
  });

  it('follows a changed document: removals delivered once subscribed, nothing after it is deleted', async () => {
    await t.s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'watched',
        NotificationConfiguration: {
          QueueConfigurations: [{ Id: 'gone', QueueArn: ARN, Events: ['s3:ObjectRemoved:*'] }],
        },
      }),
    );
    const before = logs().length;
    await put('doomed.txt'); // created: no longer subscribed
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'watched', Key: 'doomed.txt' }));
    await waitForKey('doomed.txt');
    expect(
      logs()
        .slice(before)
        .map((l) => l.EventName),
    ).toEqual(['s3:ObjectRemoved:Delete']);

    await t.s3.send(
      new PutBucketNotificationConfigurationCommand({ Bucket: 'watched', NotificationConfiguration: {} }),
    );
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'watched', Key: 'in/last.txt' }));
    // A marker event on another target proves the pipeline ran past the delete.
    const count = logs().length;
    await t.s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'watched',
        NotificationConfiguration: {
          QueueConfigurations: [{ QueueArn: ARN, Events: ['s3:ObjectCreated:Put'] }],
        },
      }),
    );
    await put('marker.txt');
    await waitForKey('marker.txt');
    expect(
      logs()
        .slice(count)
        .map((l) => l.Key),
    ).toEqual(['watched/marker.txt']);
  });

  it('keeps events while the endpoint fails and delivers them, in order, when it answers again', async () => {
    const count = logs().length;
    hook.failNext(3);
    await put('retry-1.txt');
    await put('retry-2.txt');
    await waitForKey('retry-2.txt');
    expect(
      logs()
        .slice(count)
        .map((l) => l.Key),
    ).toEqual(['watched/retry-1.txt', 'watched/retry-2.txt']);
  });
});
