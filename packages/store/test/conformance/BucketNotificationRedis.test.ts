import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { type RedisServer, startRedis } from '@stowage/test-support/peers/redis';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/notifications.js';

// Bucket events delivered to notify_redis targets on a real Redis, in MinIO's two formats:
// "namespace" keeps a hash of the bucket's objects, "access" appends a journal.

const {
  CreateBucketCommand,
  DeleteObjectCommand,
  PutBucketNotificationConfigurationCommand,
  PutObjectCommand,
} = s3sdk;

// The store runs under an outbound allow-list admitting the local peers, so every delivery
// goes through the allow-list's checked connections (STOWAGE_OUTBOUND_ALLOW).
const LOCAL_PEERS = '127.0.0.1';

let t: TestStore;
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
  t = await startTestStore({ outboundAllow: LOCAL_PEERS });
  const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  const common = `address=${redis.address} password=${redis.password}`;
  await admin.config.setKV(`notify_redis:objects ${common} key=bucketobjects format=namespace`);
  await admin.config.setKV(`notify_redis:journal ${common} key=bucketjournal format=access`);
  await t.s3.send(new CreateBucketCommand({ Bucket: 'logged' }));
});
afterAll(async () => {
  await t.close();
  await redis.close();
});

describe('bucket notifications to Redis', () => {
  it('keeps the object hash (namespace) and the journal (access) as MinIO does', async () => {
    const events = ['s3:ObjectCreated:*' as const, 's3:ObjectRemoved:*' as const];
    await t.s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'logged',
        NotificationConfiguration: {
          QueueConfigurations: [
            { Id: 'hash', QueueArn: 'arn:minio:sqs::objects:redis', Events: events },
            { Id: 'log', QueueArn: 'arn:minio:sqs::journal:redis', Events: events },
          ],
        },
      }),
    );
    for (const Key of ['a.txt', 'dir/b c.txt'])
      await t.s3.send(new PutObjectCommand({ Bucket: 'logged', Key, Body: Key }));
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'logged', Key: 'a.txt' }));

    const journal = (await until(
      () => redis.command(['LRANGE', 'bucketjournal', '0', '-1']),
      (v) => Array.isArray(v) && v.length === 3,
    )) as string[];
    const entries = journal.map(
      (line) =>
        JSON.parse(line) as {
          Event: { eventName: string; s3: { object: { key: string } } }[];
          EventTime: string;
        }[],
    );
    expect(entries.map((e) => e[0]!.Event[0]!.eventName)).toEqual([
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Put',
      's3:ObjectRemoved:Delete',
    ]);
    expect(entries[1]![0]!.Event[0]!.s3.object.key).toBe('dir%2Fb+c.txt');
    expect(Date.parse(entries[0]![0]!.EventTime)).not.toBeNaN();

    const hash = (await until(
      () => redis.command(['HGETALL', 'bucketobjects']),
      (v) => Array.isArray(v) && v.length === 2,
    )) as string[];
    expect(hash[0]).toBe('logged/dir/b c.txt');
    const stored = JSON.parse(hash[1]!) as {
      Records: { eventName: string; s3: { configurationId: string } }[];
    };
    expect(stored.Records[0]).toMatchObject({
      eventName: 's3:ObjectCreated:Put',
      s3: { configurationId: 'hash' },
    });
  });
});
