import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { type MosquittoServer, startMosquitto } from '@stowage/test-support/peers/mosquitto';
import { type NatsServer, startNats } from '@stowage/test-support/peers/nats';
import { type RabbitMqServer, startRabbitMq } from '@stowage/test-support/peers/rabbitmq';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import amqp from 'amqplib';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeliveredLog,
  EXPECTED_EVENTS,
  EXPECTED_KEYS,
  putPutDelete,
  subscribe,
  until,
} from '../support/notifications.js';

// Bucket events published to notify_amqp, notify_mqtt and notify_nats targets on a real
// RabbitMQ 3.10, Mosquitto 2.0 and NATS 2.9 (plain and JetStream), read back by each
// broker's own client: MinIO's event log, in order, with MinIO's AMQP headers. (Kafka and
// NSQ, which Debian does not package: BucketNotificationStandIns.test.ts.)

const { CreateBucketCommand } = s3sdk;

// The store runs under an outbound allow-list admitting the local peers, so every delivery
// goes through the allow-list's checked connections (STOWAGE_OUTBOUND_ALLOW).
const LOCAL_PEERS = '127.0.0.1';

let t: TestStore;
let admin: MadminClient;
let rabbit: RabbitMqServer;
let mosquitto: MosquittoServer;
let nats: NatsServer;
beforeAll(async () => {
  [rabbit, mosquitto, nats, t] = await Promise.all([
    startRabbitMq(),
    startMosquitto(),
    startNats(),
    startTestStore({ outboundAllow: LOCAL_PEERS }),
  ]);
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
}, 150_000);
afterAll(async () => {
  await t.close();
  await Promise.all([rabbit.close(), mosquitto.close(), nats.close()]);
});

const parse = (body: Uint8Array | Buffer): DeliveredLog => JSON.parse(Buffer.from(body).toString('utf8'));

function expectMinioLogs(logs: DeliveredLog[], bucket: string, configurationId: string): void {
  expect(logs.map((l) => l.EventName)).toEqual(EXPECTED_EVENTS);
  expect(logs.map((l) => l.Key)).toEqual(EXPECTED_KEYS.map((k) => `${bucket}/${k}`));
  expect(logs[1]!.Records[0]!.s3.object.key).toBe('dir%2Fb+c.txt');
  expect(logs[0]!.Records[0]!.s3.configurationId).toBe(configurationId);
}

describe('bucket notifications to AMQP (RabbitMQ)', () => {
  it('declares the exchange and publishes each event with its headers, confirmed', async () => {
    await admin.config.setKV(
      `notify_amqp:rabbit url=${rabbit.url} exchange=minio-events exchange_type=fanout routing_key=bucketlogs durable=on delivery_mode=2 publisher_confirms=on`,
    );
    // The exchange is declared by the store on first use; a consumer's queue needs it now.
    const conn = await amqp.connect(rabbit.url);
    const channel = await conn.createChannel();
    await channel.assertExchange('minio-events', 'fanout', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, 'minio-events', '');
    const received: amqp.ConsumeMessage[] = [];
    await channel.consume(queue, (m) => m && received.push(m), { noAck: true });

    await t.s3.send(new CreateBucketCommand({ Bucket: 'amqp-logged' }));
    await subscribe(t, 'amqp-logged', ['arn:minio:sqs::rabbit:amqp']);
    await putPutDelete(t, 'amqp-logged');
    await until(
      async () => received.length,
      (n) => n >= 3,
    );
    await conn.close();

    expectMinioLogs(
      received.map((m) => parse(m.content)),
      'amqp-logged',
      'rabbit',
    );
    expect(received[0]!.properties).toMatchObject({
      contentType: 'application/json',
      deliveryMode: 2,
      headers: { 'minio-bucket': 'amqp-logged', 'minio-event': 's3:ObjectCreated:Put' },
    });
    expect(received[0]!.fields.routingKey).toBe('bucketlogs');
  });

  it('refuses a URL that is not amqp://', async () => {
    await expect(admin.config.setKV('notify_amqp:bad url=http://127.0.0.1:1')).rejects.toMatchObject({
      message: expect.stringContaining("AMQP scheme must be either 'amqp://' or 'amqps://'"),
    });
  });
});

