import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, GetObjectLockConfigurationCommand, HeadBucketCommand, ListBucketsCommand } =
  s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t.close());
afterEach(async () => {
  // Whatever was refused, the server is still serving.
  await t.s3.send(new ListBucketsCommand({}));
});

async function codeOf(p: Promise<unknown>): Promise<{ name: string; status?: number }> {
  try {
    await p;
    return { name: 'none' };
  } catch (err) {
    const e = err as { name: string; $metadata?: { httpStatusCode?: number } };
    return { name: e.name, status: e.$metadata?.httpStatusCode };
  }
}

describe('CreateBucket with object lock, when the lock cannot be written', () => {
  it('leaves no bucket (no unlocked one), and a retry creates it locked', async () => {
    // A file where the bucket's documents go, on three drives: their writes miss quorum.
    const blocked = t.drives.slice(0, 3).map((d) => join(d, '.stowage.sys/config/buckets/vault'));
    for (const path of blocked) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, 'in the way');
    }
    const create = () =>
      t.s3.send(new CreateBucketCommand({ Bucket: 'vault', ObjectLockEnabledForBucket: true }));
    expect((await codeOf(create())).status).toBeGreaterThanOrEqual(500);
    expect((await codeOf(t.s3.send(new HeadBucketCommand({ Bucket: 'vault' })))).status).toBe(404);
    for (const path of blocked) await rm(path);
    await create();
    const lock = await t.s3.send(new GetObjectLockConfigurationCommand({ Bucket: 'vault' }));
    expect(lock.ObjectLockConfiguration?.ObjectLockEnabled).toBe('Enabled');
  });
});

describe('CreateBucket', () => {
  it('creates a bucket that HeadBucket then finds', async () => {
    const out = await t.s3.send(new CreateBucketCommand({ Bucket: 'photos' }));
    expect(out.Location).toBe('/photos');
    await t.s3.send(new HeadBucketCommand({ Bucket: 'photos' }));
  });

  // Other regions, with and without one set: Region.test.ts.
  it('accepts a CreateBucketConfiguration naming us-east-1, or no region', async () => {
    await t.s3.send(
      new CreateBucketCommand({
        Bucket: 'with-config',
        CreateBucketConfiguration: { LocationConstraint: 'us-east-1' as never },
      }),
    );
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/empty-config',
      body: '<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"/>',
    });
    expect(res.status).toBe(200);
  });

  it('answers BucketAlreadyOwnedByYou (409) for an existing bucket', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'twice' }));
    const err = await codeOf(t.s3.send(new CreateBucketCommand({ Bucket: 'twice' })));
    expect(err).toEqual({ name: 'BucketAlreadyOwnedByYou', status: 409 });
  });

  it.each([
    'ab',
    'a'.repeat(64),
    'UpperCase',
    'under_score',
    'a..b',
    '-leading',
    'trailing-',
    '192.168.5.4',
    'xn--punycode',
    'minio',
    // AWS's later reservations: example, directory and table buckets, Multi-Region Access Points.
    'amzn-s3-demo-bucket',
    'abc--x-s3',
    'abc--table-s3',
    'abc.mrap',
  ])('refuses the invalid name %j with InvalidBucketName', async (name) => {
    const res = await signedRequest(t.store.port, { method: 'PUT', path: `/${name}` });
    expect(res.status).toBe(400);
    expect(xmlCode(res.body)).toBe('InvalidBucketName');
  });

  it('answers MalformedXML for a malformed CreateBucketConfiguration', async () => {
    for (const body of [
      '<CreateBucketConfiguration><LocationConstraint>us-east-1</CreateBucketConfiguration>',
      '<NotAConfiguration/>',
      'plain text',
    ]) {
      const res = await signedRequest(t.store.port, { method: 'PUT', path: '/malformed', body });
      expect(res.status).toBe(400);
      expect(xmlCode(res.body)).toBe('MalformedXML');
    }
    const list = await t.s3.send(new ListBucketsCommand({}));
    expect(list.Buckets?.map((b) => b.Name)).not.toContain('malformed');
  });

  it('refuses an object-lock header that is neither true nor false, and makes no bucket', async () => {
    for (const value of ['yes', '1', 'enabled']) {
      const res = await signedRequest(t.store.port, {
        method: 'PUT',
        path: '/lock-typo',
        headers: { 'x-amz-bucket-object-lock-enabled': value },
      });
      expect([res.status, xmlCode(res.body)], value).toEqual([400, 'InvalidRequest']);
    }
    const list = await t.s3.send(new ListBucketsCommand({}));
    expect(list.Buckets?.map((b) => b.Name)).not.toContain('lock-typo');
    const off = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/lock-off',
      headers: { 'x-amz-bucket-object-lock-enabled': 'False' },
    });
    expect(off.status).toBe(200);
  });

  it('works through the minio SDK', async () => {
    await t.minio.makeBucket('from-minio');
    expect(await t.minio.bucketExists('from-minio')).toBe(true);
  });
});
