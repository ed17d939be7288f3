import type { Connection } from 'mysql2/promise';
import { checkedConnection } from '../net/checked-socket.js';
import type { OutboundPolicy } from '../net/outbound.js';
import { mysqlConnectionOptions } from '../net/sql-connection.js';
import type { EventFormat } from './event-log.js';
import { loadOnce } from './lazy-module.js';
import type { SqlDialect, SqlSession } from './sql-target.js';

/** The client library, loaded when the first MySQL target connects, not at start. */
const mysqlClient = loadOnce(() => import('mysql2/promise'));

// notify_mysql: MinIO's statements over the `mysql2` client. The DSN is Go's MySQL
// driver's: [user[:password]@][net[(address)]]/dbname[?param=value&...].

const TABLE_OPTIONS = 'CHARACTER SET = utf8mb4 COLLATE = utf8mb4_bin ROW_FORMAT = Dynamic';

export function mysqlDialect(dsn: string, outbound: OutboundPolicy): SqlDialect {
  return {
    async connect(): Promise<SqlSession> {
      const options = mysqlConnectionOptions(dsn);
      // mysql2 takes a ready socket: one through the outbound list when one is in force.
      if (outbound.restricted) {
        const { host = '127.0.0.1', port = 3306, socketPath } = options;
        options.stream = () => checkedConnection(outbound, socketPath ?? host, socketPath ? 0 : port);
      }
      const { createConnection } = await mysqlClient();
      const conn: Connection = await createConnection(options);
      // A dropped connection surfaces on the next statement; an unhandled 'error' would not.
      conn.on('error', () => {});
      return {
        run: async (sql, params) => {
          await conn.execute(sql, params);
        },
        close: () => conn.destroy(),
      };
    },
    tableExists: (t) => `SELECT 1 FROM ${t};`,
    createTable: (t, format: EventFormat) =>
      format === 'access'
        ? [`CREATE TABLE ${t} (event_time DATETIME NOT NULL, event_data JSON) ROW_FORMAT = Dynamic;`]
        : [
            // MySQL's form (MinIO's), then MariaDB's: it allows no key or NOT NULL on a
            // generated column, only a unique key on a PERSISTENT one.
            `CREATE TABLE ${t} (key_name VARCHAR(3072) NOT NULL, key_hash CHAR(64) GENERATED ALWAYS AS (SHA2(key_name, 256)) STORED NOT NULL PRIMARY KEY, value JSON) ${TABLE_OPTIONS};`,
            `CREATE TABLE ${t} (key_name VARCHAR(3072) NOT NULL, key_hash CHAR(64) AS (SHA2(key_name, 256)) PERSISTENT UNIQUE KEY, value JSON) ${TABLE_OPTIONS};`,
          ],
    upsert: (t) =>
      `INSERT INTO ${t} (key_name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value=VALUES(value);`,
    remove: (t) => `DELETE FROM ${t} WHERE key_hash = SHA2(?, 256);`,
    insert: (t) => `INSERT INTO ${t} (event_time, event_data) VALUES (?, ?);`,
  };
}
