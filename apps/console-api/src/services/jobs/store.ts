import { randomUUID } from 'node:crypto';
import type { JobKind, JobOptions, JobState } from '@stowage/contract';
import type { Credentials } from '@stowage/madmin';
import type { ConsoleDatabase } from '../../db/database.js';
import type { Cursor, Selection } from './selection.js';

// The jobs' rows (schema.ts): a job's definition, state, cursor and counters, the keys it has
// handled and the sealed secret of the service account it runs with. Every write is one small
// statement or one page's transaction, so the synchronous driver never holds the loop long.

/** Failures whose message is kept per job; the report lists later ones without it. */
export const MAX_KEPT_ERRORS = 1000;

export type StoredKind = JobKind | 'undo';

export interface JobRecord {
  id: string;
  owner: string;
  kind: StoredKind;
  bucket: string;
  selection: Selection;
  options: JobOptions;
  state: JobState;
  undoOf?: string;
  versioned: boolean;
  cursor?: Cursor;
  done: { count: number; bytes: number };
  failed: { count: number; bytes: number };
  error?: string;
  accessKey?: string;
  credentialPending: boolean;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
}

export interface KeyOutcome {
  key: string;
  bytes: number;
  /** Undo needs it: the delete marker a deletion made. */
  versionId?: string | undefined;
  error?: string | undefined;
}

export interface HandledKey {
  key: string;
  outcome: 'done' | 'failed';
  bytes: number;
  versionId?: string;
  message?: string;
  seq: number;
}

interface JobRow {
  id: string;
  owner: string;
  kind: string;
  bucket: string;
  selection: string;
  options: string;
  state: string;
  undo_of: string | null;
  versioned: number;
  cursor: string | null;
  done_count: number;
  done_bytes: number;
  failed_count: number;
  failed_bytes: number;
  error: string | null;
  access_key: string | null;
  sealed_secret: string | null;
  credential_pending: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    owner: row.owner,
    kind: row.kind as StoredKind,
    bucket: row.bucket,
    selection: JSON.parse(row.selection) as Selection,
    options: JSON.parse(row.options) as JobOptions,
    state: row.state as JobState,
    ...(row.undo_of ? { undoOf: row.undo_of } : {}),
    versioned: row.versioned === 1,
    ...(row.cursor ? { cursor: JSON.parse(row.cursor) as Cursor } : {}),
    done: { count: row.done_count, bytes: row.done_bytes },
    failed: { count: row.failed_count, bytes: row.failed_bytes },
    ...(row.error ? { error: row.error } : {}),
    ...(row.access_key ? { accessKey: row.access_key } : {}),
    credentialPending: row.credential_pending === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.finished_at ? { finishedAt: row.finished_at } : {}),
  };
}

export interface NewJob {
  owner: string;
  kind: StoredKind;
  bucket: string;
  selection: Selection;
  options: JobOptions;
  versioned: boolean;
  undoOf?: string | undefined;
}

export class JobStore {
  constructor(
    private readonly db: ConsoleDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private stamp(): string {
    return this.now().toISOString();
  }

  /** A new job, running, with the credentials it runs with (the secret sealed to its id). */
  insert(job: NewJob, credentials: Credentials): JobRecord {
    const id = randomUUID();
    const at = this.stamp();
    this.db.sql.run(
      `INSERT INTO jobs (id, owner, kind, bucket, selection, options, state, undo_of, versioned,
         access_key, sealed_secret, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?)`,
      [
        id,
        job.owner,
        job.kind,
        job.bucket,
        JSON.stringify(job.selection),
        JSON.stringify(job.options),
        job.undoOf ?? null,
        job.versioned ? 1 : 0,
        credentials.accessKey,
        this.db.secrets.seal(credentials.secretKey, `job:${id}`),
        at,
        at,
      ],
    );
    return this.get(id)!;
  }

  get(id: string): JobRecord | undefined {
    const row = this.db.sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [id]);
    return row && toRecord(row);
  }

  listByOwner(owner: string, limit = 200): JobRecord[] {
    return this.db.sql
      .all<JobRow>('SELECT * FROM jobs WHERE owner = ? ORDER BY created_at DESC, id LIMIT ?', [owner, limit])
      .map(toRecord);
  }

  inState(state: JobState): JobRecord[] {
    return this.db.sql.all<JobRow>('SELECT * FROM jobs WHERE state = ?', [state]).map(toRecord);
  }

  /** Jobs of `owner` whose service account could not be deleted when they ended. */
  pendingCredentials(owner: string): JobRecord[] {
    return this.db.sql
      .all<JobRow>('SELECT * FROM jobs WHERE owner = ? AND credential_pending = 1', [owner])
      .map(toRecord);
  }

  credentials(job: JobRecord): Credentials | undefined {
    const row = this.db.sql.get<{ access_key: string | null; sealed_secret: string | null }>(
      'SELECT access_key, sealed_secret FROM jobs WHERE id = ?',
      [job.id],
    );
    if (!row?.access_key || !row.sealed_secret) return undefined;
    return { accessKey: row.access_key, secretKey: this.db.secrets.open(row.sealed_secret, `job:${job.id}`) };
  }

