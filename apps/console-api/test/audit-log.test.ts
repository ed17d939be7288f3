import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditRecord } from '@stowage/contract';
import { MadminClient } from '@stowage/madmin';
import { type PostgresServer, startPostgres } from '@stowage/test-support/peers/postgres';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openSqliteAuditLog } from '../src/audit/sqlite-log.js';
import type { AuditLogConfig } from '../src/config.js';
import { openSqliteFile } from '../src/db/sqlite-file.js';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Audit log search end to end, once per database: the store's audit_webhook posts every
// request to the console (listening on a real port), and the Logs page's search reads them.

const TOKEN = 'audit-ingest-token-1';

let pgServer: PostgresServer;
let sqliteDir: string;
beforeAll(async () => {
  pgServer = await startPostgres();
  sqliteDir = await mkdtemp(join(tmpdir(), 'stowage-audit-'));
}, 60_000);
afterAll(async () => {
  await pgServer?.close();
  await rm(sqliteDir, { recursive: true, force: true });
});

const backends: [string, () => AuditLogConfig][] = [
  ['SQLite', () => ({ token: TOKEN, sqlitePath: join(sqliteDir, 'audit.sqlite'), retentionDays: 30 })],
  ['PostgreSQL', () => ({ token: TOKEN, postgresUrl: pgServer.url, sqlitePath: '', retentionDays: 30 })],
];

