import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MadminClient } from '@stowage/madmin';
import type { FastifyInstance } from 'fastify';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createSessionStore } from '../src/app.js';
import { createStorageGateway } from '../src/clients/storage.js';
import { actionOf } from '../src/services/jobs/kinds.js';
import type { JobRecord } from '../src/services/jobs/store.js';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Bulk jobs against a real store: each kind, the dry run, the confirmation, pause, resume and
// cancel, undo of a delete and of a move, the report, least-privilege credentials, and a job
// that goes on exactly once after the console is closed midway and opened on the same file.

/** Lets a test hold a job after a given page, then let it go. */
function pacer() {
  let holdAt = Number.POSITIVE_INFINITY;
  let pages = 0;
  let reached: () => void = () => {};
  let release: () => void = () => {};
  return {
    afterPage: async (_job: JobRecord) => {
      pages += 1;
      if (pages !== holdAt) return;
      reached();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    /** Resolves once the job has recorded `page` pages, holding it there. */
    holdAt(page: number): Promise<void> {
      pages = 0;
      holdAt = page;
      return new Promise((resolve) => {
        reached = resolve;
      });
    },
    release: () => release(),
  };
}

const pace = pacer();
let h: Harness;
let dir: string;
let root: LoggedIn;
let s3: Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-jobs-'));
  h = await startHarness(
    { databasePath: join(dir, 'console.db') },
    {},
    { jobs: { afterPage: pace.afterPage } },
  );
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

async function put(bucket: string, keys: string[], body = 'x') {
  for (let i = 0; i < keys.length; i += 32)
    await Promise.all(keys.slice(i, i + 32).map((k) => s3.putObject(bucket, k, Buffer.from(`${body}:${k}`))));
}

async function keysOf(bucket: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for await (const o of s3.listObjectsV2(bucket, prefix, true)) if (o.name) out.push(o.name);
  return out.sort();
}

const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

async function waitForEnd(app: FastifyInstance, who: LoggedIn, id: string) {
  for (;;) {
    const job = (await callAs(app, who, 'GET', `/jobs/${id}`)).json();
    if (!['running', 'paused'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function runJob(body: Record<string, unknown>, who = root, app = h.app) {
  const res = await callAs(app, who, 'POST', '/jobs', body);
  expect(res.statusCode, res.body).toBe(201);
  return waitForEnd(app, who, res.json().id);
}

/** minio-js types the answer as the status itself; it is the parsed document, `{ Status }`. */
/** A set-tags job over `count` new keys under `prefix`, held by the pacer after its first page. */
async function startHeldSetTags(bucket: string, prefix: string, count: number, tags: Record<string, string>) {
  await s3.makeBucket(bucket);
  const keys = range(count, (i) => `${prefix}${String(i).padStart(4, '0')}`);
  await put(bucket, keys);
  const held = pace.holdAt(1);
  const res = await callAs(h.app, root, 'POST', '/jobs', {
    kind: 'set-tags',
    bucket,
    prefix,
    options: { tags },
  });
  const id: string = res.json().id;
  await held;
  return { id, keys };
}

const legalHold = async (bucket: string, key: string) =>
  ((await s3.getObjectLegalHold(bucket, key)) as unknown as { Status: string }).Status;

describe('bulk jobs', () => {
  it('dry-runs a prefix: count, bytes and the first keys, changing nothing', async () => {
    await s3.makeBucket('dry');
    await put('dry', [...range(30, (i) => `logs/${String(i).padStart(2, '0')}`), 'other/1', 'logs-not/1']);
    const res = await callAs(h.app, root, 'POST', '/jobs/dry-run', {
      kind: 'delete',
      bucket: 'dry',
      prefix: 'logs/',
    });
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json();
    expect(dry.count).toBe(30);
    expect(dry.complete).toBe(true);
    expect(dry.bytes).toBe(range(30, (i) => `x:logs/${String(i).padStart(2, '0')}`).join('').length);
    expect(dry.sample).toEqual(range(20, (i) => `logs/${String(i).padStart(2, '0')}`));
    expect(await keysOf('dry')).toHaveLength(32);
  });

  it('refuses a destructive job unless the prefix is typed again, and bad options', async () => {
    const body = { kind: 'delete', bucket: 'dry', prefix: 'logs/' };
    const missing = await callAs(h.app, root, 'POST', '/jobs', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/type the prefix again/);
    expect((await callAs(h.app, root, 'POST', '/jobs', { ...body, confirm: 'logs' })).statusCode).toBe(400);
    const wholeBucket = await callAs(h.app, root, 'POST', '/jobs', {
      kind: 'delete',
      bucket: 'dry',
      prefix: '',
      confirm: '',
    });
    expect(wholeBucket.json().message).toMatch(/bucket's name/);
    const noDest = await callAs(h.app, root, 'POST', '/jobs', {
      kind: 'copy',
      bucket: 'dry',
      prefix: 'logs/',
    });
    expect(noDest.statusCode).toBe(400);
    const inside = await callAs(h.app, root, 'POST', '/jobs', {
      kind: 'copy',
      bucket: 'dry',
      prefix: 'logs/',
      options: { destination: { bucket: 'dry', prefix: 'logs/copy/' } },
    });
    expect(inside.statusCode).toBe(400);
    const outside = await callAs(h.app, root, 'POST', '/jobs', {
      kind: 'set-tags',
      bucket: 'dry',
      prefix: 'logs/',
      keys: ['other/1'],
      options: { tags: {} },
    });
    expect(outside.statusCode).toBe(400);
    expect(
      (await callAs(h.app, root, 'POST', '/jobs', { kind: 'nuke', bucket: 'dry', prefix: '' })).statusCode,
    ).toBe(400);
    expect(
      (await callAs(h.app, root, 'POST', '/jobs/dry-run', { kind: 'delete', bucket: 'nope', prefix: '' }))
        .statusCode,
    ).toBe(404);
    expect(await keysOf('dry')).toHaveLength(32);
  });

  it('deletes a prefix and nothing beside it; undo brings it back in a versioned bucket', async () => {
    await s3.makeBucket('vers');
    await s3.setBucketVersioning('vers', { Status: 'Enabled' });
    await put('vers', [...range(25, (i) => `a/${i}`), 'a-b', 'b/1']);
    const job = await runJob({ kind: 'delete', bucket: 'vers', prefix: 'a/', confirm: 'a/' });
    expect(job.state).toBe('completed');
    expect(job.done.count).toBe(25);
    expect(await keysOf('vers')).toEqual(['a-b', 'b/1']);
    expect(job.undo).toEqual({ available: true });
    const undo = await callAs(h.app, root, 'POST', `/jobs/${job.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(201);
    const undone = await waitForEnd(h.app, root, undo.json().id);
    expect(undone.state).toBe('completed');
    expect(undone.done.count).toBe(25);
    expect(await keysOf('vers', 'a/')).toHaveLength(25);
    const again = (await callAs(h.app, root, 'GET', `/jobs/${job.id}`)).json();
    expect(again.undo.available).toBe(false);
  });

  it('says why a delete in an unversioned bucket cannot be undone', async () => {
    await s3.makeBucket('plain');
    await put(
      'plain',
      range(3, (i) => `p/${i}`),
    );
    const job = await runJob({ kind: 'delete', bucket: 'plain', prefix: 'p/', confirm: 'p/' });
    expect(job.undo).toEqual({ available: false, reason: expect.stringMatching(/does not keep versions/) });
    expect((await callAs(h.app, root, 'POST', `/jobs/${job.id}/undo`)).statusCode).toBe(409);
  });

  it('copies picked keys and folders to another bucket, keeping the part below the prefix', async () => {
    await s3.makeBucket('src');
    await s3.makeBucket('dst');
    await put('src', ['in/a', 'in/b', 'in/sub/1', 'in/sub/2', 'in/subway', 'out/x']);
    const job = await runJob({
      kind: 'copy',
      bucket: 'src',
      prefix: 'in/',
      keys: ['in/a', 'in/sub/'],
      options: { destination: { bucket: 'dst', prefix: 'copied/' } },
    });
    expect(job.state).toBe('completed');
    expect(job.picked).toBe(2);
    expect(await keysOf('dst')).toEqual(['copied/a', 'copied/sub/1', 'copied/sub/2']);
    expect(await keysOf('src')).toHaveLength(6);
    const body = await s3.getObject('dst', 'copied/sub/1');
    expect(Buffer.concat(await body.toArray()).toString()).toBe('x:in/sub/1');
  });

  it('moves (renames) a prefix, then undoes the move', async () => {
    await s3.makeBucket('moves');
    await put('moves', [...range(12, (i) => `old/${i}`), 'older']);
    const job = await runJob({
      kind: 'move',
      bucket: 'moves',
      prefix: 'old/',
      confirm: 'old/',
      options: { destination: { bucket: 'moves', prefix: 'new/' } },
    });
    expect(job.state).toBe('completed');
    expect(await keysOf('moves', 'old/')).toEqual([]);
    expect(await keysOf('moves', 'new/')).toHaveLength(12);
    const undo = await callAs(h.app, root, 'POST', `/jobs/${job.id}/undo`);
    const undone = await waitForEnd(h.app, root, undo.json().id);
    expect(undone.done.count).toBe(12);
    expect(await keysOf('moves', 'new/')).toEqual([]);
    expect(await keysOf('moves')).toEqual([...range(12, (i) => `old/${i}`), 'older'].sort());
  });

  it('sets tags, legal hold, retention and storage class on every key of a prefix', async () => {
    const locked = await callAs(h.app, root, 'POST', '/buckets', { name: 'locked', locking: true });
    expect(locked.statusCode, locked.body).toBeLessThan(300);
    await put('locked', [...range(4, (i) => `k/${i}`), 'z']);
    const tags = await runJob({
      kind: 'set-tags',
      bucket: 'locked',
      prefix: 'k/',
      options: { tags: { team: 'blue' } },
    });
    expect(tags.done.count).toBe(4);
    expect(await s3.getObjectTagging('locked', 'k/2')).toEqual([{ Key: 'team', Value: 'blue' }]);
    expect(await s3.getObjectTagging('locked', 'z')).toEqual([]);

    const hold = await runJob({
      kind: 'set-legal-hold',
      bucket: 'locked',
      prefix: 'k/',
      options: { legal_hold: 'on' },
    });
    expect(hold.done.count).toBe(4);
    expect(await legalHold('locked', 'k/0')).toBe('ON');
    await runJob({ kind: 'set-legal-hold', bucket: 'locked', prefix: 'k/', options: { legal_hold: 'off' } });

    const until = new Date(Date.now() + 86_400_000).toISOString();
    const retention = await runJob({
      kind: 'set-retention',
      bucket: 'locked',
      prefix: 'k/',
      options: { retention: { mode: 'governance', until } },
    });
    expect(retention.done.count, JSON.stringify(retention.errors)).toBe(4);
    expect((await s3.getObjectRetention('locked', 'k/1'))?.mode).toBe('GOVERNANCE');

    await s3.makeBucket('classes');
    await put(
      'classes',
      range(3, (i) => `c/${i}`),
    );
    const cls = await runJob({
      kind: 'set-storage-class',
      bucket: 'classes',
      prefix: 'c/',
      options: { storage_class: 'REDUCED_REDUNDANCY' },
    });
    expect(cls.done.count, JSON.stringify(cls.errors)).toBe(3);
    const head = await s3.makeRequestAsync({ method: 'HEAD', bucketName: 'classes', objectName: 'c/1' });
    expect(head.headers['x-amz-storage-class']).toBe('REDUCED_REDUNDANCY');
    head.resume();
  });

  it('pauses, resumes and cancels; the report lists every key handled', async () => {
    const { id } = await startHeldSetTags('ctl', 't/', 1200, { a: '1' });
    const paused = await callAs(h.app, root, 'POST', `/jobs/${id}/pause`);
    expect(paused.json().state).toBe('paused');
    pace.release();
    // Paused after its first page: nothing more is done until it resumes.
    await new Promise((r) => setTimeout(r, 50));
    const still = (await callAs(h.app, root, 'GET', `/jobs/${id}`)).json();
    expect(still.state).toBe('paused');
    expect(still.done.count).toBe(250);
    expect((await callAs(h.app, root, 'POST', `/jobs/${id}/pause`)).statusCode).toBe(409);

    const heldAgain = pace.holdAt(1);
    expect((await callAs(h.app, root, 'POST', `/jobs/${id}/resume`)).json().state).toBe('running');
    await heldAgain;
    const cancelling = callAs(h.app, root, 'POST', `/jobs/${id}/cancel`);
    // The cancel lands while the job is held after its page; then the job may see it.
    while ((await callAs(h.app, root, 'GET', `/jobs/${id}`)).json().state !== 'cancelled')
      await new Promise((r) => setTimeout(r, 5));
    pace.release();
    const cancelled = (await cancelling).json();
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.done.count).toBe(500);

    const report = await callAs(h.app, root, 'GET', `/jobs/${id}/report`);
    expect(report.statusCode).toBe(200);
    const lines = report.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(500);
    expect(new Set(lines.map((l) => l.key)).size).toBe(500);
    expect(lines[0]).toEqual({ key: 't/0000', outcome: 'done', bytes: 8 });
    // Its account is gone with it.
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    expect(await admin.serviceAccounts.list('')).toEqual([]);
  });

  it('retries a failed job from where it stopped, under a new account', async () => {
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    const { id, keys } = await startHeldSetTags('again', 'r/', 600, { round: 'two' });
    // Its account goes between two pages (an administrator removed it): the next page fails.
    const [account] = await admin.serviceAccounts.list('');
    await admin.serviceAccounts.delete(account!);
    pace.release();
    const failed = await waitForEnd(h.app, root, id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/access key/i);
    expect(failed.done.count).toBe(250);
    expect(failed.failed.count).toBe(0);
    expect((await callAs(h.app, root, 'POST', `/jobs/${id}/resume`)).statusCode).toBe(409);

    const retried = await callAs(h.app, root, 'POST', `/jobs/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().state).toBe('running');
    expect(retried.json().error).toBeUndefined();
    const job = await waitForEnd(h.app, root, id);
    expect(job.state).toBe('completed');
    expect(job.done.count).toBe(600);
    const lines = (await callAs(h.app, root, 'GET', `/jobs/${id}/report`)).body.trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).key)).toEqual(keys);
    for (const key of [keys[0]!, keys[300]!, keys[599]!])
      expect(await s3.getObjectTagging('again', key)).toEqual([{ Key: 'round', Value: 'two' }]);
    // Only a failed job is retried; the new account went when the job ended.
    const twice = await callAs(h.app, root, 'POST', `/jobs/${id}/retry`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detailedMessage ?? twice.json().message).toMatch(/completed, not failed/);
    expect(await admin.serviceAccounts.list('')).toEqual([]);
  });

  it('fails a page as a whole when the store no longer knows the account, not key by key', async () => {
    await s3.makeBucket('gone');
    await put('gone', ['g/1', 'g/2']);
    const job: JobRecord = {
      id: 'page',
      owner: 'admin',
      kind: 'set-tags',
      bucket: 'gone',
      selection: { prefix: 'g/' },
      options: { tags: { a: 'b' } },
      state: 'running',
      versioned: false,
      done: { count: 0, bytes: 0 },
      failed: { count: 0, bytes: 0 },
      credentialPending: false,
      createdAt: '2026-11-30T00:00:00.000Z',
      updatedAt: '2026-11-30T00:00:00.000Z',
    };
    const objects = ['g/1', 'g/2'].map((key) => ({ key, size: 5, etag: '' }));
    const unknown = storeS3(h.storeUrl, { accessKey: 'no-such-account', secretKey: 'not-a-secret-1' });
    await expect(actionOf('set-tags').apply(unknown, job, objects)).rejects.toMatchObject({
      storageCode: 'InvalidAccessKeyId',
    });
    // A refusal of one key is still that key's outcome.
    const outcomes = await actionOf('set-tags').apply(s3, job, [
      ...objects,
      { key: 'g/3', size: 1, etag: '' },
    ]);
    expect(outcomes.map((o) => [o.key, o.error === undefined])).toEqual([
      ['g/1', true],
      ['g/2', true],
      ['g/3', false],
    ]);
  });

  it("runs with the user's rights narrowed to the job; failures are kept per key", async () => {
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await s3.makeBucket('mine');
    await put(
      'mine',
      range(5, (i) => `d/${i}`),
    );
    await admin.policies.add('mine-rw', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::mine', 'arn:aws:s3:::mine/*'] },
        { Effect: 'Deny', Action: ['s3:DeleteObject'], Resource: ['arn:aws:s3:::mine/d/3'] },
      ],
    });
    await admin.users.add('dora', 'dora-secret-12');
    await admin.policies.set(['mine-rw'], 'dora', false);
    const dora = await loginAs(h.app, 'dora', 'dora-secret-12');
    const job = await runJob({ kind: 'delete', bucket: 'mine', prefix: 'd/', confirm: 'd/' }, dora);
    expect(job.done.count).toBe(4);
    expect(job.failed.count).toBe(1);
    expect(job.errors).toEqual([{ key: 'd/3', message: expect.any(String) }]);
    expect(await keysOf('mine')).toEqual(['d/3']);
    // Another user's job is not there for them; the job's account went when it ended.
    expect((await callAs(h.app, root, 'GET', `/jobs/${job.id}`)).statusCode).toBe(404);
    await callAs(h.app, dora, 'GET', '/jobs');
    expect(await admin.serviceAccounts.list('dora')).toEqual([]);
    const denied = await callAs(h.app, dora, 'POST', '/jobs/dry-run', {
      kind: 'delete',
      bucket: 'dry',
      prefix: '',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('goes on after a console restart and moves every key exactly once', async () => {
    await s3.makeBucket('big');
    const keys = range(1500, (i) => `from/${String(i).padStart(5, '0')}`);
    await put('big', [...keys, 'fromage']);
    const held = pace.holdAt(2);
    const res = await callAs(h.app, root, 'POST', '/jobs', {
      kind: 'move',
      bucket: 'big',
      prefix: 'from/',
      confirm: 'from/',
      options: { destination: { bucket: 'big', prefix: 'to/' } },
    });
    const id = res.json().id;
    await held;
    // The console goes away with the job midway; a new one opens the same database file.
    const closing = h.app.close();
    pace.release();
    await closing;
    const app = await buildApp({
      config: h.config,
      gateway: createStorageGateway(h.config.serverUrl, h.config.region),
      sessions: createSessionStore(h.config),
    });
    try {
      const again = await loginAs(app, ROOT.accessKey, ROOT.secretKey);
      const before = (await callAs(app, again, 'GET', `/jobs/${id}`)).json();
      // Stopped after its held page or the one in hand when the console closed.
      expect(before.done.count).toBeGreaterThanOrEqual(500);
      expect(before.done.count).toBeLessThan(1500);
      const job = await waitForEnd(app, again, id);
      expect(job.state).toBe('completed');
      expect(job.done.count).toBe(1500);
      expect(job.failed.count).toBe(0);
      expect(await keysOf('big', 'from/')).toEqual([]);
      expect(await keysOf('big', 'to/')).toEqual(keys.map((k) => k.replace('from/', 'to/')));
      expect(await keysOf('big', 'fromage')).toEqual(['fromage']);
      const lines = (await callAs(app, again, 'GET', `/jobs/${id}/report`)).body.trim().split('\n');
      expect(new Set(lines.map((l) => JSON.parse(l).key)).size).toBe(1500);
      expect(lines).toHaveLength(1500);
    } finally {
      await app.close();
    }
  });
});
