import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditRecord } from '@stowage/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteFile, sqliteDriver } from '../db/sqlite-file.js';
import { AUDIT_SCHEMA_VERSION, type AuditSearch } from './audit-log.js';
import { openSqliteAuditLog } from './sqlite-log.js';

// The SQLite audit store on whichever SQLite this Node loads (sqlite-file.ts), and the files
// the WebAssembly SQLite of earlier builds wrote.

/** Written by the node-sqlite3-wasm store before the switch: schema 1, three rows, no WAL. */
const WASM_FIXTURE = new URL('./fixtures/audit-node-sqlite3-wasm-v1.sqlite', import.meta.url);

/** The fixture's second row. */
const catOne: AuditRecord = {
  time: '2026-01-02T03:04:05.001Z',
  api_name: 'PutObject',
  bucket: 'photos',
  object: 'cats/cat-1.jpg',
  remote_host: '10.0.0.7',
  request_id: '17F00000000001',
  user_agent: 'MinIO (linux; amd64) minio-go/v7',
  response_status: 'OK',
  response_status_code: 200,
  request_content_length: 10,
  response_content_length: 100,
  time_to_response_ns: 1001,
};

const everything: AuditSearch = { filters: [], newestFirst: false, limit: 100, offset: 0 };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-audit-sqlite-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the SQLite audit store', () => {
  it('uses node:sqlite where Node has it unflagged (22.13+), better-sqlite3 before', () => {
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    const builtin = major > 22 || (major === 22 && minor >= 13);
    expect(sqliteDriver()).toBe(builtin ? 'node:sqlite' : 'better-sqlite3');
  });

  it('opens a file the node-sqlite3-wasm store wrote: its rows read, new rows go in, WAL from now on', async () => {
    const path = join(dir, 'audit.sqlite');
    await copyFile(WASM_FIXTURE, path);
    const log = openSqliteAuditLog(path);
    const before = await log.search(everything);
    expect(before.map((r) => [r.api_name, r.object, r.response_status_code])).toEqual([
      ['GetObject', 'cats/cat-0.jpg', 200],
      ['PutObject', 'cats/cat-1.jpg', 200],
      ['GetObject', 'cats/cat-2.jpg', 404],
    ]);
    expect(before[1]).toEqual(catOne);
    await log.insert([{ ...before[2]!, object: 'cats/cat-3.jpg', time: '2026-01-02T03:04:06.000Z' }]);
    expect(
      await log.search({ ...everything, filters: [{ column: 'object', pattern: 'cats/cat-3%' }] }),
    ).toHaveLength(1);
    expect(await log.purge(new Date('2026-01-02T03:04:05.002Z'))).toBe(2);
    await log.close();

    const db = openSqliteFile(path);
    expect(db.get('SELECT version FROM schema_version')).toEqual({ version: AUDIT_SCHEMA_VERSION });
    expect(db.get('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    db.close();
  });

  it('rolls a failed batch back whole', async () => {
    const log = openSqliteAuditLog(join(dir, 'audit.sqlite'));
    const broken = { ...catOne, api_name: null } as unknown as AuditRecord;
    await expect(log.insert([catOne, broken])).rejects.toThrow(/NOT NULL/);
    expect(await log.search(everything)).toEqual([]);
    await log.close();
    await log.close(); // twice is harmless
  });
});
