import type { FeatureSchema } from '../../db/database.js';

// Bulk jobs' tables. `jobs` holds one row a job: what it does (kind, bucket, selection and
// options as JSON), where it is (state, cursor: the last key of the last page finished), its
// counters, and the service account it runs with (the secret sealed by database.secrets).
// `job_keys` records every key a job has handled, once: the runner skips a key it finds there,
// so a page redone after a restart never acts on a key twice; the report and undo read it.
// A failed key keeps its message for the first MAX_KEPT_ERRORS of a job (bounded), none past.

export const JOBS_SCHEMA: FeatureSchema = {
  feature: 'jobs',
  migrations: [
    `CREATE TABLE jobs (
      id TEXT PRIMARY KEY,
      owner TEXT NOT NULL,
      kind TEXT NOT NULL,
      bucket TEXT NOT NULL,
      selection TEXT NOT NULL,
      options TEXT NOT NULL,
      state TEXT NOT NULL,
      undo_of TEXT,
      versioned INTEGER NOT NULL DEFAULT 0,
      cursor TEXT,
      done_count INTEGER NOT NULL DEFAULT 0,
      done_bytes INTEGER NOT NULL DEFAULT 0,
      failed_count INTEGER NOT NULL DEFAULT 0,
      failed_bytes INTEGER NOT NULL DEFAULT 0,
      error TEXT,
      access_key TEXT,
      sealed_secret TEXT,
      credential_pending INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      finished_at TEXT
    );
    CREATE INDEX jobs_by_owner ON jobs (owner, created_at);
    CREATE TABLE job_keys (
      job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
      key TEXT NOT NULL,
      outcome TEXT NOT NULL,
      bytes INTEGER NOT NULL,
      version_id TEXT,
      message TEXT,
      seq INTEGER NOT NULL,
      PRIMARY KEY (job_id, key)
    );
    CREATE INDEX job_keys_in_order ON job_keys (job_id, seq);`,
  ],
};
