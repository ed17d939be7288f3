import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import type { Broker, Connection, Producer, ProducerOptions, SASLOptions } from '@platformatic/kafka';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventLog } from './event-log.js';
import { loadOnce } from './lazy-module.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';

// notify_kafka, as MinIO's sarama producer sends: one message per event on the topic, keyed
// `bucket/object`, the event log as JSON, acknowledged by every in-sync replica. The queue
// retries; the client itself does not, so that one failed delivery is one retry here.

const CONNECT_TIMEOUT_MS = 5000;
/** Acknowledged by every in-sync replica (the client's ProduceAcks.ALL). */
const ACKS_ALL = -1;

/** The client library, loaded when the first Kafka target connects, not at start. */
const kafkaClient = loadOnce(() => import('@platformatic/kafka'));

type StringProducer = Producer<string, string, string, string>;

export interface KafkaSettings {
  brokers: string[];
  topic: string;
  sasl: boolean;
  saslUsername: string;
  saslPassword: string;
  /** MinIO's names: plain, sha256, sha512. */
  saslMechanism: string;
  tls: boolean;
  tlsSkipVerify: boolean;
  clientTlsCert: string;
  clientTlsKey: string;
  queueSize: number;
}

function saslOptions(s: KafkaSettings): SASLOptions {
  const credentials = { username: s.saslUsername, password: s.saslPassword };
  switch (s.saslMechanism.toLowerCase()) {
    case 'sha256':
      return { mechanism: 'SCRAM-SHA-256', ...credentials };
    case 'sha512':
      return { mechanism: 'SCRAM-SHA-512', ...credentials };
    default:
      return { mechanism: 'PLAIN', ...credentials };
  }
}

function tlsOptions(s: KafkaSettings): TlsOptions {
  return {
    ...(s.tlsSkipVerify ? { rejectUnauthorized: false } : {}),
    ...(s.clientTlsCert && s.clientTlsKey
      ? { cert: readFileSync(s.clientTlsCert, 'utf8'), key: readFileSync(s.clientTlsKey, 'utf8') }
      : {}),
  };
}

/** The producer's options; `tls` is the object `dialThroughOutbound` names each broker in. */
function kafkaOptions(
  s: KafkaSettings,
  tls: TlsOptions | undefined,
): ProducerOptions<string, string, string, string> {
  return {
    clientId: 'stowage',
    bootstrapBrokers: s.brokers,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retries: 0,
    idempotent: false,
    compression: 'none',
    ...(s.sasl ? { sasl: saslOptions(s) } : {}),
    ...(tls ? { tls } : {}),
  };
}

/**
 * Every broker the producer dials (the bootstrap ones, and those the cluster's metadata
 * names) goes through the outbound list: the name is resolved and checked, and the checked
 * address is what the socket connects to, the certificate still checked against the name.
 * The client takes no socket factory, so its connection pool's `get` is wrapped; the pool
 * opens the socket synchronously inside `get`, which is when `tls.servername` is read.
 */
function dialThroughOutbound(
  producer: StringProducer,
  outbound: OutboundPolicy,
  tls: TlsOptions | undefined,
): void {
  const pool = producer.connections;
  const get = pool.get.bind(pool) as (
    broker: Broker,
    callback: (err: Error | null, c?: Connection) => void,
  ) => void;
  const dial = (broker: Broker, callback: (err: Error | null, c?: Connection) => void) => {
    outbound.pin(broker.host, broker.port).then(
      (address) => {
        if (tls) tls.servername = isIP(broker.host) ? undefined : broker.host;
        get({ host: address, port: broker.port }, callback);
      },
      (err: Error) => callback(err),
    );
  };
  pool.get = ((broker: Broker, callback?: (err: Error | null, c?: Connection) => void) => {
    if (callback) return dial(broker, callback);
    return new Promise<Connection>((resolve, reject) =>
      dial(broker, (err, c) => (err ? reject(err) : resolve(c as Connection))),
    );
  }) as typeof pool.get;
}

/** An error's message followed by those of its causes: `Connection to … failed: <why>`. */
function explain(err: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = err; e instanceof Error && messages.length < 5; e = e.cause)
    messages.push(e.message.replace(/\.$/, ''));
  return messages.length > 0 ? messages.join(': ') : String(err);
}

/**
 * The client reports a failure to reach every broker as one error listing each broker's in
 * `errors`, each wrapping its reason; the log names the reasons (a refused address, a
 * certificate that does not verify, a refused connection).
 */
function withCauses(err: unknown): unknown {
  const causes = (err as { errors?: unknown }).errors;
  if (!Array.isArray(causes) || causes.length === 0) return err;
  return new Error(`${(err as Error).message} ${causes.map(explain).join('; ')}`, { cause: err });
}

export class KafkaTarget extends QueuedTarget<EventLog> {
  private producer: Promise<StringProducer> | undefined;

  constructor(
    name: string,
    readonly settings: KafkaSettings,
    log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
  }

  /** The producer, made once and shared; `disconnect` (on stop too) also ends one being made. */
  private async open(): Promise<StringProducer> {
    this.producer ??= (async () => {
      const { Producer, stringSerializers, compatibilityPartitioner } = await kafkaClient();
      const tls = this.settings.tls ? tlsOptions(this.settings) : undefined;
      const producer = new Producer<string, string, string, string>({
        ...kafkaOptions(this.settings, tls),
        serializers: stringSerializers,
        // kafkajs's DefaultPartitioner, Java's: positive murmur2 of the key.
        partitioner: compatibilityPartitioner,
      });
      dialThroughOutbound(producer, this.outbound, tls);
      return producer;
    })();
    const pending = this.producer;
    try {
      return await pending;
    } catch (err) {
      if (this.producer === pending) this.producer = undefined;
      throw err;
    }
  }

  protected async deliver(log: EventLog): Promise<void> {
    const producer = await this.open();
    try {
      await producer.send({
        messages: [{ topic: this.settings.topic, key: log.Key, value: JSON.stringify(log) }],
        acks: ACKS_ALL,
        // As kafkajs did: a topic the cluster does not know yet is created by the first event.
        autocreateTopics: true,
      });
    } catch (err) {
      // The next try starts from a fresh connection and fresh metadata.
      this.disconnect();
      throw withCauses(err);
    }
  }

  private disconnect(): void {
    const pending = this.producer;
    this.producer = undefined;
    void pending?.then((p) => p.close(true)).catch(() => {});
  }

  protected override stopped(): void {
    this.disconnect();
  }
}
