import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, signedRequest } from '@stowage/test-support/store/harness';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rootClient } from './child.js';
import { type HotChild, tierRig } from './tier-rig.js';

// The tier copy of a removed version is never forgotten: with the tier down the copy stays
// and the delete is retried until the tier is back; a kill -9 in between, and a restart,
// still deletes it; a force-deleted bucket's copies go too. The hot store runs in its own
// process (the compiled package), the tier is a bucket on a second store behind a gate.

const rig = tierRig('tier-journal');

/** The copies the tier holds. */
const onTier = async (): Promise<string[]> =>
  (
    (await rig.cold.s3.send(new s3sdk.ListObjectsV2Command({ Bucket: 'archive', Prefix: 'tier/' })))
      .Contents ?? []
  ).map((o) => o.Key!);

/** Polls until `done` (the worker deletes in the background; no timing is judged). */
async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  await vi
    .waitFor(
      async () => {
        if (!(await done())) throw new Error(`never happened: ${what}`);
      },
      { timeout: 60_000, interval: 100 },
    )
    .catch(() => {
      throw new Error(`never happened: ${what}`);
    });
}

let hot: HotChild;
let s3: s3sdk.S3Client;

/** Starts (or restarts) the hot store on the same drives. */
async function startHot(): Promise<void> {
  s3?.destroy();
  hot = await rig.startHot();
  s3 = rootClient(hot.url);
}

/** Puts `key` in `bucket` and moves it to COLD; its copy's name on the tier. */
async function transitioned(bucket: string, key: string): Promise<string> {
  const before = new Set(await onTier());
  await s3.send(new s3sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: `body of ${key}` }));
  expect(await hot.transition(bucket, key, 'COLD')).toBe('ok');
  const [copy] = (await onTier()).filter((k) => !before.has(k));
  expect(copy).toBeDefined();
  return copy!;
}

/** Takes the tier down until a DELETE of a copy was refused. */
async function downUntilDeleteRefused(remove: () => Promise<unknown>): Promise<void> {
  rig.gate.cut = {};
  rig.gate.down = true;
  await remove();
  await until('a delete refused by the tier', async () => (rig.gate.cut.DELETE ?? 0) > 0);
}

describe('tier copies of removed versions', () => {
  beforeAll(async () => {
    await startHot();
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'hot' }));
    await new MadminClient({ endpoint: hot.url, credentials: ROOT }).tiers.add(rig.tier('COLD'));
  }, 120_000);

  it('stay while the tier is down, and go once it is back', { timeout: 120_000 }, async () => {
    const copy = await transitioned('hot', 'a.txt');
    try {
      await downUntilDeleteRefused(() =>
        s3.send(new s3sdk.DeleteObjectCommand({ Bucket: 'hot', Key: 'a.txt' })),
      );
      // The object is gone here at once; its copy waits on the tier.
      await expect(
        s3.send(new s3sdk.HeadObjectCommand({ Bucket: 'hot', Key: 'a.txt' })),
      ).rejects.toMatchObject({
        name: 'NotFound',
      });
      expect(await onTier()).toContain(copy);
    } finally {
      rig.gate.down = false;
    }
    await until('the copy deleted once the tier is back', async () => !(await onTier()).includes(copy));
  });

  it('go after a kill -9 and a restart that came between', { timeout: 180_000 }, async () => {
    const copy = await transitioned('hot', 'b.txt');
    try {
      // An overwrite in an unversioned bucket removes the transitioned version too.
      await downUntilDeleteRefused(() =>
        s3.send(new s3sdk.PutObjectCommand({ Bucket: 'hot', Key: 'b.txt', Body: 'new body' })),
      );
      const exited = new Promise((r) => hot.child.once('exit', r));
      hot.child.kill('SIGKILL');
      await exited;
      expect(await onTier()).toContain(copy);
    } finally {
      rig.gate.down = false;
    }
    // Nothing deletes the copy while the store is down.
    expect(await onTier()).toContain(copy);
    await startHot();
    await until('the copy deleted after the restart', async () => !(await onTier()).includes(copy));
    const got = await s3.send(new s3sdk.GetObjectCommand({ Bucket: 'hot', Key: 'b.txt' }));
    expect(await got.Body!.transformToString()).toBe('new body');
  });

  it("go with a force-deleted bucket, every version's copy", { timeout: 120_000 }, async () => {
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'doomed' }));
    await s3.send(
      new s3sdk.PutBucketVersioningCommand({
        Bucket: 'doomed',
        VersioningConfiguration: { Status: 'Enabled' },
      }),
    );
    const copies = [await transitioned('doomed', 'k'), await transitioned('doomed', 'k')];
    const other = await transitioned('hot', 'stays.txt');
    // MinIO's force delete, as `mc rb --force` and the console send it.
    const res = await signedRequest(Number(new URL(hot.url).port), {
      method: 'DELETE',
      path: '/doomed',
      headers: { 'x-minio-force-delete': 'true' },
    });
    expect(res.status).toBe(204);
    await until('the bucket copies deleted', async () => {
      const left = await onTier();
      return copies.every((c) => !left.includes(c));
    });
    expect(await onTier()).toContain(other);
  });
});
