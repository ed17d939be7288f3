import { MadminClient } from '@stowage/madmin';
import type { InjectOptions } from 'fastify';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Bucket creation and per-bucket settings through the console, checked against the store with
// real S3 and admin clients.

let h: Harness;
let root: LoggedIn;
let s3: Client;
const call = (method: InjectOptions['method'], url: string, payload?: unknown, who = root) =>
  callAs(h.app, who, method, url, payload);

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
});
afterAll(() => h?.close());

describe('creating buckets', () => {
  test('versioning, locking, quota and retention in one call', async () => {
    const res = await call('POST', '/buckets', {
      name: 'ledger',
      versioning: true,
      locking: true,
      quota: { enabled: true, quota_type: 'hard', amount: 1024 ** 4 },
      retention: { mode: 'governance', unit: 'days', validity: 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await s3.getBucketVersioning('ledger')).Status).toBe('Enabled');
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    expect(await admin.getBucketQuota('ledger')).toMatchObject({ quota: 1024 ** 4, quotatype: 'hard' });

    expect((await call('GET', '/buckets/ledger/object-locking')).json()).toEqual({
      object_locking_enabled: true,
    });
    expect((await call('GET', '/buckets/ledger/retention')).json()).toEqual({
      mode: 'governance',
      unit: 'days',
      validity: 3,
    });
    expect((await call('GET', '/buckets/ledger/quota')).json()).toEqual({ quota: 1024 ** 4, type: 'hard' });
    expect((await call('GET', '/buckets/ledger/versioning')).json()).toEqual({
      is_versioned: true,
      status: 'Enabled',
    });
  });

  test('a setting the server refuses rolls the bucket back', async () => {
    const res = await call('POST', '/buckets', {
      name: 'half-made',
      quota: { enabled: true, quota_type: 'fifo', amount: 10 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detailedMessage).toMatch(/fifo/);
    expect(await s3.bucketExists('half-made')).toBe(false);
  });

  test('bad names, duplicates and missing quota sizes are refused', async () => {
    expect((await call('POST', '/buckets', { name: 'Bad_Name' })).statusCode).toBe(400);
    expect((await call('POST', '/buckets', { name: 'ok-name', quota: { enabled: true } })).statusCode).toBe(
      400,
    );
    expect(await s3.bucketExists('ok-name')).toBe(false);
    expect((await call('POST', '/buckets', { name: 'twice' })).statusCode).toBe(201);
    const again = await call('POST', '/buckets', { name: 'twice' });
    expect(again.statusCode).toBe(409);
  });
});

describe('bucket details and deletion', () => {
  test('details carry usage and the anonymous access level', async () => {
    await call('POST', '/buckets', { name: 'details' });
    await s3.putObject('details', 'a.txt', 'hello');
    const res = await call('GET', '/buckets/details');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'details',
      objects: 1,
      size: 5,
      access: 'PRIVATE',
      definition: '',
    });
    expect((await call('GET', '/buckets/nowhere')).statusCode).toBe(404);
  });

  test('only an empty bucket is deleted, and only with its name confirmed', async () => {
    await call('POST', '/buckets', { name: 'doomed' });
    await s3.putObject('doomed', 'x', 'x');
    expect((await call('DELETE', '/buckets/doomed', { name: 'other' })).statusCode).toBe(400);
    const full = await call('DELETE', '/buckets/doomed', { name: 'doomed' });
    expect(full.statusCode).toBe(409);
    await s3.removeObject('doomed', 'x');
    expect((await call('DELETE', '/buckets/doomed', { name: 'doomed' })).statusCode).toBe(204);
    expect(await s3.bucketExists('doomed')).toBe(false);
    expect((await call('DELETE', '/buckets/doomed', { name: 'doomed' })).statusCode).toBe(404);
  });
});

describe('settings', () => {
  test('versioning is enabled and suspended', async () => {
    await call('POST', '/buckets', { name: 'versions' });
    expect((await call('GET', '/buckets/versions/versioning')).json()).toEqual({
      is_versioned: false,
      status: '',
    });
    expect((await call('PUT', '/buckets/versions/versioning', { versioning: true })).statusCode).toBe(204);
    expect((await s3.getBucketVersioning('versions')).Status).toBe('Enabled');
    await call('PUT', '/buckets/versions/versioning', { versioning: false });
    expect((await call('GET', '/buckets/versions/versioning')).json()).toEqual({
      is_versioned: false,
      status: 'Suspended',
    });
  });

  test('quota is set, read back and cleared', async () => {
    await call('POST', '/buckets', { name: 'quota' });
    expect((await call('GET', '/buckets/quota/quota')).json()).toEqual({ quota: 0 });
    const set = await call('PUT', '/buckets/quota/quota', {
      enabled: true,
      quota_type: 'hard',
      amount: 5 * 1024 ** 3,
    });
    expect(set.json()).toEqual({ quota: 5 * 1024 ** 3, type: 'hard' });
    expect((await call('PUT', '/buckets/quota/quota', { enabled: false })).json()).toEqual({ quota: 0 });
    expect((await call('GET', '/buckets/nowhere/quota')).statusCode).toBe(404);
  });

  test('retention needs object locking; a bucket without it answers 404', async () => {
    await call('POST', '/buckets', { name: 'no-lock' });
    expect((await call('GET', '/buckets/no-lock/object-locking')).json()).toEqual({
      object_locking_enabled: false,
    });
    expect((await call('GET', '/buckets/no-lock/retention')).statusCode).toBe(404);
    const refused = await call('PUT', '/buckets/no-lock/retention', {
      mode: 'compliance',
      unit: 'days',
      validity: 1,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);

    await call('POST', '/buckets', { name: 'locked', locking: true });
    const set = await call('PUT', '/buckets/locked/retention', {
      mode: 'compliance',
      unit: 'years',
      validity: 2,
    });
    expect(set.statusCode).toBe(204);
    expect((await call('GET', '/buckets/locked/retention')).json()).toEqual({
      mode: 'compliance',
      unit: 'years',
      validity: 2,
    });
    const bad = await call('PUT', '/buckets/locked/retention', {
      mode: 'compliance',
      unit: 'days',
      validity: 0,
    });
    expect(bad.statusCode).toBe(400);
  });

  test('default encryption: sse-s3 on, read back, off; none reads as the spec message', async () => {
    await call('POST', '/buckets', { name: 'sealed' });
    const none = await call('GET', '/buckets/sealed/encryption/info');
    expect(none.statusCode).toBe(404);
    expect(none.json().detailedMessage).toBe('The server side encryption configuration was not found');
    expect((await call('POST', '/buckets/sealed/encryption/enable', { encType: 'sse-s3' })).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/buckets/sealed/encryption/info')).json()).toEqual({
      algorithm: 'AES256',
      kmsMasterKeyID: '',
    });
    expect((await call('POST', '/buckets/sealed/encryption/enable', { encType: 'sse-kms' })).statusCode).toBe(
      400,
    );
    // This store has no KMS: SSE-KMS is refused with the store's reason, and SSE-S3 stays.
    const kms = await call('POST', '/buckets/sealed/encryption/enable', {
      encType: 'sse-kms',
      kmsKeyID: 'photos-key',
    });
    expect(kms.statusCode).toBe(501);
    expect(kms.json().detailedMessage).toMatch(/KMS is not configured/);
    expect((await call('GET', '/buckets/sealed/encryption/info')).json()).toEqual({
      algorithm: 'AES256',
      kmsMasterKeyID: '',
    });
    expect((await call('POST', '/buckets/sealed/encryption/disable')).statusCode).toBe(204);
    expect((await call('GET', '/buckets/sealed/encryption/info')).statusCode).toBe(404);
  });
});

describe('rights', () => {
  test('a user whose policy does not allow bucket creation is refused by the server', async () => {
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.users.add('reader', 'reader-secret-1');
    await admin.policies.set(['readonly'], 'reader', false);
    const reader = await loginAs(h.app, 'reader', 'reader-secret-1');
    const res = await call('POST', '/buckets', { name: 'readers-bucket' }, reader);
    expect(res.statusCode).toBe(403);
    expect(await s3.bucketExists('readers-bucket')).toBe(false);
    const noCsrf = await h.app.inject({
      method: 'PUT',
      url: '/api/v1/buckets/versions/versioning',
      headers: { cookie: root.cookie },
      payload: { versioning: true },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
