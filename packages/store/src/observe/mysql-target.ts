import type { Connection, ConnectionOptions } from 'mysql2/promise';
import { checkedConnection } from '../net/checked-socket.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventFormat } from './event-log.js';
import { loadOnce } from './lazy-module.js';
import type { SqlDialect, SqlSession } from './sql-target.js';

/** The client library, loaded when the first MySQL target connects, not at start. */
const mysqlClient = loadOnce(() => import('mysql2/promise'));

// notify_mysql: MinIO's statements over the `mysql2` client. The DSN is Go's MySQL
// driver's: [user[:password]@][net[(address)]]/dbname[?param=value&...].

const CONNECT_TIMEOUT_MS = 5000;
const TABLE_OPTIONS = 'CHARACTER SET = utf8mb4 COLLATE = utf8mb4_bin ROW_FORMAT = Dynamic';

/** A Go MySQL DSN as `mysql2` options; throws with the Go driver's wording when malformed. */
export function mysqlConnectionOptions(dsn: string): ConnectionOptions {
  const slash = dsn.lastIndexOf('/');
  if (slash < 0) throw new Error('invalid DSN: missing the slash separating the database name');
  const [database, query = ''] = dsn.slice(slash + 1).split('?', 2) as [string, string?];
  const head = dsn.slice(0, slash);
  const at = head.lastIndexOf('@');
  const credentials = at < 0 ? '' : head.slice(0, at);
  const address = at < 0 ? head : head.slice(at + 1);
  const colon = credentials.indexOf(':');
  const user = colon < 0 ? credentials : credentials.slice(0, colon);
  const password = colon < 0 ? '' : credentials.slice(colon + 1);
  const net = /^(\w*)(?:\((.*)\))?$/.exec(address);
  if (!net) throw new Error(`invalid DSN: network address not terminated (missing closing brace)`);
  const protocol = net[1] || 'tcp';
  const params = new URLSearchParams(query);
  const options: ConnectionOptions = {
    user,
    password,
    database: decodeURIComponent(database),
    // Go's driver reads and writes DATETIME in UTC unless loc says otherwise.
    timezone: 'Z',
    connectTimeout: CONNECT_TIMEOUT_MS,
  };
  if (protocol === 'unix') options.socketPath = net[2] || '/tmp/mysql.sock';
  else if (protocol === 'tcp') {
    const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(net[2] || '127.0.0.1:3306');
    options.host = m?.[1] || '127.0.0.1';
    options.port = Number(m?.[2] ?? 3306);
  } else throw new Error(`invalid DSN: unknown network ${protocol}`);
  const tls = params.get('tls');
  if (tls === 'true') options.ssl = { rejectUnauthorized: true };
  else if (tls === 'skip-verify' || tls === 'preferred') options.ssl = { rejectUnauthorized: false };
  return options;
}

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
