import { SecretBox } from './secret-box.js';
import { openSqliteFile, type SqliteFile } from './sqlite-file.js';

// The console's own database: what it must keep across restarts (share links, bulk jobs).
// One SQLite file (sqlite-file.ts), or ':memory:' where none is configured (tests; a console
// that then keeps nothing past its process). Each feature owns its tables and an ordered list
// of migrations (db/schemas.ts lists them); the file records each feature's version, and
// opening it applies the missing steps in order, each in one transaction with its version.
// A file a newer console wrote (a version past the last step known here) is refused rather
// than used: this console would misread its rows. Secrets in rows are sealed with `secrets`
// (secret-box.ts), whose key is in a file beside the database (`<file>.key`).

/** One feature's tables: `migrations[n]` takes the feature from version n to n + 1. */
export interface FeatureSchema {
  feature: string;
  migrations: readonly string[];
}

/** Where the console keeps its database; ':memory:' keeps it in the process only. */
export type DatabaseLocation = string;

export class DatabaseError extends Error {
  override name = 'DatabaseError';
}

export class ConsoleDatabase {
  private constructor(
    readonly sql: SqliteFile,
    readonly location: DatabaseLocation,
    readonly secrets: SecretBox,
  ) {}

  /** Opens (creating) the database and brings every feature's tables to its last version. */
  static open(location: DatabaseLocation, schemas: readonly FeatureSchema[]): ConsoleDatabase {
    assertDistinct(schemas);
    const sql = openSqliteFile(location);
    try {
      if (location !== ':memory:') sql.exec('PRAGMA journal_mode = WAL');
      sql.exec('PRAGMA foreign_keys = ON');
      sql.exec(
        'CREATE TABLE IF NOT EXISTS schema_versions (feature TEXT PRIMARY KEY, version INTEGER NOT NULL)',
      );
      for (const schema of schemas) migrate(sql, schema);
    } catch (err) {
      sql.close();
      throw err;
    }
    const secrets =
      location === ':memory:' ? SecretBox.ephemeral() : SecretBox.fromKeyFile(`${location}.key`);
    return new ConsoleDatabase(sql, location, secrets);
  }

  /** The version a feature's tables are at (0: never created). */
  versionOf(feature: string): number {
    return versionOf(this.sql, feature);
  }

  close(): void {
    this.sql.close();
  }
}

function versionOf(sql: SqliteFile, feature: string): number {
  return (
    sql.get<{ version: number }>('SELECT version FROM schema_versions WHERE feature = ?', [feature])
      ?.version ?? 0
  );
}

function migrate(sql: SqliteFile, schema: FeatureSchema): void {
  const at = versionOf(sql, schema.feature);
  const known = schema.migrations.length;
  if (at > known)
    throw new DatabaseError(
      `the console database has ${schema.feature} at version ${at}, newer than this console knows (${known}): ` +
        'it was written by a newer console',
    );
  for (let version = at; version < known; version++) {
    sql.transaction(() => {
      sql.exec(schema.migrations[version]!);
      sql.run(
        'INSERT INTO schema_versions (feature, version) VALUES (?, ?) ' +
          'ON CONFLICT (feature) DO UPDATE SET version = excluded.version',
        [schema.feature, version + 1],
      );
    });
  }
}

function assertDistinct(schemas: readonly FeatureSchema[]): void {
  const seen = new Set<string>();
  for (const { feature } of schemas) {
    if (seen.has(feature)) throw new DatabaseError(`feature ${feature} is listed twice`);
    seen.add(feature);
  }
}
