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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicateBucket } from '../support/replication.js';
import { startTestStore, type TestStore } from '../support/store.js';
import { buildStoreDist, rootClient, startStoreChild } from './child.js';
import { pattern, sha256 } from './support.js';

// kill -9 of a replicating store: every acknowledged object is still on the source and,
// once the store is back, reaches the target whole with its version id. Nothing half-sent
// counts: the target holds a version only once its whole body arrived.

let dir: string;
let drives: string[];
let dst: TestStore;
const children: ChildProcess[] = [];

async function startSource(): Promise<{ child: ChildProcess; s3: S3Client; url: string }> {
  const started = await startStoreChild(drives);
  children.push(started.child);
  return { ...started, s3: rootClient(started.url) };
}

function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGKILL');
  return exited;
}

async function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined && ok(v)) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: never happened`);
}

beforeAll(async () => {
  buildStoreDist();
  dir = await mkdtemp(join(tmpdir(), 'stowage-repl-kill9-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
  dst = await startTestStore();
  await dst.s3.send(new CreateBucketCommand({ Bucket: 'copy' }));
  await dst.s3.send(
    new PutBucketVersioningCommand({ Bucket: 'copy', VersioningConfiguration: { Status: 'Enabled' } }),
  );
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
