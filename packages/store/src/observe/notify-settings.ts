import { join } from 'node:path';
import { configDuration } from '../config/duration.js';
import { effective, isEnabled, type ServerConfig } from '../config/kv.js';
import { notifyType, subsystem } from '../config/subsystems.js';
import { hostPort } from '../net/address.js';
import type { OutboundPolicy } from '../net/outbound.js';
import { AmqpTarget } from './amqp-target.js';
import { ElasticsearchTarget } from './elasticsearch-target.js';
import type { EventFormat, EventLog } from './event-log.js';
import { KafkaTarget } from './kafka-target.js';
import type { Logger } from './logger.js';
import { MqttTarget } from './mqtt-target.js';
import { mysqlDialect } from './mysql-target.js';
import { NatsTarget } from './nats-target.js';
import { NsqTarget } from './nsq-target.js';
import { postgresDialect } from './postgres-target.js';
import type { QueuedTarget } from './queued-target.js';
import { RedisTarget } from './redis-target.js';
import { SqlTarget } from './sql-target.js';
import { WebhookTarget } from './webhook-target.js';

// From the notify_* configuration to the targets that should run, named as their ARNs name
// them (`<id>:<type>`). Settings are plain data: a target restarts when they change.

export interface WantedTarget {
  settings: unknown;
  start(log: Logger, outbound: OutboundPolicy): QueuedTarget<EventLog>;
}

type Values = Record<string, string>;
type Factory = (id: string, v: Values) => WantedTarget | undefined;

const queueSize = (v: Values) => Math.max(1, Number(v.queue_limit) || 100_000);
const on = (value: string | undefined) => value === 'on';
/** A comma-separated list of addresses, blanks dropped. */
const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
const format = (v: Values): EventFormat => (v.format === 'access' ? 'access' : 'namespace');

/** A configured duration in milliseconds; 0 when unset or unreadable (the client's default). */
function durationMs(text: string | undefined): number {
  return text ? (configDuration(text) ?? 0) : 0;
}

