import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KafkaStandIn, startKafkaStandIn } from '../support/kafka-standin.js';
import {
  type DeliveredLog,
  EXPECTED_EVENTS,
  EXPECTED_KEYS,
  putPutDelete,
  subscribe,
  until,
} from '../support/notifications.js';
import { ROOT, startTestStore, type TestStore } from '../support/store.js';

// Bucket events produced to notify_kafka targets through the store's real client (kafkajs).
// Kafka is not packaged by Debian, so a broker stand-in receives them
// (support/kafka-standin.ts): one without authentication, one asking SASL PLAIN.

const { CreateBucketCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
let admin: MadminClient;
let open: KafkaStandIn;
let guarded: KafkaStandIn;
const SASL = { username: 'minio', password: 'kafka-secret' };
beforeAll(async () => {
  [open, guarded, t] = await Promise.all([
    startKafkaStandIn(),
    startKafkaStandIn({ sasl: SASL }),
    startTestStore(),
  ]);
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
}, 60_000);
afterAll(async () => {
  await t.close();
  await Promise.all([open.close(), guarded.close()]);
});

const statusOf = async (id: string) =>
  (await admin.serverInfo()).services?.notifications
    ?.flatMap((group) => group.kafka ?? [])
    .find((entry) => id in entry)?.[id]?.status;

describe('bucket notifications to Kafka (protocol stand-in)', () => {
  it('produces each event to the topic keyed bucket/object, acknowledged by all replicas', async () => {
    await admin.config.setKV(`notify_kafka:kafka brokers=${open.address} topic=minio-events`);
    await t.s3.send(new CreateBucketCommand({ Bucket: 'kafka-logged' }));
    await subscribe(t, 'kafka-logged', ['arn:minio:sqs::kafka:kafka']);
    await putPutDelete(t, 'kafka-logged');
    await until(
      async () => open.messages.length,
      (n) => n >= 3,
    );
    expect(open.messages.map((m) => [m.topic, m.key])).toEqual(
      EXPECTED_KEYS.map((k) => ['minio-events', `kafka-logged/${k}`]),
    );
    const logs = open.messages.map((m) => JSON.parse(m.value.toString('utf8')) as DeliveredLog);
    expect(logs.map((l) => l.EventName)).toEqual(EXPECTED_EVENTS);
    expect(logs[0]!.Records[0]!.s3.configurationId).toBe('kafka');
    expect(open.acks.every((a) => a === -1)).toBe(true);
    expect(await statusOf('kafka')).toBe('online');
  });

  it('authenticates with SASL PLAIN, and a refused password shows the target offline', async () => {
    await admin.config.setKV(
      `notify_kafka:sasl brokers=${guarded.address} topic=secured sasl=on sasl_username=${SASL.username} sasl_password=${SASL.password}`,
    );
    await admin.config.setKV(
      `notify_kafka:refused brokers=${guarded.address} topic=secured sasl=on sasl_username=${SASL.username} sasl_password=wrong`,
    );
    await t.s3.send(new CreateBucketCommand({ Bucket: 'kafka-sasl' }));
    await subscribe(t, 'kafka-sasl', ['arn:minio:sqs::sasl:kafka', 'arn:minio:sqs::refused:kafka']);
    await t.s3.send(new PutObjectCommand({ Bucket: 'kafka-sasl', Key: 'k', Body: 'x' }));
    await until(
      async () => guarded.messages.length,
      (n) => n >= 1,
    );
    expect(guarded.messages.map((m) => [m.topic, m.key])).toEqual([['secured', 'kafka-sasl/k']]);
    expect(
      await until(
        () => statusOf('refused'),
        (s) => s === 'offline',
      ),
    ).toBe('offline');
    expect(await statusOf('sasl')).toBe('online');
    // Only the one message: the refused target never got through.
    expect(guarded.messages).toHaveLength(1);
    await admin.config.delKV('notify_kafka:refused');
  });
});
