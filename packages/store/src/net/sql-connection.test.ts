import { describe, expect, it } from 'vitest';
import { mysqlConnectionOptions, parseConnectionPairs, postgresClientConfig } from './sql-connection.js';

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
