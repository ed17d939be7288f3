import { checkedSocket } from '../net/checked-socket.js';
import type { OutboundPolicy } from '../net/outbound.js';
import { postgresClientConfig } from '../net/sql-connection.js';
import type { EventFormat } from './event-log.js';
import { loadOnce } from './lazy-module.js';
import type { SqlDialect, SqlSession } from './sql-target.js';

/** The client library, loaded when the first PostgreSQL target connects, not at start. */
const pgClient = loadOnce(async () => (await import('pg')).default);

// notify_postgres: MinIO's statements over the `pg` client. The connection string is
// lib/pq's, as MinIO takes it: `key=value` pairs or a postgres:// URL.

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
