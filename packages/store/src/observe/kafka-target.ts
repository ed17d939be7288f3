import { readFileSync } from 'node:fs';
import { isIP, connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import {
  type ISocketFactory,
  Kafka,
  type KafkaConfig,
  logLevel,
  Partitioners,
  type Producer,
  type SASLOptions,
} from 'kafkajs';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventLog } from './event-log.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';

// notify_kafka, as MinIO's sarama producer sends: one message per event on the topic, keyed
// `bucket/object`, the event log as JSON, acknowledged by every in-sync replica. The queue
// retries; the client itself does not, so that one failed delivery is one retry here.

// kafkajs's own keep-alive for broker sockets.
const KEEP_ALIVE_MS = 60_000;
const CONNECT_TIMEOUT_MS = 5000;

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
      return { mechanism: 'scram-sha-256', ...credentials };
    case 'sha512':
      return { mechanism: 'scram-sha-512', ...credentials };
    default:
      return { mechanism: 'plain', ...credentials };
  }
}

/**
 * kafkajs's own socket factory, with the outbound list's checks: every broker it connects
 * to (the bootstrap ones, and those the cluster's metadata names) is checked.
 */
function checkedSockets(outbound: OutboundPolicy): ISocketFactory {
  return ({ host, port, ssl, onConnect }) => {
    const options = { host, port, ...outbound.dialOptions(host, port) };
    const socket = ssl
      ? tlsConnect({ ...options, ...(isIP(host) ? {} : { servername: host }), ...ssl }, onConnect)
      : netConnect(options, onConnect);
    socket.setKeepAlive(true, KEEP_ALIVE_MS);
    return socket;
  };
}

export function kafkaConfig(s: KafkaSettings, outbound: OutboundPolicy): KafkaConfig {
  return {
    clientId: 'stowage',
    brokers: s.brokers,
    ...(outbound.restricted ? { socketFactory: checkedSockets(outbound) } : {}),
    connectionTimeout: CONNECT_TIMEOUT_MS,
    retry: { retries: 0 },
    // Failures reach the queue as errors, which logs them; the client stays quiet.
    logLevel: logLevel.NOTHING,
    ...(s.sasl ? { sasl: saslOptions(s) } : {}),
    ...(s.tls
      ? {
          ssl: {
            ...(s.tlsSkipVerify ? { rejectUnauthorized: false } : {}),
            ...(s.clientTlsCert && s.clientTlsKey
              ? { cert: readFileSync(s.clientTlsCert, 'utf8'), key: readFileSync(s.clientTlsKey, 'utf8') }
              : {}),
          },
        }
      : {}),
  };
}

export class KafkaTarget extends QueuedTarget<EventLog> {
  private readonly kafka: Kafka;
  private producer: Promise<Producer> | undefined;

  constructor(
    name: string,
    readonly settings: KafkaSettings,
    log: Logger,
    outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
    this.kafka = new Kafka(kafkaConfig(settings, outbound));
  }

  /** The producer, connected once and shared; `disconnect` (on stop too) also ends one still connecting. */
  private async open(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        createPartitioner: Partitioners.DefaultPartitioner,
        retry: { retries: 0 },
      });
      await producer.connect();
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
        topic: this.settings.topic,
        acks: -1,
        messages: [{ key: log.Key, value: JSON.stringify(log) }],
      });
    } catch (err) {
      // The next try starts from a fresh connection and fresh metadata.
      this.disconnect();
      throw err;
    }
  }

  private disconnect(): void {
    const pending = this.producer;
    this.producer = undefined;
    void pending?.then((p) => p.disconnect()).catch(() => {});
  }

  protected override stopped(): void {
    this.disconnect();
  }
}
