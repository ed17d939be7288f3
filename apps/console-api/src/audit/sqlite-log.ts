import type { AuditRecord } from '@stowage/contract';
import { openSqliteFile, type SqliteFile } from '../db/sqlite-file.js';
import {
  AUDIT_SCHEMA_VERSION,
  type AuditLog,
  type AuditSearch,
  COLUMNS,
  refuseNewerSchema,
  whereOf,
} from './audit-log.js';

/** Each step takes the schema from the version before it to its own (index + 1). */
const MIGRATIONS: string[] = [
  `CREATE TABLE audit_log (
     id INTEGER PRIMARY KEY,
     time TEXT NOT NULL,
     api_name TEXT NOT NULL,
     bucket TEXT NOT NULL,
     object TEXT NOT NULL,
     remote_host TEXT NOT NULL,
     request_id TEXT NOT NULL,
     user_agent TEXT NOT NULL,
     response_status TEXT NOT NULL,
     response_status_code INTEGER NOT NULL,
     request_content_length INTEGER NOT NULL,
     response_content_length INTEGER NOT NULL,
     time_to_response_ns INTEGER NOT NULL
   );
   CREATE INDEX audit_log_time ON audit_log (time);`,
];

/**
 * The default audit store: one SQLite file (sqlite-file.ts: node:sqlite or better-sqlite3).
 * Times are ISO-8601 UTC text with milliseconds, which sorts as time does. The file's schema
 * version is the schema_version table's one row (files of the WebAssembly SQLite this store
 * used before have it too, and open as they are).
 *
 * SQLite is synchronous here, so each call is kept short: WAL (readers never wait on the
 * writer), a prepared insert run once per row of a batch in one transaction (the ingest
 * endpoint's batches are the webhook's, small), searches a page at a time, and a short
 * busy_timeout when another process holds the write lock.
 */
export function openSqliteAuditLog(path: string): AuditLog {
  const db = openSqliteFile(path);
  try {
    db.exec(
      `PRAGMA journal_mode = WAL; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}; PRAGMA case_sensitive_like = ON;`,
    );
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  const insert = db.prepare(
    `INSERT INTO audit_log (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
  );
  return {
    async insert(rows) {
      if (rows.length === 0) return;
      db.transaction(() => {
        for (const row of rows) insert.run(...COLUMNS.map((c) => row[c]));
      });
    },
    async search(search: AuditSearch) {
      const where = whereOf(search, () => '?');
      const order = search.newestFirst ? 'DESC' : 'ASC';
      return db.all<AuditRecord>(
        `SELECT ${COLUMNS.join(', ')} FROM audit_log ${where.sql} ORDER BY time ${order}, id ${order} LIMIT ? OFFSET ?`,
        [...where.values, search.limit, search.offset],
      );
    },
    async purge(before) {
      return db.run('DELETE FROM audit_log WHERE time < ?', [before.toISOString()]).changes;
    },
    async close() {
      db.close();
    },
  };
}

/** How long a write waits for another process's write lock on the file before it fails. */
const BUSY_TIMEOUT_MS = 2000;

function migrate(db: SqliteFile): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const current = db.get<{ version: number }>('SELECT version FROM schema_version')?.version ?? 0;
  refuseNewerSchema(current);
  for (let version = current; version < AUDIT_SCHEMA_VERSION; version++)
    db.transaction(() => {
      db.exec(MIGRATIONS[version] as string);
      db.exec('DELETE FROM schema_version');
      db.run('INSERT INTO schema_version (version) VALUES (?)', [version + 1]);
    });
}
