import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { objectDir } from './engine/fs/layout.js';
import { type StoreHandle, startStore } from './store.js';

// The start-up sweep keeps data folders written within a margin of its start (writes under
// way look the same); what a crash just before the start left goes with the second sweep.

const ROOT = { accessKey: 'sweep-root', secretKey: 'sweep-root-secret' };
let dir: string;
let store: StoreHandle | undefined;
afterEach(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('sweeping what crashed writes left', () => {
  it('a second sweep takes the folders a crash left just before the start', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stowage-resweep-'));
    const drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
    store = await startStore({ drives, rootCredentials: ROOT });
    const s3 = new S3Client({
      endpoint: store.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
    s3.destroy();
    await store.close();
    // A write the crash cut short a moment ago: its folder, on every drive, no record names.
    const folders = drives.map((d) =>
      join(objectDir(d, 'bkt', 'torn'), 'a1b2c3d4-0000-4000-8000-000000000001'),
    );
    for (const f of folders) {
      await mkdir(f, { recursive: true });
      await writeFile(join(f, 'part.1'), 'shard bytes');
    }
    store = await startStore({ drives, rootCredentials: ROOT, resweepAfterMs: 2500 });
    const present = async () =>
      (
        await Promise.all(
          folders.map((f) =>
            readdir(f).then(
              () => true,
              () => false,
            ),
          ),
        )
      ).filter(Boolean).length;
    // The first sweep keeps them: they are within its margin.
    await sleep(500);
    expect(await present()).toBe(4);
    await expect.poll(present, { timeout: 6000, interval: 100 }).toBe(0);
  }, 30_000);
});
