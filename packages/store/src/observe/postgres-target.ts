import type pg from 'pg';
import { checkedSocket } from '../net/checked-socket.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventFormat } from './event-log.js';
import { loadOnce } from './lazy-module.js';
import type { SqlDialect, SqlSession } from './sql-target.js';

/** The client library, loaded when the first PostgreSQL target connects, not at start. */
const pgClient = loadOnce(async () => (await import('pg')).default);

// notify_postgres: MinIO's statements over the `pg` client. The connection string is
// lib/pq's, as MinIO takes it: `key=value` pairs or a postgres:// URL.

const CONNECT_TIMEOUT_MS = 5000;

/** libpq `key=value` pairs; values may be single-quoted with backslash escapes. */
export function parseConnectionPairs(text: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  const re = /\s*([A-Za-z_]+)\s*=\s*(?:'((?:\\.|[^'\\])*)'|(\S*))/gy;
  let end = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    pairs[m[1]!] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!;
    end = re.lastIndex;
  }
  if (text.slice(end).trim() !== '')
    throw new Error(`invalid connection string near '${text.slice(end).trim()}'`);
  return pairs;
}

/**
 * The `pg` client settings for a connection string. lib/pq requires TLS unless sslmode
 * says otherwise, and only verify-ca and verify-full check the server's certificate.
 */
export function postgresClientConfig(connection: string): pg.ClientConfig {
  const text = connection.trim();
  if (/^postgres(ql)?:\/\//.test(text)) {
    const url = new URL(text);
    const sslmode = url.searchParams.get('sslmode') ?? 'require';
    url.searchParams.delete('sslmode');
    return {
      connectionString: url.toString(),
      ssl: sslFor(sslmode),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    };
  }
  const p = parseConnectionPairs(text);
  return {
    host: p.host || 'localhost',
    port: Number(p.port) || 5432,
    ...(p.user || p.username ? { user: p.user || p.username } : {}),
    ...(p.password ? { password: p.password } : {}),
    ...(p.dbname ? { database: p.dbname } : {}),
    ssl: sslFor(p.sslmode || 'require'),
    connectionTimeoutMillis: (Number(p.connect_timeout) || CONNECT_TIMEOUT_MS / 1000) * 1000,
  };
}

function sslFor(mode: string): pg.ClientConfig['ssl'] {
  switch (mode) {
    case 'disable':
      return false;
    case 'allow':
    case 'prefer':
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-ca':
    case 'verify-full':
      return { rejectUnauthorized: true };
    default:
      throw new Error(`unsupported sslmode "${mode}"`);
  }
}

export function postgresDialect(connection: string, outbound: OutboundPolicy): SqlDialect {
  return {
    async connect(): Promise<SqlSession> {
      const config = postgresClientConfig(connection);
      // pg connects the socket it is given: through the outbound list when one is in force.
      if (outbound.restricted) config.stream = () => checkedSocket(outbound);
      const { Client } = await pgClient();
      const client = new Client(config);
      // A dropped connection surfaces on the next statement; an unhandled 'error' would not.
      client.on('error', () => {});
      try {
        await client.connect();
      } catch (err) {
        void client.end().catch(() => {});
        throw err;
      }
      return {
        run: async (sql, params) => {
          await client.query(sql, params);
        },
        close: () => void client.end().catch(() => {}),
      };
    },
    tableExists: (t) => `SELECT 1 FROM ${t};`,
    createTable: (t, format: EventFormat) =>
      format === 'access'
        ? [`CREATE TABLE ${t} (event_time TIMESTAMP WITH TIME ZONE NOT NULL, event_data JSONB);`]
        : [`CREATE TABLE ${t} (key VARCHAR PRIMARY KEY, value JSONB);`],
    upsert: (t) =>
      `INSERT INTO ${t} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;`,
    remove: (t) => `DELETE FROM ${t} WHERE key = $1;`,
    insert: (t) => `INSERT INTO ${t} (event_time, event_data) VALUES ($1, $2);`,
  };
}