describe('bucket notifications to MQTT (Mosquitto)', () => {
  it('publishes each event to the topic with the user and password, at QoS 1', async () => {
    await admin.config.setKV(
      `notify_mqtt:mosquitto broker=${mosquitto.url} topic=minio/events username=${mosquitto.username} password=${mosquitto.password} qos=1`,
    );
    const client = await mqtt.connectAsync(mosquitto.url.replace('tcp:', 'mqtt:'), {
      username: mosquitto.username,
      password: mosquitto.password,
    });
    const received: Buffer[] = [];
    client.on('message', (_topic, payload) => received.push(payload));
    await client.subscribeAsync('minio/events', { qos: 1 });

    await t.s3.send(new CreateBucketCommand({ Bucket: 'mqtt-logged' }));
    await subscribe(t, 'mqtt-logged', ['arn:minio:sqs::mosquitto:mqtt']);
    await putPutDelete(t, 'mqtt-logged');
    await until(
      async () => received.length,
      (n) => n >= 3,
    );
    await client.endAsync();

    expectMinioLogs(received.map(parse), 'mqtt-logged', 'mosquitto');
  });

  it('reports a broker that refuses the credentials as offline once a delivery fails', async () => {
    // The address answers, so the change is accepted; only delivery shows the wrong password.
    await admin.config.setKV(
      `notify_mqtt:wrongpass broker=${mosquitto.url} topic=minio/events username=${mosquitto.username} password=nope`,
    );
    const statusOf = async (id: string) =>
      (await admin.serverInfo()).services?.notifications
        ?.flatMap((group) => group.mqtt ?? [])
        .find((entry) => id in entry)?.[id]?.status;
    expect(await statusOf('wrongpass')).toBe('online');
    await t.s3.send(new CreateBucketCommand({ Bucket: 'mqtt-refused' }));
    await subscribe(t, 'mqtt-refused', ['arn:minio:sqs::wrongpass:mqtt']);
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'mqtt-refused', Key: 'k', Body: 'x' }));
    expect(
      await until(
        () => statusOf('wrongpass'),
        (s) => s === 'offline',
      ),
    ).toBe('offline');
    expect(await statusOf('mosquitto')).toBe('online');
    await admin.config.delKV('notify_mqtt:wrongpass');
  });

  it('refuses an unknown broker scheme and a QoS above 2', async () => {
    await expect(
      admin.config.setKV('notify_mqtt:bad broker=http://127.0.0.1:1 topic=x'),
    ).rejects.toMatchObject({
      message: expect.stringContaining('unknown protocol in broker address'),
    });
    await expect(
      admin.config.setKV(`notify_mqtt:bad broker=${mosquitto.url} topic=x qos=3`),
    ).rejects.toMatchObject({ message: expect.stringContaining('qos should be set to 0 or 1 or 2') });
  });
});

describe('bucket notifications to NATS', () => {
  it('publishes each event on the subject, and to a JetStream stream with acknowledgements', async () => {
    const common = `address=${nats.address} username=${nats.username} password=${nats.password}`;
    await admin.config.setKV(`notify_nats:plain ${common} subject=minio.events`);
    await admin.config.setKV(`notify_nats:stream ${common} subject=minio.stream jetstream=on`);
    const nc = await nats.connect();
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: 'MINIO', subjects: ['minio.stream'] });
    const received: DeliveredLog[] = [];
    const sub = nc.subscribe('minio.events');
    void (async () => {
      for await (const m of sub) received.push(parse(m.data));
    })();
    await nc.flush();

    await t.s3.send(new CreateBucketCommand({ Bucket: 'nats-logged' }));
    await subscribe(t, 'nats-logged', ['arn:minio:sqs::plain:nats', 'arn:minio:sqs::stream:nats']);
    await putPutDelete(t, 'nats-logged');
    await until(
      async () => received.length,
      (n) => n >= 3,
    );
    expectMinioLogs(received, 'nats-logged', 'plain');

    const stored = await until(
      async () => (await jsm.streams.info('MINIO')).state.messages,
      (n) => n >= 3,
    );
    expect(stored).toBe(3);
    const last = await jsm.streams.getMessage('MINIO', { seq: 3 });
    expect(parse(last.data).EventName).toBe('s3:ObjectRemoved:Delete');
    await nc.close();
  });
});
