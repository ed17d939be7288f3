import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { type HealResultItem, type HealTaskStatus, MadminClient, type MadminError } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataDir, objectDir } from '../../src/engine/fs/layout.js';
import { corruptShard, driveRecord } from '../faults/support.js';
import { code } from '../support/outcome.js';

// Heal sequences through the admin API (madmin-protocol.md §3.8): start, poll until done,
// items popped once each; a drive's lost shards come back.

let t: TestStore;
let admin: MadminClient;
const BODY = Buffer.alloc(300 * 1024, 7); // past the inline limit: shards are files
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'healme' }));
  for (const key of ['docs/a', 'docs/b', 'img/c'])
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'healme', Key: key, Body: BODY }));
});
afterAll(() => t.close());

async function untilDone(bucket: string, prefix: string, token: string): Promise<HealTaskStatus[]> {
  const polls: HealTaskStatus[] = [];
  await vi
    .waitFor(
      async () => {
        const s = await admin.heal.status(bucket, prefix, token);
        polls.push(s);
        if (s.summary !== 'finished' && s.summary !== 'stopped') throw new Error(`heal is ${s.summary}`);
      },
      { timeout: 10_000, interval: 50 },
    )
    .catch(() => {
      throw new Error('heal did not finish');
    });
  return polls;
}

