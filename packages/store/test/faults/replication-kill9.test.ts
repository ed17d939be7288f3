import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually as eventuallyWithin, replicateBucket } from '../support/replication.js';
import { buildStoreDist, rootClient, startStoreChild } from './child.js';
import { pattern, sha256 } from './support.js';

// kill -9 of a replicating store: every acknowledged object is still on the source and,
// once the store is back, reaches the target whole with its version id. Nothing half-sent
// counts: the target holds a version only once its whole body arrived.
// And kill -9 in the middle of a resync (`mc replicate resync start`) of a few hundred
// objects: after the restart its status is still answered (same reset id, counters kept),
// it goes on and completes, and every object reaches the target.

const RESYNCED = 300;

let dir: string;
let drives: string[];
let dst: TestStore;
const children: ChildProcess[] = [];

async function startSource(
  on = drives,
): Promise<{ child: ChildProcess; s3: S3Client; url: string; port: number }> {
  const started = await startStoreChild(on);
  children.push(started.child);
  return { ...started, s3: rootClient(started.url), port: Number(new URL(started.url).port) };
}

function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGKILL');
  return exited;
}

const eventually = <T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> =>
  eventuallyWithin(probe, ok, what, 90_000);

interface ResyncTarget {
  arn: string;
  resetid: string;
  resyncStatus: string;
  replicationCount: number;
  failedReplicationCount: number;
}

async function resyncStatus(port: number): Promise<ResyncTarget | undefined> {
  const res = await signedRequest(port, { method: 'GET', path: '/orig?replication-reset-status=' });
  if (res.status !== 200) throw new Error(`status ${res.status}: ${res.body}`);
  return (JSON.parse(res.body) as { target: ResyncTarget[] }).target[0];
}

beforeAll(async () => {
  buildStoreDist();
  dir = await mkdtemp(join(tmpdir(), 'stowage-repl-kill9-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
  dst = await startTestStore();
  for (const Bucket of ['copy', 'resynced']) {
    await dst.s3.send(new CreateBucketCommand({ Bucket }));
    await dst.s3.send(
      new PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
  }
}, 180_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await dst?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('kill -9 during replication', () => {
  it('loses nothing: every acknowledged version reaches the target after restart', {
    timeout: 240_000,
  }, async () => {
    // The child reads this at start: retries come quickly once the target is back.
    process.env.STOWAGE_REPLICATION_RETRY_MAX_MS = '300';
    let src = await startSource();
    await src.s3.send(new CreateBucketCommand({ Bucket: 'orig' }));
    await src.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'orig', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    await replicateBucket(src, 'orig', dst, 'copy');
    const written = new Map<string, { versionId: string; sha: string }>();
    const put = async (key: string, seed: number) => {
      const body = pattern(256 * 1024 + seed, seed);
      const out = await src.s3.send(new PutObjectCommand({ Bucket: 'orig', Key: key, Body: body }));
      written.set(key, { versionId: out.VersionId!, sha: sha256(body) });
    };
    // 1: killed while sends are under way (the target is up).
    for (let batch = 0; batch < 4; batch++)
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => put(`live/${batch * 10 + i}`, batch * 10 + i + 1)),
      );
    await killed(src.child);
    // 2: killed with work queued for a target that is down.
    src = await startSource();
    await dst.store.close();
    for (let i = 0; i < 10; i++) await put(`queued/${i}`, 100 + i);
    await killed(src.child);
    await dst.restart();
    src = await startSource();
    for (const [key, { versionId, sha }] of written) {
      await eventually(
        () => src.s3.send(new HeadObjectCommand({ Bucket: 'orig', Key: key })),
        (h) => h.ReplicationStatus === 'COMPLETED',
        `${key} COMPLETED`,
      );
      const got = await dst.s3.send(new GetObjectCommand({ Bucket: 'copy', Key: key }));
      expect(got.VersionId).toBe(versionId);
      expect(sha256(Buffer.from(await got.Body!.transformToByteArray()))).toBe(sha);
    }
    expect(written.size).toBe(50);
  });
});

describe('kill -9 during a resync', () => {
  it('keeps the status and counters, resumes, and sends every object', { timeout: 300_000 }, async () => {
    const resyncDrives = [1, 2, 3, 4].map((i) => join(dir, `r${i}`));
    let src = await startSource(resyncDrives);
    await src.s3.send(new CreateBucketCommand({ Bucket: 'orig' }));
    await src.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'orig', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    // Written before replication is set up: only a resync sends them.
    const written = new Map<string, { versionId: string; sha: string }>();
    for (let batch = 0; batch < RESYNCED / 20; batch++)
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const n = batch * 20 + i;
          const body = pattern(64 * 1024 + n, n + 1);
          const out = await src.s3.send(
            new PutObjectCommand({ Bucket: 'orig', Key: `k/${String(n).padStart(4, '0')}`, Body: body }),
          );
          written.set(`k/${String(n).padStart(4, '0')}`, { versionId: out.VersionId!, sha: sha256(body) });
        }),
      );
    const arn = await replicateBucket(src, 'orig', dst, 'resynced', { existing: true });
    const started = await signedRequest(src.port, {
      method: 'PUT',
      path: `/orig?replication-reset=&arn=${encodeURIComponent(arn)}&older-than=0s`,
    });
    expect(started.status).toBe(200);
    const { resetid } = (JSON.parse(started.body) as { target: { resetid: string }[] }).target[0]!;

    // Killed once some objects went, well before all of them did.
    const before = await eventually(
      () => resyncStatus(src.port),
      (s) => (s?.replicationCount ?? 0) >= 10,
      'resync under way',
    );
    await killed(src.child);
    expect(before?.resyncStatus).toBe('Ongoing');
    expect(before?.replicationCount).toBeLessThan(RESYNCED);

    src = await startSource(resyncDrives);
    const after = await resyncStatus(src.port);
    expect(after).toMatchObject({ arn, resetid });
    // Counters kept up to the last save before the kill (a count or two may be lost with it).
    expect(after!.replicationCount).toBeGreaterThan(0);
    const done = await eventually(
      () => resyncStatus(src.port),
      (s) => s?.resyncStatus === 'Completed',
      'resync Completed',
    );
    expect(done).toMatchObject({ arn, resetid, failedReplicationCount: 0 });
    expect(done!.replicationCount).toBeGreaterThanOrEqual(after!.replicationCount);
    expect(done!.replicationCount).toBeLessThanOrEqual(RESYNCED);
    for (const [key, { versionId, sha }] of written) {
      const got = await dst.s3.send(new GetObjectCommand({ Bucket: 'resynced', Key: key }));
      expect(got.VersionId).toBe(versionId);
      expect(sha256(Buffer.from(await got.Body!.transformToByteArray()))).toBe(sha);
    }
    expect(written.size).toBe(RESYNCED);
  });
});
