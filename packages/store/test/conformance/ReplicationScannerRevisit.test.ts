import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configDir } from '../../src/engine/fs/layout.js';
import { eventually, replicateBucket } from '../support/replication.js';

// The scanner's replication visitor between two real stores: a version left PENDING whose
// persisted job is gone (a crash between a write and its job) is queued again by a scanner
// cycle, reaches the target and shows COMPLETED.

// Cycles run only when the test asks; failed sends are retried quickly.
process.env.STOWAGE_SCANNER_CYCLE = '24h';
process.env.STOWAGE_REPLICATION_RETRY_MAX_MS = '300';

let src: TestStore;
let dst: TestStore;

beforeAll(async () => {
  [src, dst] = await Promise.all([startTestStore(), startTestStore()]);
  for (const [t, Bucket] of [
    [src, 'lost-src'],
    [dst, 'lost-dst'],
  ] as const) {
    await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket }));
    await t.s3.send(
      new s3sdk.PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
  }
  await replicateBucket({ url: src.store.url, s3: src.s3 }, 'lost-src', dst, 'lost-dst');
});
afterAll(async () => {
  await src?.close();
  await dst?.close();
});

const head = (t: TestStore, Bucket: string, Key: string) =>
  t.s3.send(new s3sdk.HeadObjectCommand({ Bucket, Key }));
const missing = (p: Promise<unknown>) =>
  p.then(
    () => false,
    (err: { name?: string }) => err.name === 'NotFound',
  );

describe('the scanner re-queues replication work that was lost', () => {
  it('a PENDING version without a persisted job reaches the target after a cycle', async () => {
    // The target is down: the write is acknowledged PENDING (or FAILED after retries) with a job.
    await dst.stop();
    const put = await src.s3.send(
      new s3sdk.PutObjectCommand({ Bucket: 'lost-src', Key: 'orphan.txt', Body: 'left behind' }),
    );
    expect((await head(src, 'lost-src', 'orphan.txt')).ReplicationStatus).toMatch(/^(PENDING|FAILED)$/);

    // The source stops and its persisted jobs are lost, as a crash before they were written.
    await src.stop();
    await Promise.all(
      src.drives.map((d) => rm(join(configDir(d), 'replication', 'queue'), { recursive: true, force: true })),
    );
    await dst.start();
    await src.start();
    const before = await head(src, 'lost-src', 'orphan.txt');
    expect(before.ReplicationStatus).toMatch(/^(PENDING|FAILED)$/);
    expect(await missing(head(dst, 'lost-dst', 'orphan.txt'))).toBe(true);

    await src.store.runScannerCycle();
    const done = await eventually(
      () => head(src, 'lost-src', 'orphan.txt'),
      (h) => h.ReplicationStatus === 'COMPLETED',
      'orphan.txt COMPLETED on the source',
    );
    expect(done.VersionId).toBe(put.VersionId);
    const replica = await head(dst, 'lost-dst', 'orphan.txt');
    expect(replica).toMatchObject({ VersionId: put.VersionId, ReplicationStatus: 'REPLICA' });
    const body = await dst.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'lost-dst', Key: 'orphan.txt' }));
    expect(await body.Body!.transformToString()).toBe('left behind');
  });
});