  /** The account is gone (or, `pending`, still to delete): the secret is dropped either way. */
  releaseCredentials(id: string, pending: boolean): void {
    this.db.sql.run(
      pending
        ? 'UPDATE jobs SET sealed_secret = NULL, credential_pending = 1 WHERE id = ?'
        : 'UPDATE jobs SET access_key = NULL, sealed_secret = NULL, credential_pending = 0 WHERE id = ?',
      [id],
    );
  }

  /**
   * A failed job runs again from its cursor with a new account (the old one was let go when
   * it failed); its handled keys, counts and failures stay. False when it is not failed.
   */
  restart(id: string, credentials: Credentials): boolean {
    const changed = this.db.sql.run(
      `UPDATE jobs SET state = 'running', error = NULL, finished_at = NULL, updated_at = ?,
         access_key = ?, sealed_secret = ?, credential_pending = 0
       WHERE id = ? AND state = 'failed'`,
      [this.stamp(), credentials.accessKey, this.db.secrets.seal(credentials.secretKey, `job:${id}`), id],
    );
    return changed.changes > 0;
  }

  setState(id: string, state: JobState, error?: string): void {
    const at = this.stamp();
    const finished = state === 'running' || state === 'paused' ? null : at;
    this.db.sql.run('UPDATE jobs SET state = ?, error = ?, updated_at = ?, finished_at = ? WHERE id = ?', [
      state,
      error ?? null,
      at,
      finished,
      id,
    ]);
  }

  isHandled(id: string, key: string): boolean {
    return (
      this.db.sql.get('SELECT 1 AS x FROM job_keys WHERE job_id = ? AND key = ?', [id, key]) !== undefined
    );
  }

  /**
   * A page's outcomes and the cursor past it, in one transaction: a key is counted once (a
   * page redone after a restart finds its keys already here and adds nothing).
   */
  recordPage(id: string, outcomes: readonly KeyOutcome[], cursor: Cursor): void {
    const sql = this.db.sql;
    sql.transaction(() => {
      const counts = sql.get<{ done_count: number; failed_count: number }>(
        'SELECT done_count, failed_count FROM jobs WHERE id = ?',
        [id],
      );
      let seq = (counts?.done_count ?? 0) + (counts?.failed_count ?? 0);
      let keptErrors = sql.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM job_keys WHERE job_id = ? AND message IS NOT NULL',
        [id],
      )!.n;
      const insert = sql.prepare(
        `INSERT OR IGNORE INTO job_keys (job_id, key, outcome, bytes, version_id, message, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      const tally = { done: 0, doneBytes: 0, failed: 0, failedBytes: 0 };
      for (const o of outcomes) {
        const keep = o.error !== undefined && keptErrors < MAX_KEPT_ERRORS;
        const inserted = Number(
          insert.run(
            id,
            o.key,
            o.error === undefined ? 'done' : 'failed',
            o.bytes,
            o.versionId ?? null,
            keep ? o.error : null,
            seq + 1,
          ).changes,
        );
        if (inserted === 0) continue;
        seq += 1;
        if (keep) keptErrors += 1;
        if (o.error === undefined) {
          tally.done += 1;
          tally.doneBytes += o.bytes;
        } else {
          tally.failed += 1;
          tally.failedBytes += o.bytes;
        }
      }
      sql.run(
        `UPDATE jobs SET done_count = done_count + ?, done_bytes = done_bytes + ?,
           failed_count = failed_count + ?, failed_bytes = failed_bytes + ?, cursor = ?, updated_at = ?
         WHERE id = ?`,
        [
          tally.done,
          tally.doneBytes,
          tally.failed,
          tally.failedBytes,
          JSON.stringify(cursor),
          this.stamp(),
          id,
        ],
      );
    });
  }

  /** The job's handled keys in the order it handled them, after `afterSeq`. */
  handledKeys(id: string, afterSeq: number, limit: number, outcome?: 'done'): HandledKey[] {
    return this.db.sql
      .all<{
        key: string;
        outcome: 'done' | 'failed';
        bytes: number;
        version_id: string | null;
        message: string | null;
        seq: number;
      }>(
        `SELECT key, outcome, bytes, version_id, message, seq FROM job_keys
         WHERE job_id = ? AND seq > ? ${outcome ? 'AND outcome = ?' : ''} ORDER BY seq LIMIT ?`,
        outcome ? [id, afterSeq, outcome, limit] : [id, afterSeq, limit],
      )
      .map((r) => ({
        key: r.key,
        outcome: r.outcome,
        bytes: r.bytes,
        seq: r.seq,
        ...(r.version_id ? { versionId: r.version_id } : {}),
        ...(r.message ? { message: r.message } : {}),
      }));
  }

  /** The first failures, with their messages. */
  firstErrors(id: string, limit: number): { key: string; message: string }[] {
    return this.db.sql.all<{ key: string; message: string }>(
      `SELECT key, message FROM job_keys WHERE job_id = ? AND message IS NOT NULL ORDER BY seq LIMIT ?`,
      [id, limit],
    );
  }

  /** The job that undoes `id`, if one was started. */
  undoneBy(id: string): string | undefined {
    return this.db.sql.get<{ id: string }>('SELECT id FROM jobs WHERE undo_of = ?', [id])?.id;
  }
}
