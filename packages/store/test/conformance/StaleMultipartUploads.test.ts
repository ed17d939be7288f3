import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, CreateMultipartUploadCommand, ListMultipartUploadsCommand, UploadPartCommand } =
  s3sdk;

// MinIO's api subsystem: uploads begun more than stale_uploads_expiry ago are aborted every
// stale_uploads_cleanup_interval, applied as soon as they are set.

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'stale' }));
});
afterAll(() => t.close());

const listed = async () =>
  ((await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'stale' }))).Uploads ?? []).map(
    (u) => u.UploadId,
  );

/** Files under the bucket's folder on the first drive (its upload data folders). */
async function filesUnderBucket(): Promise<number> {
  const entries = await readdir(join(t.drives[0]!, 'stale'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((e) => e.isFile()).length;
}

describe('stale multipart uploads (api stale_uploads_expiry, stale_uploads_cleanup_interval)', () => {
  it('shows MinIO defaults, and refuses a value that is not a duration', async () => {
    const api = await admin.config.getKV('api');
    expect(api).toContain('stale_uploads_cleanup_interval=6h');
    expect(api).toContain('stale_uploads_expiry=24h');
    await expect(admin.config.setKV('api stale_uploads_expiry=tomorrow')).rejects.toThrow(
      /stale_uploads_expiry' must be a duration/,
    );
  });

  it('aborts uploads older than the expiry once set, with their parts, and keeps new ones', async () => {
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'stale', Key: 'big/file' }),
    );
    await t.s3.send(
      new UploadPartCommand({
        Bucket: 'stale',
        Key: 'big/file',
        UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(300_000, 1),
      }),
    );
    expect(await listed()).toEqual([UploadId]);
    expect(await filesUnderBucket()).toBeGreaterThan(0);

    // A dynamic subsystem: applied without a restart.
    const { restart } = await admin.config.setKV(
      'api stale_uploads_cleanup_interval=1s stale_uploads_expiry=2s',
    );
    expect(restart).toBe(false);
    // The walk removes the records, then the parts' folders, then says so in the log.
    const logged = () => t.logs.some((l) => l.includes('aborted 1 stale multipart upload(s)'));
    await expect.poll(logged, { timeout: 10_000, interval: 100 }).toBe(true);
    expect(await listed()).toEqual([]);
    expect(await filesUnderBucket()).toBe(0);
    expect(logged()).toBe(true);

    // An upload younger than the expiry stays.
    await admin.config.setKV('api stale_uploads_expiry=1h');
    const { UploadId: young } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'stale', Key: 'young' }),
    );
    await sleep(2500);
    expect(await listed()).toEqual([young]);
  }, 30_000);
});
