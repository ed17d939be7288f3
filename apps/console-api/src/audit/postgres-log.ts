import type { AuditRecord } from '@stowage/contract';
import type pg from 'pg';
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
  `CREATE TABLE stowage_audit_log (
     id BIGSERIAL PRIMARY KEY,
     time TIMESTAMPTZ NOT NULL,
     api_name TEXT NOT NULL,
     bucket TEXT NOT NULL,
     object TEXT NOT NULL,
     remote_host TEXT NOT NULL,
     request_id TEXT NOT NULL,
     user_agent TEXT NOT NULL,
     response_status TEXT NOT NULL,
     response_status_code INTEGER NOT NULL,
     request_content_length BIGINT NOT NULL,
     response_content_length BIGINT NOT NULL,
     time_to_response_ns BIGINT NOT NULL
   );
   CREATE INDEX stowage_audit_log_time ON stowage_audit_log (time);`,
];

const ROWS_PER_INSERT = 1000;

/** The audit store in PostgreSQL, for consoles that share one or keep logs long. */
export async function openPostgresAuditLog(connectionString: string): Promise<AuditLog> {
  // Loaded here, not at start: a console keeping its audit log in SQLite never loads pg.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: 4 });
  // BIGINT comes back as text by default; these counts fit a double.
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text'),
  };
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    async insert(rows) {
      // A statement takes at most 65535 parameters.
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const values: unknown[] = [];
        const tuples = rows.slice(start, start + ROWS_PER_INSERT).map((row) => {
          const slots = COLUMNS.map((c) => {
            values.push(row[c]);
            return `$${values.length}`;
          });
          return `(${slots.join(', ')})`;
        });
        await pool.query(
          `INSERT INTO stowage_audit_log (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`,
          values,
        );
      }
    },
    async search(search: AuditSearch) {
      const where = whereOf(search, (n) => `$${n}`);
      const order = search.newestFirst ? 'DESC' : 'ASC';
      const n = where.values.length;
      const result = await pool.query({
        text: `SELECT ${COLUMNS.join(', ')} FROM stowage_audit_log ${where.sql} ORDER BY time ${order}, id ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
        values: [...where.values, search.limit, search.offset],
        types,
      });
      return result.rows.map((r) => ({ ...r, time: (r.time as Date).toISOString() }) as AuditRecord);
    },
    async purge(before) {
      const result = await pool.query('DELETE FROM stowage_audit_log WHERE time < $1', [
        before.toISOString(),
      ]);
      return result.rowCount ?? 0;
    },
    close: () => pool.end(),
  };
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // One console at a time migrates a shared database.
    await client.query('SELECT pg_advisory_xact_lock(7401234567)');
    await client.query('CREATE TABLE IF NOT EXISTS stowage_audit_schema (version INTEGER NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM stowage_audit_schema');
    const current = rows[0]?.version ?? 0;
    refuseNewerSchema(current);
    for (let version = current; version < AUDIT_SCHEMA_VERSION; version++) {
      await client.query(MIGRATIONS[version] as string);
    }
    if (current < AUDIT_SCHEMA_VERSION) {
      await client.query('DELETE FROM stowage_audit_schema');
      await client.query('INSERT INTO stowage_audit_schema (version) VALUES ($1)', [AUDIT_SCHEMA_VERSION]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
