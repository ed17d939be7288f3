import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStoreDist, rootClient, startStoreChild } from './child.js';
import { pattern, sha256 } from './support.js';

let dir: string;
let drives: string[];
const children: ChildProcess[] = [];

/** Starts the store in a child process and resolves with its URL. */
async function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const started = await startStoreChild(drives);
  children.push(started.child);
  return started;
}

beforeAll(async () => {
  buildStoreDist();
  dir = await mkdtemp(join(tmpdir(), 'stowage-kill9-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
}, 180_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('kill -9 during writes', () => {
  it('keeps every acknowledged object whole and lists no partial one', { timeout: 120_000 }, async () => {
    const first = await startChild();
    const s3 = rootClient(first.url);
    await s3.send(new CreateBucketCommand({ Bucket: 'crash' }));
    // Even: single PUTs (inline and file-backed); odd: multipart uploads of two parts.
    const MiB = 1024 * 1024;
    const parts = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? [pattern(i % 4 ? 3 * MiB : 100 * 1024, i + 1)]
        : [pattern(5 * MiB, i + 1), pattern(MiB + i, i + 101)],
    );
    const bodies = parts.map((p) => Buffer.concat(p));
    const key = (i: number) => `obj/${String(i).padStart(2, '0')}`;
    const acked = new Set<string>();
    const upload = async (i: number) => {
      const Key = key(i);
      if (parts[i]!.length === 1) {
        await s3.send(new PutObjectCommand({ Bucket: 'crash', Key, Body: bodies[i] }));
        return;
      }
      const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'crash', Key }));
      const done = [];
      for (const [n, Body] of parts[i]!.entries()) {
        const r = await s3.send(
          new UploadPartCommand({ Bucket: 'crash', Key, UploadId, PartNumber: n + 1, Body }),
        );
        done.push({ PartNumber: n + 1, ETag: r.ETag! });
      }
      await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'crash',
          Key,
          UploadId,
          MultipartUpload: { Parts: done },
        }),
      );
    };
    let multipartAcked = 0;
    const puts = bodies.map((_, i) =>
      upload(i).then(() => {
        acked.add(key(i));
        if (i % 2 === 1) multipartAcked++;
        // Mid-way: enough of both kinds acknowledged to check, many uploads still in flight.
        if (acked.size >= 12 && multipartAcked >= 2 && first.child.exitCode === null)
          first.child.kill('SIGKILL');
      }),
    );
    await Promise.allSettled(puts);
    s3.destroy();
    expect(
      first.child.signalCode ?? (await new Promise((r) => first.child.once('exit', (_c, s) => r(s)))),
    ).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThanOrEqual(12);
    expect(acked.size).toBeLessThan(50);

    const second = await startChild();
    const s3b = rootClient(second.url);
    try {
      // Temp files of the interrupted writes were cleared at start.
      for (const d of drives) expect(await readdir(join(d, '.stowage.sys/tmp'))).toEqual([]);
      const listed: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3b.send(new ListObjectsV2Command({ Bucket: 'crash', ContinuationToken: token }));
        listed.push(...(page.Contents ?? []).map((c) => c.Key!));
        token = page.NextContinuationToken;
      } while (token);
      for (const k of acked) expect(listed).toContain(k);
      // Every listed object, acknowledged or not, is whole: its bytes are the ones sent.
      for (const k of listed) {
        const res = await s3b.send(new GetObjectCommand({ Bucket: 'crash', Key: k }));
        const got = sha256(await res.Body!.transformToByteArray());
        expect(got, k).toBe(sha256(bodies[Number(k.slice(4))]!));
      }
    } finally {
      s3b.destroy();
      second.child.kill('SIGKILL');
    }
  });
});
