import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, type MadminError } from '@stowage/madmin';
import { ROOT } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type StoreHandle, startStore } from '../../src/index.js';

// POST /service (madmin-protocol.md §3.1): restart in place on the same port with the
// state reloaded from the drives; stop, after answering.

let dir: string;
let drives: string[];
let store: StoreHandle;
let stopped = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-service-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
  store = await startStore({ drives, rootCredentials: ROOT, onStop: () => stopped++ });
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const eventually = <T>(fn: () => Promise<T>): Promise<T> => vi.waitFor(fn, { timeout: 10_000, interval: 50 });

const rootS3 = () =>
  new s3sdk.S3Client({
    endpoint: store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
  });

describe('admin service', () => {
  it('restarts on the same port with its data and users', async () => {
    const admin = new MadminClient({ endpoint: store.url, credentials: ROOT });
    const s3 = rootS3();
    await s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'survives' }));
    await admin.users.add('stays', 'stays-secret-1');
    await admin.serviceRestart();
    const info = await eventually(() => admin.serverInfo());
    expect(info.buckets?.count).toBe(1);
    expect(Object.keys(await admin.users.list())).toEqual(['stays']);
    s3.destroy();
  });

  it('once it answers after a restart it keeps answering: the old server answers nothing', async () => {
    // The restart call's own kept-alive connection used to outlive the old server's close,
    // so a client's first "are you back?" got the old server and the next call a refusal.
    const admin = new MadminClient({ endpoint: store.url, credentials: ROOT });
    await admin.serverInfo();
    await admin.serviceRestart();
    await eventually(() => admin.serverInfo());
    for (let i = 0; i < 25; i++) {
      await admin.serverInfo();
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('refuses unknown actions and users without the right', async () => {
    const admin = new MadminClient({ endpoint: store.url, credentials: ROOT });
    const bad = await admin
      .request({ method: 'POST', path: '/service', query: { action: 'explode' }, expectStatus: 200 })
      .catch((e: unknown) => e);
    expect((bad as MadminError).code).toBe('MalformedPOSTRequest');
    const user = new MadminClient({
      endpoint: store.url,
      credentials: { accessKey: 'stays', secretKey: 'stays-secret-1' },
    });
    expect(((await user.serviceStop().catch((e: unknown) => e)) as MadminError).status).toBe(403);
    expect(stopped).toBe(0);
  });

  it('holds S3 calls while frozen (freezes nest) and lets admin calls through', async () => {
    const admin = new MadminClient({ endpoint: store.url, credentials: ROOT });
    const s3 = rootS3();
    await admin.serviceFreeze();
    await admin.serviceFreeze();
    let settled = false;
    const held = s3.send(new s3sdk.ListBucketsCommand({})).finally(() => {
      settled = true;
    });
    // Admin calls are answered meanwhile; the S3 call waits through both.
    await admin.serverInfo();
    await admin.serviceUnfreeze();
    await admin.serverInfo();
    expect(settled).toBe(false);
    await admin.serviceUnfreeze();
    expect((await held).Buckets?.map((b) => b.Name)).toEqual(['survives']);
    // An unfreeze with no freeze in place changes nothing.
    await admin.serviceUnfreeze();
    expect((await s3.send(new s3sdk.ListBucketsCommand({}))).Buckets).toHaveLength(1);
    s3.destroy();
  });

  it('stops after answering', async () => {
    const admin = new MadminClient({ endpoint: store.url, credentials: ROOT });
    await admin.serviceStop();
    await eventually(async () => {
      if (stopped !== 1) throw new Error('not yet');
    });
    await expect(admin.serverInfo()).rejects.toThrow();
  });
});
