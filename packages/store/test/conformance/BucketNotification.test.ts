import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { startWebhookReceiver, type WebhookReceiver } from '@stowage/test-support/peers/webhook-receiver';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const {
  CreateBucketCommand,
  GetBucketNotificationConfigurationCommand,
  PutBucketNotificationConfigurationCommand,
} = s3sdk;

// A notification document may only name targets the store has: a webhook target 'primary'
// is configured through the admin API (the store connects to it when it is set).
let t: TestStore;
let hook: WebhookReceiver;
beforeAll(async () => {
  hook = await startWebhookReceiver();
  // A region set, so that an ARN of another region can be refused (none set takes any).
  t = await startTestStore({ region: 'us-east-1' });
  const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await admin.config.setKV(`notify_webhook:primary endpoint=${hook.url}/hook`);
  await t.s3.send(new CreateBucketCommand({ Bucket: 'events' }));
});
afterAll(async () => {
  await t.close();
  await hook.close();
});

const put = (NotificationConfiguration: s3sdk.NotificationConfiguration) =>
  t.s3.send(new PutBucketNotificationConfigurationCommand({ Bucket: 'events', NotificationConfiguration }));

describe('Get/PutBucketNotification', () => {
  it("takes MinIO's own event names (scanner, replication, transition), and refuses made-up ones", async () => {
    const names = [
      's3:Scanner:ManyVersions',
      's3:Scanner:BigPrefix',
      's3:Replication:OperationFailedReplication',
      's3:ObjectTransition:Complete',
    ];
    await put({
      QueueConfigurations: [{ QueueArn: 'arn:minio:sqs::primary:webhook', Events: names as s3sdk.Event[] }],
    });
    await expect(
      put({
        QueueConfigurations: [
          { QueueArn: 'arn:minio:sqs::primary:webhook', Events: ['s3:Made:Up' as s3sdk.Event] },
        ],
      }),
    ).rejects.toMatchObject({ name: 'InvalidArgument' });
    await put({});
  });

  it('is empty at first; stores a validated document', async () => {
    const empty = await t.s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'events' }));
    expect(empty.QueueConfigurations).toBeUndefined();
    const QueueConfigurations = [
      {
        Id: 'hook',
        QueueArn: 'arn:minio:sqs::primary:webhook',
        Events: ['s3:ObjectCreated:*' as const],
        Filter: { Key: { FilterRules: [{ Name: 'prefix' as const, Value: 'in/' }] } },
      },
    ];
    await put({ QueueConfigurations });
    const got = await t.s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'events' }));
    expect(got.QueueConfigurations).toEqual(QueueConfigurations);
    await put({});
    const cleared = await t.s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'events' }));
    expect(cleared.QueueConfigurations).toBeUndefined();
  });

  it('refuses overlapping configurations: one event would be delivered twice', async () => {
    const arn = 'arn:minio:sqs::primary:webhook';
    const overlaps: s3sdk.QueueConfiguration[][] = [
      [{ QueueArn: arn, Events: ['s3:ObjectCreated:Put', 's3:ObjectCreated:Put'] }],
      [
        { Id: 'a', QueueArn: arn, Events: ['s3:ObjectCreated:*'] },
        { Id: 'b', QueueArn: arn, Events: ['s3:ObjectCreated:Put'] },
      ],
      [
        { QueueArn: arn, Events: ['s3:ObjectRemoved:*'] },
        { QueueArn: arn, Events: ['s3:ObjectRemoved:*'] },
      ],
      [
        {
          QueueArn: arn,
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'logs/' }] } },
        },
        {
          QueueArn: arn,
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'logs/2026/' }] } },
        },
      ],
    ];
    for (const QueueConfigurations of overlaps)
      await expect(put({ QueueConfigurations })).rejects.toMatchObject({ name: 'InvalidArgument' });
    // Apart by event or by key filter: both kept.
    await put({
      QueueConfigurations: [
        {
          QueueArn: arn,
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'a/' }] } },
        },
        {
          QueueArn: arn,
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'b/' }] } },
        },
        { QueueArn: arn, Events: ['s3:ObjectRemoved:*'] },
      ],
    });
    await put({});
  });

  it('accepts the target under the store region too', async () => {
    await put({
      QueueConfigurations: [
        { QueueArn: 'arn:minio:sqs:us-east-1:primary:webhook', Events: ['s3:ObjectRemoved:*'] },
      ],
    });
  });

  it('refuses unknown targets, other regions, Topic configurations and bad filters', async () => {
    const refused = async (config: s3sdk.NotificationConfiguration) => {
      const err = await put(config).then(
        () => undefined,
        (e: { name: string; message: string; $metadata: { httpStatusCode?: number } }) => e,
      );
      return `${err?.$metadata.httpStatusCode} ${err?.name}: ${err?.message}`;
    };
    const queue = (QueueArn: string, rest: Partial<s3sdk.QueueConfiguration> = {}) => ({
      QueueConfigurations: [{ QueueArn, Events: ['s3:ObjectCreated:*' as const], ...rest }],
    });
    expect(await refused(queue('arn:minio:sqs::secondary:webhook'))).toBe(
      '400 InvalidArgument: A specified destination ARN does not exist or is not well-formed. Verify the destination ARN.',
    );
    expect(await refused(queue('arn:minio:sqs::primary:amqp'))).toMatch(
      /^400 InvalidArgument: A specified destination ARN/,
    );
    expect(await refused(queue('arn:minio:sqs:eu-west-9:primary:webhook'))).toBe(
      '400 InvalidArgument: A specified destination is in a different region than the bucket. You must use a destination that resides in the same region as the bucket.',
    );
    expect(
      await refused({
        TopicConfigurations: [{ TopicArn: 'arn:aws:sns:us-east-1:1:t', Events: ['s3:ObjectCreated:*'] }],
      }),
    ).toBe(
      '400 UnsupportedNotification: MinIO server does not support Topic or Cloud Function based notifications.',
    );
    const filter = (FilterRules: s3sdk.FilterRule[]) =>
      refused(queue('arn:minio:sqs::primary:webhook', { Filter: { Key: { FilterRules } } }));
    expect(await filter([{ Name: 'middle' as s3sdk.FilterRuleName, Value: 'x' }])).toBe(
      '400 InvalidArgument: filter rule name must be either prefix or suffix',
    );
    expect(
      await filter([
        { Name: 'prefix', Value: 'a/' },
        { Name: 'prefix', Value: 'b/' },
      ]),
    ).toBe('400 InvalidArgument: Cannot specify more than one prefix rule in a filter.');
    // Nothing refused replaced the stored document.
    const got = await t.s3.send(new GetBucketNotificationConfigurationCommand({ Bucket: 'events' }));
    expect(got.QueueConfigurations?.[0]?.QueueArn).toBe('arn:minio:sqs:us-east-1:primary:webhook');
  });

  it('refuses malformed ARNs and unknown events (InvalidArgument)', async () => {
    await expect(
      put({ QueueConfigurations: [{ QueueArn: 'webhook', Events: ['s3:ObjectCreated:*'] }] }),
    ).rejects.toMatchObject({ name: 'InvalidArgument' });
    await expect(
      put({
        QueueConfigurations: [
          { QueueArn: 'arn:minio:sqs::primary:webhook', Events: ['bogus' as s3sdk.Event] },
        ],
      }),
    ).rejects.toMatchObject({ name: 'InvalidArgument' });
  });
});
