import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/notifications.js';
import { type TierGate, tierGate } from '../support/tier-gate.js';
import { minioTierOn } from '../support/tiers.js';

// RestoreObject runs in the background, as S3's and MinIO's do, between two real stores: the
// tier (bucket `archive` on the cold store) sits behind a gate that holds reads of tiered data,
// so the "ongoing" state lasts exactly as long as the test looks at it.

// Scanner cycles run only when the test asks.
process.env.STOWAGE_SCANNER_CYCLE = '24h';

let hot: TestStore;
let cold: TestStore;
let gate: TierGate;
const BUCKET = 'vault';
const body = Buffer.alloc(2 * 1024 * 1024 + 77);
for (let i = 0; i < body.length; i++) body[i] = (i * 7 + (i >> 9)) & 0xff;

beforeAll(async () => {
  [hot, cold] = await Promise.all([startTestStore(), startTestStore()]);
  await cold.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'archive' }));
  gate = await tierGate(cold.store.url, '/archive/');
  await new MadminClient({ endpoint: hot.store.url, credentials: ROOT }).tiers.add(
    minioTierOn(cold, 'COLD', { Endpoint: gate.url }),
  );
  await hot.s3.send(new s3sdk.CreateBucketCommand({ Bucket: BUCKET }));
});
afterAll(async () => {
  gate?.release();
  await hot?.close();
  await cold?.close();
  await gate?.close();
});

async function transitioned(key: string): Promise<void> {
  await hot.s3.send(new s3sdk.PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
  await hot.store.transitions.transitionVersion(BUCKET, key, undefined, 'COLD');
}
const restore = (key: string, days: number) =>
  hot.s3.send(new s3sdk.RestoreObjectCommand({ Bucket: BUCKET, Key: key, RestoreRequest: { Days: days } }));
const restoreHeader = async (key: string) =>
  (await hot.s3.send(new s3sdk.HeadObjectCommand({ Bucket: BUCKET, Key: key }))).Restore;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: s3sdk.S3ServiceException) => `${e.$metadata.httpStatusCode} ${e.name}`,
  );
/** The status of an answer, or of an error with its code. */
const statusOf = (p: Promise<{ $metadata: { httpStatusCode?: number } }>) =>
  p.then(
    (r) => String(r.$metadata.httpStatusCode),
    (e: s3sdk.S3ServiceException) => `${e.$metadata.httpStatusCode} ${e.name}`,
  );
const bytesOf = async (key: string) => {
  const r = await hot.s3.send(new s3sdk.GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await r.Body!.transformToByteArray());
};
const done = (h: string | undefined) => h?.startsWith('ongoing-request="false"') ?? false;

describe('RestoreObject in the background', () => {
  it('answers 202, shows ongoing-request="true", refuses a second restore with 409, then completes', async () => {
    await transitioned('slow.bin');
    gate.hold();
    // Two at once: one starts the restore, the other finds it in progress.
    const both = await Promise.all([statusOf(restore('slow.bin', 3)), statusOf(restore('slow.bin', 3))]);
    expect(both.sort()).toEqual(['202', '409 RestoreAlreadyInProgress']);
    expect(await restoreHeader('slow.bin')).toBe('ongoing-request="true"');
    expect(await failure(restore('slow.bin', 3))).toBe('409 RestoreAlreadyInProgress');
    gate.release();
    const finished = await until(() => restoreHeader('slow.bin'), done);
    expect(finished).toMatch(
      /^ongoing-request="false", expiry-date="[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} 00:00:00 GMT"$/,
    );
    expect((await bytesOf('slow.bin')).equals(body)).toBe(true);
    // Restored already: the days move, 200.
    const again = await restore('slow.bin', 10);
    expect(again.$metadata.httpStatusCode).toBe(200);
    const moved = await restoreHeader('slow.bin');
    const expiry = (h: string | undefined) => new Date(/expiry-date="(.+)"/.exec(h ?? '')![1]!).getTime();
    expect(expiry(moved) - expiry(finished)).toBe(7 * 86_400_000);
  });

  it('a restore that fails at the tier ends, not ongoing for ever, and may be asked again', async () => {
    const tierKeys = async () =>
      (
        await cold.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: 'archive', Prefix: 'tier/' }))
      ).Contents?.map((o) => o.Key!) ?? [];
    const before = new Set(await tierKeys());
    await transitioned('lost.bin');
    // The tier loses the data (its copy removed behind the store's back).
    const copy = (await tierKeys()).find((k) => !before.has(k))!;
    await cold.s3.send(new s3sdk.DeleteObjectCommand({ Bucket: 'archive', Key: copy }));
    expect((await restore('lost.bin', 1)).$metadata.httpStatusCode).toBe(202);
    const header = await until(
      () => restoreHeader('lost.bin'),
      (h) => h === undefined,
    );
    expect(header).toBeUndefined();
    expect(hot.logs.some((m) => m.includes('lost.bin') && m.includes('restore failed'))).toBe(true);
    // Asked again, it starts again (and fails again: the data is gone from the tier).
    expect((await restore('lost.bin', 1)).$metadata.httpStatusCode).toBe(202);
  });

  it('a restore left ongoing by a stopped store resumes after the restart', async () => {
    await transitioned('resume.bin');
    gate.hold();
    expect((await restore('resume.bin', 2)).$metadata.httpStatusCode).toBe(202);
    await until(
      async () => gate.waiting,
      (n) => n > 0,
    );
    await hot.restart();
    // The state is kept in the version: still ongoing after the restart.
    expect(await restoreHeader('resume.bin')).toBe('ongoing-request="true"');
    // The scanner meets it and starts it again.
    await hot.store.runScannerCycle();
    gate.release();
    const finished = await until(() => restoreHeader('resume.bin'), done);
    expect(finished).toMatch(/^ongoing-request="false", expiry-date=/);
    expect((await bytesOf('resume.bin')).equals(body)).toBe(true);
  });

  it('announces s3:ObjectRestore:Post when asked and s3:ObjectRestore:Completed when the copy is back', async () => {
    await transitioned('told.bin');
    const got: { eventName: string; s3: { object: { key: string } } }[] = [];
    const listener = hot.minio.listenBucketNotification(BUCKET, '', '', [
      's3:ObjectRestore:*',
      's3:ObjectCreated:*',
    ]);
    listener.on('notification', (r) => got.push(r as (typeof got)[number]));
    try {
      // The listener is live once a write of ours shows up on it.
      await until(
        async () => {
          await hot.s3.send(new s3sdk.PutObjectCommand({ Bucket: BUCKET, Key: 'ping', Body: '' }));
          return got.length;
        },
        (n) => n > 0,
      );
      expect((await restore('told.bin', 1)).$metadata.httpStatusCode).toBe(202);
      const seen = () => got.filter((r) => r.s3.object.key === 'told.bin').map((r) => r.eventName);
      await until(
        async () => seen(),
        (names) => names.length >= 2,
      );
      expect(seen()).toEqual(['s3:ObjectRestore:Post', 's3:ObjectRestore:Completed']);
    } finally {
      listener.stop();
    }
  });

  it('refuses objects that are on no tier: 403 InvalidObjectState', async () => {
    await hot.s3.send(new s3sdk.PutObjectCommand({ Bucket: BUCKET, Key: 'plain.txt', Body: 'x' }));
    expect(await failure(restore('plain.txt', 1))).toBe('403 InvalidObjectState');
  });
});
