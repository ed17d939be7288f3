import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config/kv.js';
import { wantedTargets } from './notify-settings.js';

describe('notification targets wanted by the configuration', () => {
  it('names each enabled target by its ARN id and type, with its settings', () => {
    const config: ServerConfig = {
      notify_postgres: {
        pg: { enable: 'on', connection_string: 'host=db', table: 'events', format: 'access' },
      },
      notify_mysql: { off: { enable: 'off', dsn_string: 'u@tcp(db)/e', table: 't' } },
      notify_amqp: {
        rabbit: { enable: 'on', url: 'amqp://r', exchange: 'x', exchange_type: 'fanout', delivery_mode: '2' },
      },
      notify_mqtt: {
        m: { enable: 'on', broker: 'tcp://b:1883', topic: 't', qos: '1', keep_alive_interval: '30s' },
      },
      notify_nats: {
        n: { enable: 'on', address: 'a:4222, b:4222', subject: 's', jetstream: 'on', ping_interval: '1m' },
      },
      notify_nsq: { q: { enable: 'on', nsqd_address: '[::1]:4151', topic: 'events' } },
      notify_kafka: {
        k: { enable: 'on', brokers: 'k1:9092, k2:9092', topic: 't', sasl: 'on', sasl_mechanism: 'sha512' },
      },
    };
    const wanted = wantedTargets(config);
    expect([...wanted.keys()].sort()).toEqual([
      'k:kafka',
      'm:mqtt',
      'n:nats',
      'pg:postgresql',
      'q:nsq',
      'rabbit:amqp',
    ]);
    expect(wanted.get('k:kafka')!.settings).toMatchObject({
      brokers: ['k1:9092', 'k2:9092'],
      sasl: true,
      saslMechanism: 'sha512',
    });
    expect(wanted.get('pg:postgresql')!.settings).toMatchObject({ table: 'events', format: 'access' });
    expect(wanted.get('rabbit:amqp')!.settings).toMatchObject({ exchangeType: 'fanout', deliveryMode: 2 });
    expect(wanted.get('q:nsq')!.settings).toMatchObject({ host: '::1', port: 4151, topic: 'events' });
    expect(wanted.get('m:mqtt')!.settings).toMatchObject({ qos: 1, keepAliveSeconds: 30 });
    expect(wanted.get('n:nats')!.settings).toMatchObject({
      servers: ['a:4222', 'b:4222'],
      jetstream: true,
      pingIntervalMs: 60_000,
    });
  });
});
