import type { AuditRecord } from '@stowage/contract';
import sqlite from 'node-sqlite3-wasm';
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
 * The default audit store: one SQLite file (SQLite compiled to WebAssembly, so nothing native
 * to build). Times are ISO-8601 UTC text with milliseconds, which sorts as time does.
 */
export function openSqliteAuditLog(path: string): AuditLog {
  const db = new sqlite.Database(path);
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA case_sensitive_like = ON;');
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  const insertSql = `INSERT INTO audit_log (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;
  return {
    async insert(rows) {
      if (rows.length === 0) return;
      const statement = db.prepare(insertSql);
      try {
        db.exec('BEGIN');
        for (const row of rows) statement.run(COLUMNS.map((c) => row[c]));
        db.exec('COMMIT');
      } catch (err) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw err;
      } finally {
        statement.finalize();
      }
    },
    async search(search: AuditSearch) {
      const where = whereOf(search, () => '?');
      const order = search.newestFirst ? 'DESC' : 'ASC';
      const rows = db.all(
        `SELECT ${COLUMNS.join(', ')} FROM audit_log ${where.sql} ORDER BY time ${order}, id ${order} LIMIT ? OFFSET ?`,
        [...where.values, search.limit, search.offset],
      );
      return rows as unknown as AuditRecord[];
    },
    async purge(before) {
      return db.run('DELETE FROM audit_log WHERE time < ?', [before.toISOString()]).changes;
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}

function migrate(db: InstanceType<typeof sqlite.Database>): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.get('SELECT version FROM schema_version') as { version: number } | null;
  const current = row?.version ?? 0;
  refuseNewerSchema(current);
  for (let version = current; version < AUDIT_SCHEMA_VERSION; version++) {
    db.exec('BEGIN');
    db.exec(MIGRATIONS[version] as string);
    db.exec('DELETE FROM schema_version');
    db.run('INSERT INTO schema_version (version) VALUES (?)', [version + 1]);
    db.exec('COMMIT');
  }
}
