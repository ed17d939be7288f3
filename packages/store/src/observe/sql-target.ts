import { type EventFormat, type EventLog, eventTime, recordsDocument, removesObject } from './event-log.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';

// The notify_postgres and notify_mysql targets, as MinIO's: the table is created when it
// does not exist; format "namespace" keeps one row per object (upsert, delete on a
// delete), "access" appends one row per event. One connection, opened on first use and
// again after a failure. Table names are validated by the configuration
// (config/notify-validate.ts) before they reach a statement.

/** One open database connection. */
export interface SqlSession {
  run(sql: string, params: (string | Date)[]): Promise<void>;
  close(): void;
}

/** What differs between PostgreSQL and MySQL: the client and the statements. */
export interface SqlDialect {
  connect(): Promise<SqlSession>;
  tableExists(table: string): string;
  /** CREATE TABLE statements to try in turn, until one is accepted. */
  createTable(table: string, format: EventFormat): string[];
  upsert(table: string): string;
  remove(table: string): string;
  insert(table: string): string;
}

export interface SqlSettings {
  table: string;
  format: EventFormat;
  queueSize: number;
}

export class SqlTarget extends QueuedTarget<EventLog> {
  private session: SqlSession | undefined;

  constructor(
    name: string,
    readonly settings: SqlSettings,
    private readonly dialect: SqlDialect,
    log: Logger,
  ) {
    super(name, settings.queueSize, log);
  }

  private async open(): Promise<SqlSession> {
    if (this.session) return this.session;
    const session = await this.connecting(this.dialect.connect(), (c) => c.close());
    try {
      await session.run(this.dialect.tableExists(this.settings.table), []).catch(() => this.create(session));
    } catch (err) {
      session.close();
      throw err;
    }
    this.session = session;
    return session;
  }

  private async create(session: SqlSession): Promise<void> {
    const { table, format } = this.settings;
    let failure: unknown;
    for (const statement of this.dialect.createTable(table, format)) {
      try {
        return await session.run(statement, []);
      } catch (err) {
        failure = err;
      }
    }
    throw failure;
  }

  protected async deliver(log: EventLog): Promise<void> {
    const session = await this.open();
    const { table, format } = this.settings;
    try {
      if (format === 'access')
        await session.run(this.dialect.insert(table), [eventTime(log), recordsDocument(log)]);
      else if (removesObject(log)) await session.run(this.dialect.remove(table), [log.Key]);
      else await session.run(this.dialect.upsert(table), [log.Key, recordsDocument(log)]);
    } catch (err) {
      // A lost connection and a refused statement look alike from here: start afresh.
      this.session = undefined;
      session.close();
      throw err;
    }
  }

  protected override stopped(): void {
    this.session?.close();
    this.session = undefined;
  }
}
