import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStoreDist, rootClient, startStoreChild } from './child.js';
import { pattern, sha256 } from './support.js';

// Drives that fill up: each of the four is its own small tmpfs (the test runs as root, as
// CI does here). The store must refuse writes with MinIO's StorageFull, stay up, keep
// every acknowledged object whole, and take writes again once something is deleted.

const DRIVE_SIZE = '12m';
let dir: string;
let drives: string[];
let child: ChildProcess | undefined;
let s3: S3Client;

beforeAll(async () => {
  buildStoreDist();
  dir = await mkdtemp(join(tmpdir(), 'stowage-full-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
  for (const d of drives) {
    await mkdir(d);
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DRIVE_SIZE}`, 'tmpfs', d]);
  }
  const started = await startStoreChild(drives);
  child = started.child;
  s3 = rootClient(started.url);
}, 180_000);

afterAll(async () => {
  s3?.destroy();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited; // a drive still open cannot be unmounted
  }
  for (const d of drives ?? []) {
    try {
      execFileSync('umount', [d]);
    } catch {
      // never mounted
    }
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

const failure = (err: unknown) => {
  const e = err as S3ServiceException;
  return `${e.$metadata?.httpStatusCode} ${e.name}`;
};

describe('drives that fill up', () => {
  it('refuse writes with StorageFull (507), lose nothing, and take writes again after a delete', {
    timeout: 180_000,
  }, async () => {
    await s3.send(new CreateBucketCommand({ Bucket: 'full' }));
    // Inline records (6 KB) fill the indexes, shard files (300 KB) the folders.
    const body = (i: number) => pattern(i % 2 ? 300_000 : 6_000, i + 1);
    const acked = new Set<number>();
    const failures = new Map<string, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while ([...failures.values()].reduce((a, b) => a + b, 0) < 40 && next < 5000) {
          const i = next++;
          try {
            await s3.send(new PutObjectCommand({ Bucket: 'full', Key: `k/${i}`, Body: body(i) }));
            acked.add(i);
          } catch (err) {
            const f = failure(err);
            failures.set(f, (failures.get(f) ?? 0) + 1);
          }
        }
      }),
    );
    // The process lived through it (a failed index commit once ended it).
    expect(child!.exitCode).toBeNull();
    expect(acked.size).toBeGreaterThan(20);
    expect([...failures.keys()]).toEqual(['507 XMinioStorageFull']);

    // Every acknowledged object reads back whole; nothing else is listed.
    const listed: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: 'full', ContinuationToken: token }));
      listed.push(...(page.Contents ?? []).map((c) => c.Key!));
      token = page.NextContinuationToken;
    } while (token);
    expect(listed.sort()).toEqual([...acked].map((i) => `k/${i}`).sort());
    for (const i of acked) {
      const got = await s3.send(new GetObjectCommand({ Bucket: 'full', Key: `k/${i}` }));
      expect(sha256(await got.Body!.transformToByteArray()), `k/${i}`).toBe(sha256(body(i)));
    }

    // Deletes work on full drives, and free room for new writes.
    const freed = [...acked].filter((i) => i % 2).slice(0, 10);
    for (const i of freed) await s3.send(new DeleteObjectCommand({ Bucket: 'full', Key: `k/${i}` }));
    await s3.send(new PutObjectCommand({ Bucket: 'full', Key: 'after', Body: body(1) }));
    const after = await s3.send(new GetObjectCommand({ Bucket: 'full', Key: 'after' }));
    expect(sha256(await after.Body!.transformToByteArray())).toBe(sha256(body(1)));
  });
});
