import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentId } from '../../src/observe/elasticsearch-target.js';
import { type ElasticsearchStandIn, startElasticsearchStandIn } from '../support/elasticsearch-standin.js';
import { EXPECTED_EVENTS, putPutDelete, subscribe, until } from '../support/notifications.js';

// Bucket events indexed by notify_elasticsearch targets in MinIO's two formats. Debian does
// not package Elasticsearch, so a stand-in answering its REST calls receives them
// (support/elasticsearch-standin.ts); the client is the store's own.

const { CreateBucketCommand } = s3sdk;

// The store runs under an outbound allow-list admitting the local peers, so every delivery
// goes through the allow-list's checked connections (STOWAGE_OUTBOUND_ALLOW).
const LOCAL_PEERS = '127.0.0.1';

let t: TestStore;
let es: ElasticsearchStandIn;
let admin: MadminClient;
beforeAll(async () => {
  [es, t] = await Promise.all([startElasticsearchStandIn(), startTestStore({ outboundAllow: LOCAL_PEERS })]);
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
});
afterAll(async () => {
  await t.close();
  await es.close();
});

type Doc = { Records: { eventName: string; s3: { configurationId: string } }[] };

describe('bucket notifications to Elasticsearch (REST stand-in)', () => {
  it('creates the indices, keeps one document per object (namespace) and one per event (access)', async () => {
    const auth = `username=${es.username} password=${es.password}`;
    await admin.config.setKV(
      `notify_elasticsearch:objects url=${es.url} index=objects format=namespace ${auth}`,
    );
    await admin.config.setKV(
      `notify_elasticsearch:journal url=${es.url} index=journal format=access ${auth}`,
    );
    await t.s3.send(new CreateBucketCommand({ Bucket: 'es-logged' }));
    await subscribe(t, 'es-logged', [
      'arn:minio:sqs::objects:elasticsearch',
      'arn:minio:sqs::journal:elasticsearch',
    ]);
    await putPutDelete(t, 'es-logged');

    const journal = await until(
      async () => [...(es.indices.get('journal')?.values() ?? [])] as Doc[],
      (docs) => docs.length === 3,
    );
    expect(journal.map((d) => d.Records[0]!.eventName)).toEqual(EXPECTED_EVENTS);
    const [removed, kept] = [documentId('es-logged/a.txt'), documentId('es-logged/dir/b c.txt')];
    const objects = await until(
      async () => es.indices.get('objects'),
      (docs) => docs?.size === 1 && !docs.has(removed),
    );
    expect([...objects!.keys()]).toEqual([kept]);
    expect(objects!.get(kept)).toMatchObject({
      Records: [{ eventName: 's3:ObjectCreated:Put', s3: { configurationId: 'objects' } }],
    });
    // Each index was looked up and created once, after the version check.
    expect(es.calls.filter((c) => c === 'PUT /objects' || c === 'PUT /journal').sort()).toEqual([
      'PUT /journal',
      'PUT /objects',
    ]);
  });

  it('does not index into a server older than 7, and reports the target offline', async () => {
    const old = await startElasticsearchStandIn('6.8.23');
    try {
      await admin.config.setKV(
        `notify_elasticsearch:old url=${old.url} index=old username=${old.username} password=${old.password}`,
      );
      await t.s3.send(new CreateBucketCommand({ Bucket: 'es-old' }));
      await subscribe(t, 'es-old', ['arn:minio:sqs::old:elasticsearch']);
      await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'es-old', Key: 'k', Body: 'x' }));
      const statusOf = async () =>
        (await admin.serverInfo()).services?.notifications
          ?.flatMap((group) => group.elasticsearch ?? [])
          .find((entry) => 'old' in entry)?.old?.status;
      expect(await until(statusOf, (s) => s === 'offline')).toBe('offline');
      expect(old.indices.size).toBe(0);
      await admin.config.delKV('notify_elasticsearch:old');
    } finally {
      await old.close();
    }
  });

  it('refuses a format it does not know', async () => {
    await expect(
      admin.config.setKV(`notify_elasticsearch:bad url=${es.url} index=x format=json`),
    ).rejects.toMatchObject({ message: expect.stringContaining('unrecognized format') });
  });
});
