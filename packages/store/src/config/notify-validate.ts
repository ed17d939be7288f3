import { isAbsolute } from 'node:path';
import { mysqlConnectionOptions, postgresClientConfig } from '../net/sql-connection.js';

// Checks of an enabled notify_* target beyond each key's type, with MinIO's messages where
// it has them. Table names reach SQL statements as written, so they are held to what an
// unquoted identifier (or, for PostgreSQL, one double-quoted name) may be.

const PSQL_TABLE = /^(?:"[^"]+"|[\p{L}_][\p{L}\p{N}_$]*)$/u;
const MYSQL_TABLE = /^(?:`[^`]+`|[\p{L}\p{N}_$]+)(?:\.(?:`[^`]+`|[\p{L}\p{N}_$]+))?$/u;
const MQTT_SCHEMES = new Set(['ws:', 'wss:', 'tcp:', 'ssl:', 'tls:', 'tcps:', 'mqtt:', 'mqtts:']);

function checkFormat(v: Record<string, string>, message: string): void {
  if (v.format && v.format !== 'namespace' && v.format !== 'access') throw new Error(message);
}

function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

const CHECKS: Record<string, (v: Record<string, string>) => void> = {
  notify_postgres(v) {
    if (!PSQL_TABLE.test(v.table ?? '')) throw new Error('invalid PostgreSQL table');
    checkFormat(v, 'unrecognized format value');
    postgresClientConfig(v.connection_string ?? '');
  },
  notify_mysql(v) {
    if (!MYSQL_TABLE.test(v.table ?? '')) throw new Error('invalid MySQL table');
    checkFormat(v, 'unrecognized format');
    if (!v.dsn_string) throw new Error('dsn_string unspecified');
    mysqlConnectionOptions(v.dsn_string);
  },
  notify_redis(v) {
    checkFormat(v, 'unrecognized format');
  },
  notify_elasticsearch(v) {
    checkFormat(v, 'unrecognized format');
  },
  notify_amqp(v) {
    const url = urlOf(v.url ?? '');
    if (url?.protocol !== 'amqp:' && url?.protocol !== 'amqps:')
      throw new Error("AMQP scheme must be either 'amqp://' or 'amqps://'");
    if (Number(v.delivery_mode) > 2) throw new Error('delivery_mode should be 0, 1 or 2');
  },
  notify_mqtt(v) {
    if (!MQTT_SCHEMES.has(urlOf(v.broker ?? '')?.protocol ?? ''))
      throw new Error('unknown protocol in broker address');
    if (Number(v.qos) > 2) throw new Error('qos should be set to 0 or 1 or 2');
  },
  notify_nats(v) {
    if (!v.subject) throw new Error('empty subject');
  },
};

/** Throws an Error with the reason when an enabled target's values cannot work. */
export function checkNotifyTarget(subsystem: string, values: Record<string, string>): void {
  if (subsystem.startsWith('notify_') && values.queue_dir && !isAbsolute(values.queue_dir))
    throw new Error('queueDir path should be absolute');
  CHECKS[subsystem]?.(values);
}
