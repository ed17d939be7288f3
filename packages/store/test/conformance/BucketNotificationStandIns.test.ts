import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { selfSignedCert } from '@stowage/test-support/tls-cert';
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
import { type NsqdStandIn, startNsqdStandIn } from '../support/nsqd-standin.js';

// Bucket events delivered to the brokers Debian does not package, so that they cannot run
// here: notify_kafka through the store's real client (@platformatic/kafka) to a stand-in
// speaking Kafka 4's protocol versions (support/kafka-standin.ts), one without authentication and one asking SASL PLAIN; and
// notify_nsq through the store's own nsqd client to a stand-in speaking nsqd's TCP protocol
// (support/nsqd-standin.ts), in plain text and upgraded to TLS.

const { CreateBucketCommand, PutObjectCommand } = s3sdk;

// The store runs under an outbound allow-list admitting the local peers, so every delivery
// goes through the allow-list's checked connections (STOWAGE_OUTBOUND_ALLOW).
const LOCAL_PEERS = '127.0.0.1';

let t: TestStore;
let admin: MadminClient;
let open: KafkaStandIn;
let guarded: KafkaStandIn;
let nsqd: NsqdStandIn;
let nsqdTls: NsqdStandIn;
const SASL = { username: 'minio', password: 'kafka-secret' };
beforeAll(async () => {
  const tls = await selfSignedCert();
  [open, guarded, nsqd, nsqdTls, t] = await Promise.all([
    startKafkaStandIn(),
    startKafkaStandIn({ sasl: SASL }),
    startNsqdStandIn(),
    startNsqdStandIn({ tls }),
    startTestStore({ outboundAllow: LOCAL_PEERS }),
  ]);
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
}, 60_000);
afterAll(async () => {
  await t.close();
  await Promise.all([open.close(), guarded.close(), nsqd.close(), nsqdTls.close()]);
});

const statusOf = async (type: 'kafka' | 'nsq', id: string) =>
  (await admin.serverInfo()).services?.notifications
    ?.flatMap((group) => group[type] ?? [])
    .find((entry) => id in entry)?.[id]?.status;
/** The target's status once a failed delivery has shown it offline (or after about 10 s). */
const offlineSoon = (type: 'kafka' | 'nsq', id: string) =>
  until(
    () => statusOf(type, id),
    (s) => s === 'offline',
  );
const parse = (body: Buffer): DeliveredLog => JSON.parse(body.toString('utf8'));

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
    const logs = open.messages.map((m) => parse(m.value));
    expect(logs.map((l) => l.EventName)).toEqual(EXPECTED_EVENTS);
    expect(logs[0]!.Records[0]!.s3.configurationId).toBe('kafka');
    expect(open.acks.every((a) => a === -1)).toBe(true);
    expect(await statusOf('kafka', 'kafka')).toBe('online');
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
    expect(await offlineSoon('kafka', 'refused')).toBe('offline');
    expect(await statusOf('kafka', 'sasl')).toBe('online');
    // Only the one message: the refused target never got through.
    expect(guarded.messages).toHaveLength(1);
    await admin.config.delKV('notify_kafka:refused');
  });
});

describe('bucket notifications to NSQ (protocol stand-in)', () => {
  it('publishes each event to the topic, answering heartbeats', async () => {
    await admin.config.setKV(`notify_nsq:nsq nsqd_address=${nsqd.address} topic=minio-events`);
    await t.s3.send(new CreateBucketCommand({ Bucket: 'nsq-logged' }));
    await subscribe(t, 'nsq-logged', ['arn:minio:sqs::nsq:nsq']);
    await putPutDelete(t, 'nsq-logged');
    await until(
      async () => nsqd.messages.length,
      (n) => n >= 3,
    );
    expect(nsqd.messages.map((m) => m.topic)).toEqual(['minio-events', 'minio-events', 'minio-events']);
    const logs = nsqd.messages.map((m) => parse(m.body));
    expect(logs.map((l) => l.EventName)).toEqual(EXPECTED_EVENTS);
    expect(logs.map((l) => l.Key)).toEqual(EXPECTED_KEYS.map((k) => `nsq-logged/${k}`));
    expect(nsqd.nops).toBe(1);
    expect(nsqd.tlsUpgrades).toBe(0);
  });

  it('upgrades to TLS through IDENTIFY with tls=on, and refuses an unverified certificate', async () => {
    await admin.config.setKV(
      `notify_nsq:secure nsqd_address=${nsqdTls.address} topic=secured tls=on tls_skip_verify=on`,
    );
    // The stand-in's certificate is self-signed: without tls_skip_verify it is not trusted.
    await admin.config.setKV(`notify_nsq:strict nsqd_address=${nsqdTls.address} topic=secured tls=on`);
    await t.s3.send(new CreateBucketCommand({ Bucket: 'nsq-tls' }));
    await subscribe(t, 'nsq-tls', ['arn:minio:sqs::secure:nsq', 'arn:minio:sqs::strict:nsq']);
    await t.s3.send(new PutObjectCommand({ Bucket: 'nsq-tls', Key: 'k', Body: 'x' }));
    await until(
      async () => nsqdTls.messages.length,
      (n) => n >= 1,
    );
    expect(nsqdTls.messages.map((m) => [m.topic, parse(m.body).Key])).toEqual([['secured', 'nsq-tls/k']]);
    expect(nsqdTls.tlsUpgrades).toBe(1);
    expect(nsqdTls.nops).toBe(1); // the heartbeat, answered over TLS
    expect(await offlineSoon('nsq', 'strict')).toBe('offline');
    expect(await statusOf('nsq', 'secure')).toBe('online');
    expect(nsqdTls.messages).toHaveLength(1);
    await admin.config.delKV('notify_nsq:strict');
  });

  it('fails delivery when nsqd does not offer TLS', async () => {
    await admin.config.setKV(
      `notify_nsq:notls nsqd_address=${nsqd.address} topic=x tls=on tls_skip_verify=on`,
    );
    await t.s3.send(new CreateBucketCommand({ Bucket: 'nsq-notls' }));
    await subscribe(t, 'nsq-notls', ['arn:minio:sqs::notls:nsq']);
    const before = nsqd.messages.length;
    await t.s3.send(new PutObjectCommand({ Bucket: 'nsq-notls', Key: 'k', Body: 'x' }));
    expect(await offlineSoon('nsq', 'notls')).toBe('offline');
    expect(nsqd.messages.length).toBe(before);
    await admin.config.delKV('notify_nsq:notls');
  });
});