const FACTORIES: Record<string, Factory> = {
  webhook: (id, v) => {
    if (!v.endpoint) return undefined;
    const s = {
      endpoint: v.endpoint,
      authToken: v.auth_token ?? '',
      queueSize: queueSize(v),
      ...(v.client_cert ? { clientCert: v.client_cert } : {}),
      ...(v.client_key ? { clientKey: v.client_key } : {}),
    };
    return {
      settings: s,
      start: (log, outbound) => new WebhookTarget<EventLog>(`notify_webhook:${id}`, s, log, outbound),
    };
  },
  redis: (id, v) => {
    const at = hostPort(v.address ?? '', 6379);
    if (!at || !v.key) return undefined;
    const s = {
      ...at,
      key: v.key,
      format: format(v),
      user: v.user ?? '',
      password: v.password ?? '',
      queueSize: queueSize(v),
    };
    return { settings: s, start: (log, outbound) => new RedisTarget(`notify_redis:${id}`, s, log, outbound) };
  },
  amqp: (id, v) => {
    if (!v.url) return undefined;
    const s = {
      url: v.url,
      exchange: v.exchange ?? '',
      exchangeType: v.exchange_type ?? '',
      routingKey: v.routing_key ?? '',
      mandatory: on(v.mandatory),
      durable: on(v.durable),
      internal: on(v.internal),
      autoDeleted: on(v.auto_deleted),
      deliveryMode: Number(v.delivery_mode) || 0,
      publisherConfirms: on(v.publisher_confirms),
      queueSize: queueSize(v),
    };
    return { settings: s, start: (log, outbound) => new AmqpTarget(`notify_amqp:${id}`, s, log, outbound) };
  },
  mqtt: (id, v) => {
    if (!v.broker || !v.topic) return undefined;
    const qos = Number(v.qos);
    const s = {
      broker: v.broker,
      topic: v.topic,
      username: v.username ?? '',
      password: v.password ?? '',
      qos: (qos === 1 || qos === 2 ? qos : 0) as 0 | 1 | 2,
      keepAliveSeconds: Math.round(durationMs(v.keep_alive_interval) / 1000),
      reconnectMs: durationMs(v.reconnect_interval),
      queueSize: queueSize(v),
    };
    return { settings: s, start: (log, outbound) => new MqttTarget(`notify_mqtt:${id}`, s, log, outbound) };
  },
  nats: (id, v) => {
    const servers = list(v.address);
    if (servers.length === 0 || !v.subject) return undefined;
    const s = {
      servers,
      subject: v.subject,
      username: v.username ?? '',
      password: v.password ?? '',
      token: v.token ?? '',
      tls: on(v.tls),
      tlsSkipVerify: on(v.tls_skip_verify),
      certAuthority: v.cert_authority ?? '',
      clientCert: v.client_cert ?? '',
      clientKey: v.client_key ?? '',
      pingIntervalMs: durationMs(v.ping_interval),
      jetstream: on(v.jetstream),
      queueSize: queueSize(v),
    };
    return { settings: s, start: (log, outbound) => new NatsTarget(`notify_nats:${id}`, s, log, outbound) };
  },
  nsq: (id, v) => {
    const at = hostPort(v.nsqd_address ?? '', 4150);
    if (!at || !v.topic) return undefined;
    const s = {
      ...at,
      topic: v.topic,
      tls: on(v.tls),
      tlsSkipVerify: on(v.tls_skip_verify),
      queueSize: queueSize(v),
    };
    return { settings: s, start: (log, outbound) => new NsqTarget(`notify_nsq:${id}`, s, log, outbound) };
  },
  elasticsearch: (id, v) => {
    if (!v.url || !v.index) return undefined;
    const s = {
      url: v.url,
      index: v.index,
      format: format(v),
      username: v.username ?? '',
      password: v.password ?? '',
      queueSize: queueSize(v),
    };
    return {
      settings: s,
      start: (log, outbound) => new ElasticsearchTarget(`notify_elasticsearch:${id}`, s, log, outbound),
    };
  },
  postgresql: (id, v) => {
    if (!v.connection_string || !v.table) return undefined;
    const s = { connection: v.connection_string, table: v.table, format: format(v), queueSize: queueSize(v) };
    return {
      settings: s,
      start: (log, outbound) =>
        new SqlTarget(`notify_postgres:${id}`, s, postgresDialect(s.connection, outbound), log),
    };
  },
  kafka: (id, v) => {
    const brokers = list(v.brokers);
    if (brokers.length === 0 || !v.topic) return undefined;
    const s = {
      brokers,
      topic: v.topic,
      sasl: on(v.sasl),
      saslUsername: v.sasl_username ?? '',
      saslPassword: v.sasl_password ?? '',
      saslMechanism: v.sasl_mechanism ?? 'plain',
      tls: on(v.tls),
      tlsSkipVerify: on(v.tls_skip_verify),
      clientTlsCert: v.client_tls_cert ?? '',
      clientTlsKey: v.client_tls_key ?? '',
      queueSize: queueSize(v),
    };
    return { settings: s, start: (log, outbound) => new KafkaTarget(`notify_kafka:${id}`, s, log, outbound) };
  },
  mysql: (id, v) => {
    if (!v.dsn_string || !v.table) return undefined;
    const s = { dsn: v.dsn_string, table: v.table, format: format(v), queueSize: queueSize(v) };
    return {
      settings: s,
      start: (log, outbound) => new SqlTarget(`notify_mysql:${id}`, s, mysqlDialect(s.dsn, outbound), log),
    };
  },
};

/** A target whose waiting events are kept in `<queue_dir>/minio-<type>-<id>`, as MinIO names it. */
function queuedIn(queueDir: string, type: string, id: string, wanted: WantedTarget): WantedTarget {
  return {
    settings: { ...(wanted.settings as object), queueDir },
    start: (log, outbound) => {
      const started = wanted.start(log, outbound);
      started.persistIn(join(queueDir, `minio-${type}-${id}`));
      return started;
    },
  };
}

/** Every enabled notify_* target that can deliver, by `<id>:<type>`. */
export function wantedTargets(config: ServerConfig): Map<string, WantedTarget> {
  const out = new Map<string, WantedTarget>();
  for (const name of Object.keys(config)) {
    if (!name.startsWith('notify_')) continue;
    const sub = subsystem(name);
    const type = notifyType(name);
    const factory = FACTORIES[type];
    if (!sub || !factory) continue;
    for (const id of Object.keys(config[name] ?? {})) {
      const values = effective(config, sub, id);
      if (!isEnabled(sub, values)) continue;
      const wanted = factory(id, values);
      if (wanted)
        out.set(`${id}:${type}`, values.queue_dir ? queuedIn(values.queue_dir, type, id, wanted) : wanted);
    }
  }
  return out;
}
