import type { ConnectionOptions } from 'mysql2/promise';
import type { ClientConfig } from 'pg';

// The connection settings of the SQL notification targets, read from what MinIO takes:
// Go's MySQL driver DSN ([user[:password]@][net[(address)]]/dbname[?param=value&...]) and
// lib/pq's connection string (`key=value` pairs or a postgres:// URL). Pure parsing: the
// config checks use it without loading a client, and the targets connect with its result.

const CONNECT_TIMEOUT_MS = 5000;

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
export function postgresClientConfig(connection: string): ClientConfig {
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

function sslFor(mode: string): ClientConfig['ssl'] {
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