describe('admin heal', () => {
  it('heals a prefix: the lost shards of one drive come back, each item reported once', async () => {
    const lost = objectDir(t.drives[1]!, 'healme', 'docs/a');
    await rm(lost, { recursive: true, force: true });
    const started = await admin.heal.start('healme', 'docs/', { recursive: true });
    expect(started.clientToken).toMatch(/^[0-9a-f-]{36}$/);
    const polls = await untilDone('healme', 'docs/', started.clientToken);
    expect(polls.at(-1)?.summary).toBe('finished');
    const items = polls.flatMap((p) => p.items);
    expect(items.map((i) => [i.type, i.object])).toEqual([
      ['bucket', ''],
      ['object', 'docs/a'],
      ['object', 'docs/b'],
    ]);
    const a = items[1]!;
    expect(a.before.drives?.[1]?.state).toBe('missing');
    expect(a.after.drives?.every((d) => d.state === 'ok')).toBe(true);
    expect(a).toMatchObject({ dataBlocks: 2, parityBlocks: 2, diskCount: 4, objectSize: BODY.length });
    expect((await readdir(lost)).length).toBeGreaterThan(0);
    // Items are popped: a later poll has none.
    expect((await admin.heal.status('healme', 'docs/', started.clientToken)).items).toEqual([]);
  });

  it('finds what a dry run would heal and changes nothing', async () => {
    const lost = objectDir(t.drives[3]!, 'healme', 'img/c');
    await rm(lost, { recursive: true, force: true });
    const started = await admin.heal.start('healme', 'img/', { recursive: true, dryRun: true });
    const items = (await untilDone('healme', 'img/', started.clientToken)).flatMap((p) => p.items);
    const c = items.find((i) => i.object === 'img/c')!;
    expect(c.before.drives?.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'missing']);
    expect(c.after.drives?.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'missing']);
    expect(await readdir(lost).catch((e: NodeJS.ErrnoException) => e.code)).toBe('ENOENT');
    // A real heal then brings the shards back.
    const real = await admin.heal.start('healme', 'img/', { recursive: true });
    const healed = (await untilDone('healme', 'img/', real.clientToken)).flatMap((p) => p.items);
    expect(healed.find((i) => i.object === 'img/c')!.before.drives?.[3]?.state).toBe('missing');
    expect((await readdir(lost)).length).toBeGreaterThan(0);
  });

  it('heals keys whose latest version is a delete marker', async () => {
    await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'healv' }));
    await t.s3.send(
      new s3sdk.PutBucketVersioningCommand({
        Bucket: 'healv',
        VersioningConfiguration: { Status: 'Enabled' },
      }),
    );
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'healv', Key: 'gone', Body: BODY }));
    await t.s3.send(new s3sdk.DeleteObjectCommand({ Bucket: 'healv', Key: 'gone' }));
    const lost = objectDir(t.drives[0]!, 'healv', 'gone');
    await rm(lost, { recursive: true, force: true });
    const started = await admin.heal.start('healv', '', { recursive: true });
    const items = (await untilDone('healv', '', started.clientToken)).flatMap((p) => p.items);
    expect(items.find((i) => i.object === 'gone')?.before.drives?.[0]?.state).toBe('missing');
    expect((await readdir(lost)).length).toBeGreaterThan(0);
  });

  it('a deep scan checks every shard block: damage a size check cannot see is repaired', async () => {
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'healme', Key: 'deep/x', Body: BODY }));
    const data = driveRecord(t.drives[3]!, 'healme', 'deep/x')!.versions[0]!.data!;
    const shard = join(dataDir(t.drives[3]!, 'healme', 'deep/x', data.id), 'part.1');
    const whole = await readFile(shard);
    await corruptShard(t.drives[3]!, 'healme', 'deep/x');
    const normal = await admin.heal.start('healme', 'deep/', { recursive: true });
    await untilDone('healme', 'deep/', normal.clientToken);
    expect((await readFile(shard)).equals(whole)).toBe(false);
    const deep = await admin.heal.start('healme', 'deep/', { recursive: true, scanMode: 2 });
    const items = (await untilDone('healme', 'deep/', deep.clientToken)).flatMap((p) => p.items);
    expect(items.find((i) => i.object === 'deep/x')?.after.drives?.every((d) => d.state === 'ok')).toBe(true);
    expect((await readFile(shard)).equals(whole)).toBe(true);
  });

  it("gives drives that lost them the bucket's record and configuration back", async () => {
    await t.s3.send(
      new s3sdk.PutBucketTaggingCommand({
        Bucket: 'healme',
        Tagging: { TagSet: [{ Key: 'team', Value: 'a' }] },
      }),
    );
    const docs = (d: string) => [
      join(d, '.stowage.sys/buckets/healme.json'),
      ...['tagging.json'].map((f) => join(d, '.stowage.sys/config/buckets/healme', f)),
    ];
    const good = await Promise.all(docs(t.drives[0]!).map((f) => readFile(f, 'utf8')));
    for (const d of [t.drives[1]!, t.drives[2]!]) for (const f of docs(d)) await rm(f);
    const started = await admin.heal.start('healme', '', { recursive: true });
    await untilDone('healme', '', started.clientToken);
    for (const d of [t.drives[1]!, t.drives[2]!])
      expect(await Promise.all(docs(d).map((f) => readFile(f, 'utf8')))).toEqual(good);
  });

  it('a dangling object (shards gone from more drives than parity) is reported, and removed only with remove', async () => {
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'healme', Key: 'lost/x', Body: BODY }));
    for (const d of t.drives.slice(1)) await rm(objectDir(d, 'healme', 'lost/x'), { recursive: true });
    const held = objectDir(t.drives[0]!, 'healme', 'lost/x');
    const states = (i: HealResultItem | undefined) => [
      i?.before.drives?.map((d) => d.state),
      i?.after.drives?.map((d) => d.state),
    ];
    const damaged = ['ok', 'missing', 'missing', 'missing'];
    const heal = async (opts: Parameters<MadminClient['heal']['start']>[2]) => {
      const started = await admin.heal.start('healme', 'lost/', { recursive: true, ...opts });
      const items = (await untilDone('healme', 'lost/', started.clientToken)).flatMap((p) => p.items);
      return items.find((i) => i.object === 'lost/x');
    };
    // Without remove: reported, its drives as they are, nothing deleted.
    const kept = await heal({});
    expect(kept?.detail).toBe('dangling object: not removed (heal with remove to delete it)');
    expect(states(kept)).toEqual([damaged, damaged]);
    expect((await readdir(held)).length).toBeGreaterThan(0);
    // A dry run with remove only says it would go.
    const dry = await heal({ remove: true, dryRun: true });
    expect(dry?.detail).toBe('dangling object: would be removed (dry run)');
    expect(states(dry)).toEqual([damaged, damaged]);
    expect((await readdir(held)).length).toBeGreaterThan(0);
    // With remove: deleted from the drive that held fragments, and gone from the bucket.
    const removed = await heal({ remove: true });
    expect(removed?.detail).toBe('dangling object removed');
    expect(states(removed)).toEqual([damaged, ['ok', 'ok', 'ok', 'ok']]);
    expect(await readdir(held).catch((e: NodeJS.ErrnoException) => e.code)).toBe('ENOENT');
    expect(driveRecord(t.drives[0]!, 'healme', 'lost/x')).toBeUndefined();
    expect(await code(t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'healme', Key: 'lost/x' })))).toMatch(
      /^NoSuchKey/,
    );
  });

  it('without recursive, heals the bucket and only the object the prefix names', async () => {
    await rm(objectDir(t.drives[2]!, 'healme', 'docs/a'), { recursive: true, force: true });
    await rm(objectDir(t.drives[2]!, 'healme', 'docs/b'), { recursive: true, force: true });
    const run = async (prefix: string) => {
      const started = await admin.heal.start('healme', prefix, {});
      return (await untilDone('healme', prefix, started.clientToken)).flatMap((p) => p.items);
    };
    expect((await run('docs/')).map((i) => [i.type, i.object])).toEqual([['bucket', '']]);
    expect((await run('')).map((i) => [i.type, i.object])).toEqual([['bucket', '']]);
    const named = await run('docs/a');
    expect(named.map((i) => [i.type, i.object])).toEqual([
      ['bucket', ''],
      ['object', 'docs/a'],
    ]);
    expect(named[1]!.before.drives?.[2]?.state).toBe('missing');
    expect(await readdir(objectDir(t.drives[2]!, 'healme', 'docs/a'))).not.toEqual([]);
    expect(
      await readdir(objectDir(t.drives[2]!, 'healme', 'docs/b')).catch((e: NodeJS.ErrnoException) => e.code),
    ).toBe('ENOENT');
    await run('docs/b');
  });

  it('a dry run names each drive: missing shard, corrupt shard (deep), after as before', async () => {
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'healme', Key: 'dry/y', Body: BODY }));
    await rm(objectDir(t.drives[0]!, 'healme', 'dry/y'), { recursive: true });
    await corruptShard(t.drives[2]!, 'healme', 'dry/y');
    const started = await admin.heal.start('healme', 'dry/', { recursive: true, dryRun: true, scanMode: 2 });
    const items = (await untilDone('healme', 'dry/', started.clientToken)).flatMap((p) => p.items);
    const y = items.find((i) => i.object === 'dry/y')!;
    expect(y.before.drives?.map((d) => [d.endpoint, d.state])).toEqual([
      [t.drives[0], 'missing'],
      [t.drives[1], 'ok'],
      [t.drives[2], 'corrupt'],
      [t.drives[3], 'ok'],
    ]);
    expect(y.after).toEqual(y.before);
    const real = await admin.heal.start('healme', 'dry/', { recursive: true, scanMode: 2 });
    const healed = (await untilDone('healme', 'dry/', real.clientToken)).flatMap((p) => p.items);
    expect(healed.find((i) => i.object === 'dry/y')!.after.drives?.map((d) => d.state)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('refuses a wrong token, a prefix without a bucket, and a token with force flags', async () => {
    expect(await code(admin.heal.status('healme', 'docs/', 'not-a-token'))).toBe(
      '400 XMinioHealInvalidClientToken',
    );
    expect(await code(admin.heal.start('', 'docs/'))).toBe('400 XMinioHealMissingBucket');
    expect(await code(admin.heal.start('Bad_Bucket', ''))).toBe('400 InvalidBucketName');
    const res = await admin
      .request({
        method: 'POST',
        path: '/heal/healme',
        query: { clientToken: 'x', forceStart: 'true' },
        expectStatus: 200,
      })
      .catch((e: unknown) => e);
    expect((res as MadminError).code).toBe('InvalidRequest');
  });

  it('stops with forceStop and reports "unknown" when nothing runs', async () => {
    expect((await admin.heal.start('healme', 'img/', {}, { forceStop: true })).clientToken).toBe('unknown');
  });

  it('needs admin:Heal', async () => {
    await admin.users.add('healer', 'healer-secret-1');
    const user = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'healer', secretKey: 'healer-secret-1' },
    });
    expect(await code(user.heal.start('healme', ''))).toBe('403 AccessDenied');
  });
});
