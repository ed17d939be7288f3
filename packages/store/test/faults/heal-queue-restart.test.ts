import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { MadminClient, type MRFStatus } from '@stowage/madmin';
import { ROOT, startTestStore, withEnv } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalPath } from '../../src/engine/erasure/heal/heal-journal.js';
import { eventually } from '../support/replication.js';
import { buildStoreDist, rootClient, startStoreChild } from './child.js';
import { corruptShardFiles, pattern, sha256, wipeDrive } from './support.js';

// The heal-on-read queue survives a restart: objects a read found damaged (every shard file
// of one drive flipped) are queued while the queue is held (STOWAGE_HEAL_QUEUE_DELAY_MS), the
// store stops (gracefully, or kill -9) before anything is healed, and the next start heals
// them without another read: afterwards two OTHER drives may be wiped and every object still
// reads back whole.

const N = 24;
const HELD = { STOWAGE_HEAL_QUEUE_DELAY_MS: '3600000' };

let dir: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  buildStoreDist();
  dir = await mkdtemp(join(tmpdir(), 'stowage-heal-restart-'));
}, 180_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const bodies = Array.from({ length: N }, (_, i) => pattern(200 * 1024 + i, i + 1));

async function writeAll(s3: S3Client): Promise<void> {
  await s3.send(new CreateBucketCommand({ Bucket: 'bkt' }));
  for (const [i, Body] of bodies.entries())
    await s3.send(new PutObjectCommand({ Bucket: 'bkt', Key: `o${i}`, Body }));
}

async function intact(s3: S3Client): Promise<number> {
  let ok = 0;
  for (const [i, body] of bodies.entries()) {
    const got = await s3
      .send(new GetObjectCommand({ Bucket: 'bkt', Key: `o${i}` }))
      .then((r) => r.Body!.transformToByteArray())
      .catch(() => undefined);
    if (got && sha256(got) === sha256(body)) ok++;
  }
  return ok;
}

const mrfOf = async (url: string): Promise<MRFStatus> => {
  const s = await new MadminClient({ endpoint: url, credentials: ROOT }).heal.background();
  return Object.values(s.mrf ?? {})[0]!;
};

const until = <T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> =>
  eventually(probe, ok, what, 120_000);

/** Objects the journal of a drive holds queued (the last word on each). */
async function journaled(drive: string): Promise<number> {
  const text = await readFile(journalPath(drive), 'utf8').catch(() => '');
  const queued = new Set<string>();
  for (const line of text.split('\n').slice(1)) {
    if (line === '') continue;
    const l = JSON.parse(line) as { op: string; e?: { bucket: string; key: string }; id?: string };
    if (l.op === '+') queued.add(`${l.e!.bucket}/${l.e!.key}`);
    else queued.delete(l.id!);
  }
  return queued.size;
}

/** Damage, read (queues), and check that nothing was healed yet. */
async function damageAndRead(s3: S3Client, url: string, drives: string[]): Promise<void> {
  expect(await corruptShardFiles(drives[0]!, 'bkt')).toBe(N);
  expect(await intact(s3)).toBe(N);
  const mrf = await until(
    () => mrfOf(url),
    (m) => (m.items_pending ?? 0) >= N,
    'queued',
  );
  expect(mrf.items_healed).toBe(0);
}

/** After the restart: healed without a read, then two other drives may go. */
async function healedAfterRestart(s3: S3Client, url: string, drives: string[]): Promise<void> {
  const mrf = await until(
    () => mrfOf(url),
    (m) => m.total_items >= N && m.items_pending === 0,
    'queue drained after restart',
  );
  expect(mrf.items_failed).toBe(0);
  expect(mrf.items_healed).toBe(mrf.total_items);
  await wipeDrive(drives[1]!);
  await wipeDrive(drives[2]!);
  expect(await intact(s3)).toBe(N);
}

describe('the heal queue across restarts', () => {
  it('a graceful stop keeps what is queued; the next start heals it', { timeout: 240_000 }, async () => {
    const t = await withEnv(HELD, () => startTestStore());
    try {
      await writeAll(t.s3);
      await damageAndRead(t.s3, t.store.url, t.drives);
      await t.restart();
      await healedAfterRestart(t.s3, t.store.url, t.drives);
    } finally {
      await t.close();
    }
  });

  it('kill -9 keeps what is queued; the next start heals it', { timeout: 240_000 }, async () => {
    const drives = [1, 2, 3, 4].map((i) => join(dir, `k${i}`));
    const start = async () => {
      const started = await startStoreChild(drives);
      children.push(started.child);
      return { ...started, s3: rootClient(started.url) };
    };
    let src = await withEnv(HELD, start);
    await writeAll(src.s3);
    await damageAndRead(src.s3, src.url, drives);
    // Killed once the journal holds every queued object (it is written as entries come).
    await until(
      () => journaled(drives[3]!),
      (n) => n >= N,
      'journaled',
    );
    const exited = new Promise<void>((r) => src.child.once('exit', () => r()));
    src.child.kill('SIGKILL');
    await exited;
    src = await start();
    await healedAfterRestart(src.s3, src.url, drives);
  });
});
