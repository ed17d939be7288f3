import { describe, expect, it } from 'vitest';
import { mysqlConnectionOptions } from '../observe/mysql-target.js';
import { parseConnectionPairs, postgresClientConfig } from '../observe/postgres-target.js';
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

describe('PostgreSQL connection strings (lib/pq)', () => {
  it('reads key=value pairs with quoted values and escapes', () => {
    expect(parseConnectionPairs(`host=db port=5433 password='it\\'s a secret' dbname=ev`)).toEqual({
      host: 'db',
      port: '5433',
      password: "it's a secret",
      dbname: 'ev',
    });
    expect(() => parseConnectionPairs('host=db garbage')).toThrow('invalid connection string');
  });

  it('requires TLS unless sslmode says otherwise, as lib/pq does', () => {
    expect(postgresClientConfig('host=db user=u dbname=d')).toMatchObject({
      host: 'db',
      port: 5432,
      user: 'u',
      database: 'd',
      ssl: { rejectUnauthorized: false },
    });
    expect(postgresClientConfig('host=db sslmode=disable').ssl).toBe(false);
    expect(postgresClientConfig('host=db sslmode=verify-full').ssl).toEqual({ rejectUnauthorized: true });
    expect(postgresClientConfig('postgres://u:p@db:6000/d?sslmode=disable')).toMatchObject({
      connectionString: 'postgres://u:p@db:6000/d',
      ssl: false,
    });
    expect(() => postgresClientConfig('host=db sslmode=sometimes')).toThrow('unsupported sslmode');
  });
});

describe('MySQL DSNs (Go driver)', () => {
  it('reads user, password (with @ and :), address, database and TLS', () => {
    expect(mysqlConnectionOptions('me:p@ss:w@tcp(db.local:3307)/events?tls=skip-verify')).toMatchObject({
      user: 'me',
      password: 'p@ss:w',
      host: 'db.local',
      port: 3307,
      database: 'events',
      timezone: 'Z',
      ssl: { rejectUnauthorized: false },
    });
    expect(mysqlConnectionOptions('/events')).toMatchObject({ host: '127.0.0.1', port: 3306, user: '' });
    expect(mysqlConnectionOptions('u@unix(/run/mysqld.sock)/e')).toMatchObject({
      socketPath: '/run/mysqld.sock',
    });
  });

  it('refuses what the Go driver refuses', () => {
    expect(() => mysqlConnectionOptions('u:p@tcp(db:3306)')).toThrow('missing the slash');
    expect(() => mysqlConnectionOptions('u:p@udp(db)/e')).toThrow('unknown network udp');
  });
});
