import type { OutboundPolicy } from '../net/outbound.js';
import { type EventFormat, type EventLog, recordsDocument, removesObject } from './event-log.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';
import { RespConnection } from './resp.js';

// A notify_redis target, as MinIO's: format "namespace" keeps a hash of the bucket's
// objects (HSET on every event but a delete, HDEL on a delete), "access" appends a journal
// entry per event (RPUSH). One connection, opened on first use and again after a failure.

const CONNECT_TIMEOUT_MS = 5000;

export interface RedisSettings {
  host: string;
  port: number;
  key: string;
  format: EventFormat;
  user: string;
  password: string;
  queueSize: number;
}

export class RedisTarget extends QueuedTarget<EventLog> {
  private conn: RespConnection | undefined;

  constructor(
    name: string,
    readonly settings: RedisSettings,
    log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
  }

  private async connection(): Promise<RespConnection> {
    if (this.conn && !this.conn.broken) return this.conn;
    this.conn?.close();
    this.conn = undefined;
    const { host, port, user, password } = this.settings;
    const dial = this.outbound.dialOptions(host, port);
    const conn = await this.connecting(RespConnection.open(host, port, CONNECT_TIMEOUT_MS, dial), (c) =>
      c.close(),
    );
    try {
      if (password) await conn.command(user ? ['AUTH', user, password] : ['AUTH', password]);
    } catch (err) {
      conn.close();
      throw err;
    }
    this.conn = conn;
    return conn;
  }

  protected async deliver(log: EventLog): Promise<void> {
    const conn = await this.connection();
    const { key, format } = this.settings;
    if (format === 'access') {
      const eventTime = log.Records[0]?.eventTime;
      await conn.command(['RPUSH', key, JSON.stringify([{ Event: log.Records, EventTime: eventTime }])]);
    } else if (removesObject(log)) {
      await conn.command(['HDEL', key, log.Key]);
    } else {
      await conn.command(['HSET', key, log.Key, recordsDocument(log)]);
    }
  }

  protected override stopped(): void {
    this.conn?.close();
    this.conn = undefined;
  }
}
