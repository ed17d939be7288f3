import { selfSignedCert } from '@stowage/test-support/tls-cert';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type KafkaStandIn, startKafkaStandIn } from '../../test/support/kafka-standin.js';
import { OutboundPolicy } from '../net/outbound.js';
import type { EventLog } from './event-log.js';
import { type KafkaSettings, KafkaTarget } from './kafka-target.js';
import { messageLogger, silentLogger } from './logger.js';

let broker: KafkaStandIn;
beforeAll(async () => {
  broker = await startKafkaStandIn();
});
afterAll(() => broker.close());

const settings = (topic: string, brokers = [broker.address]): KafkaSettings => ({
  brokers,
  topic,
  sasl: false,
  saslUsername: '',
  saslPassword: '',
  saslMechanism: '',
  tls: false,
  tlsSkipVerify: false,
  clientTlsCert: '',
  clientTlsKey: '',
  queueSize: 10,
});

const event = (key: string): EventLog => ({
  EventName: 's3:ObjectCreated:Put',
  Key: key,
  Records: [{ eventTime: '2026-01-01T00:00:00.000Z' }],
});

describe('KafkaTarget (@platformatic/kafka against the Kafka 4 stand-in)', () => {
  it('produces the event log keyed bucket/object, acknowledged by all replicas, through an allowing list', async () => {
    const target = new KafkaTarget(
      'notify_kafka:t',
      settings('events'),
      silentLogger,
      OutboundPolicy.parse('127.0.0.1'),
    );
    target.send(event('bucket/a.txt'));
    target.send(event('bucket/b.txt'));
    await vi.waitFor(() => expect(target.sent).toBe(2), { timeout: 10_000 });
    target.close();
    const mine = broker.messages.filter((m) => m.topic === 'events');
    expect(mine.map((m) => m.key)).toEqual(['bucket/a.txt', 'bucket/b.txt']);
    expect(JSON.parse(mine[0]!.value.toString())).toEqual(event('bucket/a.txt'));
    expect(broker.acks.every((a) => a === -1)).toBe(true);
    expect(target.status).toBe('online');
  });

  it('never dials a broker the outbound list refuses; the delivery fails and is retried', async () => {
    const lines: string[] = [];
    const connectionsBefore = broker.connections;
    const target = new KafkaTarget(
      'notify_kafka:refused',
      settings('refused-topic'),
      messageLogger((l) => lines.push(l)),
      OutboundPolicy.parse('10.0.0.0/8'),
    );
    target.send(event('bucket/c.txt'));
    await vi.waitFor(() => expect(lines.join('\n')).toMatch(/not allowed by STOWAGE_OUTBOUND_ALLOW/), {
      timeout: 10_000,
    });
    target.close();
    expect(broker.messages.filter((m) => m.topic === 'refused-topic')).toEqual([]);
    expect(target.sent).toBe(0);
    expect(broker.connections).toBe(connectionsBefore);
  });

  describe('over TLS', () => {
    let secure: KafkaStandIn;
    beforeAll(async () => {
      // Named `localhost` in the metadata too, so every dial is by name.
      secure = await startKafkaStandIn({ tls: await selfSignedCert(), host: 'localhost' });
    });
    afterAll(() => secure.close());

    it('dials the address the outbound list checked, still asking for the broker by name (SNI)', async () => {
      const target = new KafkaTarget(
        'notify_kafka:tls',
        { ...settings('secure', [secure.address]), tls: true, tlsSkipVerify: true },
        silentLogger,
        OutboundPolicy.parse('127.0.0.1,::1'),
      );
      target.send(event('bucket/tls.txt'));
      await vi.waitFor(() => expect(target.sent).toBe(1), { timeout: 10_000 });
      target.close();
      expect(secure.messages.map((m) => m.key)).toEqual(['bucket/tls.txt']);
      expect(secure.servernames.length).toBeGreaterThan(0);
      expect(new Set(secure.servernames)).toEqual(new Set(['localhost']));
    });

    it('refuses a certificate it cannot verify unless tls_skip_verify is on', async () => {
      const lines: string[] = [];
      const target = new KafkaTarget(
        'notify_kafka:unverified',
        { ...settings('unverified', [secure.address]), tls: true },
        messageLogger((l) => lines.push(l)),
        OutboundPolicy.OPEN,
      );
      target.send(event('bucket/no.txt'));
      await vi.waitFor(() => expect(lines.join('\n')).toMatch(/certificate/), { timeout: 10_000 });
      target.close();
      expect(secure.messages.filter((m) => m.topic === 'unverified')).toEqual([]);
    });
  });
});
