import { createRequire } from 'node:module';

// One SQLite file through the SQLite the running Node can load: its own `node:sqlite` where it
// has one without a flag (Node 22.13 and later, Node 24 among them), else `better-sqlite3`
// (Node 20; a native addon built for Node 20's ABI at install, which Node 24 could not load).
// Both are the real SQLite: POSIX file locks, WAL. Both are synchronous: callers keep each call
// small (the audit log: one prepared insert per row of a batch in one transaction, paged
// searches; the console database: a row or a page at a time).

/** What both drivers offer, as far as the console uses it. */
interface NativeStatement {
  run(...params: unknown[]): { changes: number | bigint };
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}
interface NativeDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): NativeStatement;
  close(): void;
}
type NativeOpen = new (path: string) => NativeDatabase;

export type SqliteDriver = 'node:sqlite' | 'better-sqlite3';

/** node:sqlite when this Node has it unflagged (getBuiltinModule answers undefined otherwise). */
function nodeSqlite(): NativeOpen | undefined {
  try {
    const builtin = process.getBuiltinModule?.('node:sqlite') as { DatabaseSync?: NativeOpen } | undefined;
    return builtin?.DatabaseSync;
  } catch {
    return undefined;
  }
}

/** The driver this Node uses. */
export function sqliteDriver(): SqliteDriver {
  return nodeSqlite() ? 'node:sqlite' : 'better-sqlite3';
}

function openNative(path: string): NativeDatabase {
  const builtin = nodeSqlite();
  if (builtin) return new builtin(path);
  const betterSqlite = createRequire(import.meta.url)('better-sqlite3') as NativeOpen;
  return new betterSqlite(path);
}

export interface SqliteFile {
  exec(sql: string): void;
  /** A statement prepared once, run many times. */
  prepare(sql: string): NativeStatement;
  run(sql: string, params?: readonly unknown[]): { changes: number };
  all<T>(sql: string, params?: readonly unknown[]): T[];
  get<T>(sql: string, params?: readonly unknown[]): T | undefined;
  /** fn in one transaction, rolled back when it throws. */
  transaction(fn: () => void): void;
  close(): void;
}

export function openSqliteFile(path: string): SqliteFile {
  const db = openNative(path);
  let open = true;
  return {
    exec: (sql) => void db.exec(sql),
    prepare: (sql) => db.prepare(sql),
    run: (sql, params = []) => ({ changes: Number(db.prepare(sql).run(...params).changes) }),
    // node:sqlite's rows have no prototype: plain objects, as the rest of the console expects.
    all: <T>(sql: string, params: readonly unknown[] = []) =>
      db
        .prepare(sql)
        .all(...params)
        .map((row) => ({ ...(row as object) }) as T),
    get: <T>(sql: string, params: readonly unknown[] = []) => {
      const row = db.prepare(sql).get(...params);
      return row === undefined || row === null ? undefined : ({ ...(row as object) } as T);
    },
    transaction(fn) {
      db.exec('BEGIN');
      try {
        fn();
        db.exec('COMMIT');
      } catch (err) {
        db.exec('ROLLBACK');
        throw err;
      }
    },
    close() {
      if (open) db.close();
      open = false;
    },
  };
}
