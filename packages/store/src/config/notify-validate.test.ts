import { describe, expect, it } from 'vitest';
import { checkNotifyTarget } from './notify-validate.js';

describe('notification target checks', () => {
  it('holds PostgreSQL tables to MinIO rule: an identifier or one double-quoted name', () => {
    const pg = (table: string) => () =>
      checkNotifyTarget('notify_postgres', { table, connection_string: 'host=db sslmode=disable' });
    for (const ok of ['events', '_e$1', 'événements', '"My Events"']) expect(pg(ok)).not.toThrow();
    for (const bad of ['1events', 'a b', 'x;drop table y', '"a"b"', 'public.events', ''])
      expect(pg(bad)).toThrow('invalid PostgreSQL table');
  });

  it('holds MySQL tables to identifiers, optionally database-qualified or back-quoted', () => {
    const my = (table: string) => () =>
      checkNotifyTarget('notify_mysql', { table, dsn_string: 'u:p@tcp(db:3306)/events' });
    for (const ok of ['events', 'db.events', '`my events`', '1x']) expect(my(ok)).not.toThrow();
    for (const bad of ['a b', 'events;drop', 'a.b.c', '`a`b`'])
      expect(my(bad)).toThrow('invalid MySQL table');
  });

  it('checks formats, schemes and QoS with MinIO messages', () => {
    expect(() =>
      checkNotifyTarget('notify_postgres', { table: 't', connection_string: 'host=x', format: 'json' }),
    ).toThrow('unrecognized format value');
    expect(() => checkNotifyTarget('notify_redis', { format: 'journal' })).toThrow('unrecognized format');
    expect(() => checkNotifyTarget('notify_amqp', { url: 'https://x' })).toThrow('AMQP scheme');
    expect(() => checkNotifyTarget('notify_amqp', { url: 'amqp://x', delivery_mode: '3' })).toThrow(
      'delivery_mode',
    );
    expect(() => checkNotifyTarget('notify_mqtt', { broker: 'tcp://x:1883', qos: '3' })).toThrow('qos');
    expect(() => checkNotifyTarget('notify_mqtt', { broker: 'ftp://x' })).toThrow('unknown protocol');
    expect(() => checkNotifyTarget('notify_nats', { address: 'x:4222', subject: '' })).toThrow(
      'empty subject',
    );
    expect(() => checkNotifyTarget('notify_webhook', { endpoint: 'anything' })).not.toThrow();
  });
});
