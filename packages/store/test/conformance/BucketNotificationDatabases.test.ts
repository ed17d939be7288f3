import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { type MariaDbServer, startMariaDb } from '@stowage/test-support/peers/mariadb';
import { type PostgresServer, startPostgres } from '@stowage/test-support/peers/postgres';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_EVENTS, putPutDelete, subscribe, until } from '../support/notifications.js';

// Bucket events delivered to notify_postgres and notify_mysql targets on a real PostgreSQL
// 15 and a real MariaDB 10.11, in MinIO's two formats: "namespace" keeps one row per object,
// "access" appends one row per event. The tables are created by the store.

const { CreateBucketCommand } = s3sdk;

// The store runs under an outbound allow-list admitting the local peers, so every delivery
// goes through the allow-list's checked connections (STOWAGE_OUTBOUND_ALLOW).
const LOCAL_PEERS = '127.0.0.1';

let t: TestStore;
let admin: MadminClient;
let postgres: PostgresServer;
let maria: MariaDbServer;
beforeAll(async () => {
  [postgres, maria, t] = await Promise.all([
    startPostgres(),
    startMariaDb(),
    startTestStore({ outboundAllow: LOCAL_PEERS }),
  ]);
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
}, 60_000);
afterAll(async () => {
  await t.close();
  await Promise.all([postgres.close(), maria.close()]);
});

type Row = Record<string, unknown>;

describe('bucket notifications to PostgreSQL', () => {
  it('keeps the object table (namespace) and the journal (access) as MinIO does', async () => {
    const url = new URL(postgres.url);
    const conn = `host=${url.hostname} port=${url.port} user=${url.username} dbname=postgres sslmode=disable`;
    await admin.config.setKV(
      `notify_postgres:objects connection_string="${conn}" table=bucketobjects format=namespace`,
    );
    await admin.config.setKV(
      `notify_postgres:journal connection_string="${conn}" table=bucketjournal format=access`,
    );
    await t.s3.send(new CreateBucketCommand({ Bucket: 'pg-logged' }));
    await subscribe(t, 'pg-logged', [
      'arn:minio:sqs::objects:postgresql',
      'arn:minio:sqs::journal:postgresql',
    ]);
    await putPutDelete(t, 'pg-logged');

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const query = async (sql: string) =>
        (await client.query(sql).catch(() => ({ rows: [] as Row[] }))).rows;
      const journal = await until(
        () => query('SELECT event_time, event_data FROM bucketjournal'),
        (rows) => rows.length === 3,
      );
      expect(
        journal.map((r) => (r.event_data as { Records: { eventName: string }[] }).Records[0]!.eventName),
      ).toEqual(EXPECTED_EVENTS);
      expect(journal[0]!.event_time).toBeInstanceOf(Date);
      const objects = await until(
        () => query('SELECT key, value FROM bucketobjects ORDER BY key'),
        // The object table's target runs on its own: the first PUT alone is one row too.
        (rows) => rows.length === 1 && String(rows[0]!.key).endsWith('/dir/b c.txt'),
      );
      expect(objects[0]!.key).toBe('pg-logged/dir/b c.txt');
      expect(objects[0]!.value).toMatchObject({
        Records: [
          {
            eventName: 's3:ObjectCreated:Put',
            s3: { configurationId: 'objects', object: { key: 'dir%2Fb+c.txt' } },
          },
        ],
      });
    } finally {
      await client.end();
    }
  });

  it('refuses table names that are not identifiers, and stores nothing', async () => {
    const before = await admin.config.getKV('notify_postgres:objects');
    await expect(
      admin.config.setKV('notify_postgres:objects table="x; DROP TABLE bucketobjects; --"'),
    ).rejects.toMatchObject({
      code: 'XMinioConfigError',
      message: expect.stringContaining('invalid PostgreSQL table'),
    });
    expect(await admin.config.getKV('notify_postgres:objects')).toBe(before);
  });
});

describe('bucket notifications to MySQL (MariaDB)', () => {
  it('keeps the object table (namespace) and the journal (access) as MinIO does', async () => {
    await admin.config.setKV(
      `notify_mysql:objects dsn_string="${maria.dsn}" table=bucketobjects format=namespace`,
    );
    await admin.config.setKV(
      `notify_mysql:journal dsn_string="${maria.dsn}" table=bucketjournal format=access`,
    );
    await t.s3.send(new CreateBucketCommand({ Bucket: 'my-logged' }));
    await subscribe(t, 'my-logged', ['arn:minio:sqs::objects:mysql', 'arn:minio:sqs::journal:mysql']);
    await putPutDelete(t, 'my-logged');

    const conn = await maria.connect();
    try {
      const query = async (sql: string) => (await conn.query(sql).catch(() => [[]]))[0] as Row[];
      const journal = await until(
        () => query('SELECT event_time, event_data FROM bucketjournal'),
        (rows) => rows.length === 3,
      );
      const data = journal.map((r) =>
        typeof r.event_data === 'string' ? JSON.parse(r.event_data) : r.event_data,
      );
      expect(data.map((d: { Records: { eventName: string }[] }) => d.Records[0]!.eventName)).toEqual(
        EXPECTED_EVENTS,
      );
      const objects = await until(
        () => query('SELECT key_name, value FROM bucketobjects'),
        // The object table's target runs on its own: the first PUT alone is one row too.
        (rows) => rows.length === 1 && String(rows[0]!.key_name).endsWith('/dir/b c.txt'),
      );
      expect(objects[0]!.key_name).toBe('my-logged/dir/b c.txt');
      const value = objects[0]!.value;
      expect(typeof value === 'string' ? JSON.parse(value) : value).toMatchObject({
        Records: [{ eventName: 's3:ObjectCreated:Put', s3: { configurationId: 'objects' } }],
      });
    } finally {
      await conn.end();
    }
  });

  it('refuses a malformed DSN and a table name that is not an identifier', async () => {
    await expect(
      admin.config.setKV('notify_mysql:bad dsn_string="stowage@tcp(127.0.0.1:1)" table=events'),
    ).rejects.toMatchObject({ message: expect.stringContaining('missing the slash') });
    await expect(
      admin.config.setKV(`notify_mysql:bad dsn_string="${maria.dsn}" table="events;drop"`),
    ).rejects.toMatchObject({ message: expect.stringContaining('invalid MySQL table') });
    await expect(admin.config.getKV('notify_mysql:bad')).rejects.toBeTruthy();
  });
});
