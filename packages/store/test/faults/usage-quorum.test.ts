import { rename, rm, writeFile } from 'node:fs/promises';
import { CreateBucketCommand, PutObjectCommand, type S3ServiceException } from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';

// Each drive counts what it holds. A drive that was away while objects came and went counts
// the bucket as it was until heal catches it up: usage, and so the quota, must not be read
// from it alone.

let t: TestStore;
beforeEach(async () => {
  t = await startTestStore();
});
afterEach(() => t.close());

const restart = async () => {
  await t.store.close();
  t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
};

/** Drive 0 becomes a file (every access fails), or its folder again. */
const driveAway = async () => {
  await rename(t.drives[0]!, `${t.drives[0]}.aside`);
  await writeFile(t.drives[0]!, 'not a drive');
};
const driveBack = async () => {
  await rm(t.drives[0]!);
  await rename(`${t.drives[0]}.aside`, t.drives[0]!);
};

const put = (Key: string, size: number) =>
  t.s3.send(new PutObjectCommand({ Bucket: 'metered', Key, Body: Buffer.alloc(size, 1) }));

describe('bucket usage with a drive that missed writes', () => {
  it('counts what most drives hold: no write past the quota, no refusal for deleted bytes', async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await t.s3.send(new CreateBucketCommand({ Bucket: 'metered' }));
    await put('a', 500_000);
    await t.store.close();
    await driveAway();
    t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
    for (const key of ['b', 'c', 'd', 'e']) await put(key, 100_000);
    await t.store.close();
    await driveBack();
    await restart();

    const usage = (await admin.dataUsageInfo()).bucketsUsageInfo?.metered;
    expect([usage?.size, usage?.objectsCount]).toEqual([900_000, 5]);
    await admin.setBucketQuota('metered', { quota: 1_000_000, quotatype: 'hard' });
    const refused = await put('f', 450_000).catch((e: unknown) => e);
    expect((refused as S3ServiceException).name).toBe('XMinioAdminBucketQuotaExceeded');
    await put('g', 50_000);
  });
});