describe.each(backends)('audit log in %s', (_name, auditConfig) => {
  let h: Harness;
  let admin: LoggedIn;
  let ingestUrl: string;
  beforeAll(async () => {
    h = await startHarness({ auditLog: auditConfig() });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    ingestUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/v1/audit/ingest`;
    admin = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    await new MadminClient({ endpoint: h.storeUrl, credentials: ROOT }).config.setKV(
      `audit_webhook:console enable=on endpoint=${ingestUrl} auth_token=${TOKEN}`,
    );
    const s3 = storeS3(h.storeUrl);
    await s3.makeBucket('audited');
    await s3.putObject('audited', 'photos/cat.jpg', 'meow');
    await s3.putObject('audited', 'photos/dog.jpg', 'woof!');
    await s3.putObject('audited', 'notes/a_b.txt', 'x');
    await s3.statObject('audited', 'missing').catch(() => {});
    // the webhook delivers in the background: wait until the last request's entry is there
    await vi
      .waitFor(
        async () => {
          const all = await search('fp=bucket:audited&pageSize=1000');
          if (!all.some((r) => r.response_status_code === 404)) throw new Error('not delivered yet');
        },
        { timeout: 10_000, interval: 100 },
      )
      .catch(() => {});
  });
  afterAll(() => h?.close());

  const search = async (query: string): Promise<AuditRecord[]> => {
    const res = await callAs(h.app, admin, 'GET', `/logs/search?q=reqinfo&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results;
  };

  test('the session offers log-search', async () => {
    const session = await h.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: admin.cookie },
    });
    expect(session.json().features).toEqual(['log-search']);
  });

  test('every request the server served is a row, newest first by default', async () => {
    const rows = await search('fp=bucket:audited&pageSize=100');
    const puts = rows.filter((r) => r.api_name === 'PutObject');
    expect(puts.map((r) => r.object)).toEqual(['notes/a_b.txt', 'photos/dog.jpg', 'photos/cat.jpg']);
    expect(puts[1]).toMatchObject({
      bucket: 'audited',
      response_status: 'OK',
      response_status_code: 200,
      request_content_length: 5,
      remote_host: '127.0.0.1',
    });
    expect(puts[1]?.request_id).toMatch(/^[0-9A-F]{16}$/);
    expect(puts[1]?.time_to_response_ns).toBeGreaterThan(0);
    const times = rows.map((r) => r.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('filters take * for a run, . for one character, \\ to escape; all of them apply', async () => {
    const objects = async (fp: string) =>
      (await search(`${fp}&order=timeAsc`)).filter((r) => r.api_name === 'PutObject').map((r) => r.object);
    expect(await objects('fp=object:photos/*')).toEqual(['photos/cat.jpg', 'photos/dog.jpg']);
    expect(await objects('fp=object:photos/.og.jpg')).toEqual(['photos/dog.jpg']);
    // _ is literal, unlike SQL's LIKE; \. is a real dot
    expect(await objects(`fp=object:${encodeURIComponent('notes/a_b\\.txt')}`)).toEqual(['notes/a_b.txt']);
    expect(await objects(`fp=object:${encodeURIComponent('notes/a.b\\.txt')}`)).toEqual(['notes/a_b.txt']);
    expect(await objects('fp=object:notes/a%25b.txt')).toEqual([]);
    expect(await objects('fp=object:photos/*&fp=api_name:PutObject&fp=user_agent:*MinIO*')).toHaveLength(2);
    expect(await objects('fp=object:PHOTOS/*')).toEqual([]); // case matters
    const missing = await search('fp=response_status:Not*');
    expect(missing.map((r) => [r.api_name, r.object, r.response_status_code])).toEqual([
      ['HeadObject', 'missing', 404],
    ]);
  });

  test('pages of pageSize, in either order, within a time window', async () => {
    const all = await search('fp=bucket:audited&order=timeAsc&pageSize=1000');
    expect(all.length).toBeGreaterThanOrEqual(5);
    const first = await search('fp=bucket:audited&order=timeAsc&pageSize=2&pageNo=0');
    const second = await search('fp=bucket:audited&order=timeAsc&pageSize=2&pageNo=1');
    expect([...first, ...second]).toEqual(all.slice(0, 4));
    const mid = all[2] as AuditRecord;
    const windowed = await search(
      `fp=bucket:audited&order=timeAsc&pageSize=1000&timeStart=${encodeURIComponent(mid.time)}&timeEnd=${encodeURIComponent(mid.time)}`,
    );
    expect(windowed.every((r) => r.time === mid.time)).toBe(true);
    expect(windowed).toContainEqual(mid);
    expect(
      await search('fp=bucket:audited&timeStart=2000-01-01T00:00:00Z&timeEnd=2000-01-02T00:00:00Z'),
    ).toEqual([]);
  });

  test('bad searches are 400s; a user without admin:ConsoleLog is refused', async () => {
    for (const q of ['fp=password:x', 'pageSize=0', 'pageSize=5000', 'order=random', 'timeStart=yesterday'])
      expect((await callAs(h.app, admin, 'GET', `/logs/search?${q}`)).statusCode).toBe(400);
    await callAs(h.app, admin, 'POST', '/users', {
      accessKey: 'auditless',
      secretKey: 'auditless-secret',
      groups: [],
      policies: ['readwrite'],
    });
    const user = await loginAs(h.app, 'auditless', 'auditless-secret');
    expect((await callAs(h.app, user, 'GET', '/logs/search')).statusCode).toBe(403);
  });

  test('the ingest endpoint wants the token and real entries', async () => {
    const post = (body: unknown, authorization?: string) =>
      fetch(ingestUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(body),
      });
    const entry = {
      time: new Date().toISOString(),
      api: { name: 'Forged', bucket: 'audited', statusCode: 200 },
    };
    expect((await post(entry)).status).toBe(401);
    expect((await post(entry, 'Bearer not-the-token')).status).toBe(401);
    expect((await post([entry, { hello: 'world' }], `Bearer ${TOKEN}`)).status).toBe(400);
    expect((await search('fp=api_name:Forged')).length).toBe(0); // the batch was refused whole
    expect((await post([entry, entry], TOKEN)).status).toBe(204); // a bare token, as older servers send
    expect((await search('fp=api_name:Forged')).length).toBe(2);
  });
});

describe('the SQLite file', () => {
  test('a fresh file is created at the current schema; a newer schema is refused', async () => {
    const path = join(sqliteDir, 'versions.sqlite');
    const log = openSqliteAuditLog(path);
    await log.close();
    const db = openSqliteFile(path);
    expect(db.get('SELECT version FROM schema_version')).toEqual({ version: 1 });
    db.run('UPDATE schema_version SET version = 99');
    db.close();
    expect(() => openSqliteAuditLog(path)).toThrow(/newer Stowage \(schema 99/);
  });

  test('a console without audit settings answers 404 and offers no log-search', async () => {
    const plain = await startHarness();
    try {
      const who = await loginAs(plain.app, ROOT.accessKey, ROOT.secretKey);
      const res = await callAs(plain.app, who, 'GET', '/logs/search');
      expect(res.statusCode).toBe(404);
      expect(res.json().detailedMessage).toContain('not configured');
      const session = await plain.app.inject({
        method: 'GET',
        url: '/api/v1/session',
        headers: { cookie: who.cookie },
      });
      expect(session.json().features).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
