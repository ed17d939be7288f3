import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../support/store.js';

const {
  CreateBucketCommand,
  GetBucketNotificationConfigurationCommand,
  PutBucketNotificationConfigurationCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'events' }));
});
afterAll(() => t.close());

const put = (NotificationConfiguration: s3sdk.NotificationConfiguration) =>
  t.s3.send(new PutBucketNotificationConfigurationCommand({ Bucket: 'events', NotificationConfiguration }));

describe('Get/PutBucketNotification', () => {
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

  it('refuses malformed ARNs and unknown events (InvalidArgument)', async () => {
    await expect(
      put({ QueueConfigurations: [{ QueueArn: 'webhook', Events: ['s3:ObjectCreated:*'] }] }),
    ).rejects.toMatchObject({ name: 'InvalidArgument' });
    await expect(
      put({
        QueueConfigurations: [{ QueueArn: 'arn:minio:sqs::1:webhook', Events: ['bogus' as s3sdk.Event] }],
      }),
    ).rejects.toMatchObject({ name: 'InvalidArgument' });
  });
});
