import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StoreHandle, startStore } from '@stowage/store';
import { startWebhookReceiver, type WebhookReceiver } from '@stowage/test-support/peers/webhook-receiver';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Settings > Tiers and Lambda Notifications against real peers: a second store as the remote
// tier (the server checks it before keeping it) and a real HTTP endpoint as a webhook target.

const REMOTE = { accessKey: 'tier-remote-admin', secretKey: 'tier-remote-secret-1' };

let h: Harness;
let admin: LoggedIn;
let remote: StoreHandle;
let remoteDir: string;
let hook: WebhookReceiver;
beforeAll(async () => {
  h = await startHarness();
  admin = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  remoteDir = await mkdtemp(join(tmpdir(), 'stowage-tier-'));
  remote = await startStore({ drives: [join(remoteDir, 'd1')], port: 0, rootCredentials: REMOTE });
  await storeS3(remote.url, REMOTE).makeBucket('cold');
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await h?.close();
  await remote?.close();
  await hook?.close();
  await rm(remoteDir, { recursive: true, force: true });
});

const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  callAs(h.app, admin, method, url, payload);

describe('tiers', () => {
  const s3Tier = (name: string, secretkey = REMOTE.secretKey) => ({
    type: 's3',
    s3: {
      name,
      endpoint: remote.url,
      accesskey: REMOTE.accessKey,
      secretkey,
      bucket: 'cold',
      prefix: 'archive/',
      region: 'us-east-1',
    },
  });

  test('a reachable tier is added and listed without its secret', async () => {
    expect((await call('POST', '/admin/tiers', s3Tier('COLD'))).statusCode).toBe(201);
    const list = await call('GET', '/admin/tiers');
    expect(list.json()).toEqual({
      items: [
        {
          type: 's3',
          s3: {
            name: 'COLD',
            endpoint: remote.url,
            accesskey: REMOTE.accessKey,
            bucket: 'cold',
            prefix: 'archive/',
            region: 'us-east-1',
          },
          // the server's tier statistics: nothing has moved there yet
          usage: { objects: 0, versions: 0, size: 0 },
        },
      ],
    });
    expect(list.body).not.toContain(REMOTE.secretKey);
    expect((await call('GET', '/admin/tiers/s3/COLD')).json().s3.name).toBe('COLD');
    expect((await call('GET', '/admin/tiers/azure/COLD')).statusCode).toBe(404);
  });

  test('wrong keys, a taken name, a reserved name and a missing section are refused with reasons', async () => {
    const wrong = await call('POST', '/admin/tiers', s3Tier('WRONG', 'not-the-secret'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detailedMessage).toMatch(/credentials/i);
    expect((await call('POST', '/admin/tiers', s3Tier('COLD'))).statusCode).toBe(409);
    expect((await call('POST', '/admin/tiers', s3Tier('STANDARD'))).json().detailedMessage).toMatch(
      /reserved/,
    );
    const bare = await call('POST', '/admin/tiers', { type: 'gcs' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().detailedMessage).toContain('settings under "gcs"');
    expect((await call('POST', '/admin/tiers', { ...s3Tier('X'), extra: 1 })).statusCode).toBe(400);
  });

  test('lifecycle transitions name the tier as their storage class, current and noncurrent', async () => {
    await call('POST', '/buckets', { name: 'warm', versioning: true });
    const added = await call('POST', '/buckets/warm/lifecycle', {
      type: 'transition',
      prefix: 'old/',
      transition_days: 30,
      storage_class: 'COLD',
      noncurrentversion_transition_days: 7,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().transition).toEqual({
      days: 30,
      storage_class: 'COLD',
      noncurrent_transition_days: 7,
      noncurrent_storage_class: 'COLD',
    });
    const raw = await storeS3(h.storeUrl).getBucketLifecycle('warm');
    expect(JSON.stringify(raw)).toContain(
      '"NoncurrentVersionTransition":{"NoncurrentDays":7,"StorageClass":"COLD"}',
    );
    const unknown = await call('POST', '/buckets/warm/lifecycle', {
      type: 'transition',
      transition_days: 1,
      storage_class: 'NOPE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detailedMessage).toMatch(/storage class/i);
    // an edit of the tags keeps both transitions
    const edited = await call('PUT', `/buckets/warm/lifecycle/${added.json().id}`, { tags: 'a=b' });
    expect(edited.json().transition).toEqual(added.json().transition);
  });

  test('credentials are replaced; the new ones are checked', async () => {
    const bad = await call('PUT', '/admin/tiers/s3/COLD/credentials', {
      access_key: REMOTE.accessKey,
      secret_key: 'still-wrong',
    });
    expect(bad.statusCode).toBe(400);
    const good = await call('PUT', '/admin/tiers/s3/COLD/credentials', {
      access_key: REMOTE.accessKey,
      secret_key: REMOTE.secretKey,
    });
    expect(good.statusCode).toBe(204);
    expect((await call('PUT', '/admin/tiers/s3/COLD/credentials', { creds: '{}' })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/admin/tiers/s3/NOPE/credentials', { access_key: 'a', secret_key: 'b' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('notification endpoints', () => {
  test('none at first', async () => {
    expect((await call('GET', '/admin/notification_endpoints')).json()).toEqual({
      notification_endpoints: [],
    });
  });

  test('a webhook target is added, and listed with its live status after the restart', async () => {
    const added = await call('POST', '/admin/notification_endpoints', {
      service: 'webhook',
      account_id: 'audit1',
      properties: { endpoint: hook.url, auth_token: 'hook-token-secret', queue_limit: '10000', comment: '' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ service: 'webhook', account_id: 'audit1', restart: true });
    expect(added.body).not.toContain('hook-token-secret');
    // like MinIO, the server checks a target before keeping it
    const unreachable = await call('POST', '/admin/notification_endpoints', {
      service: 'webhook',
      account_id: 'never',
      properties: { endpoint: 'http://127.0.0.1:9/nowhere' },
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().detailedMessage).toMatch(/not reachable/);
    // a target that answered when added and has gone away since shows offline
    const shortLived = await startWebhookReceiver();
    await call('POST', '/admin/notification_endpoints', {
      service: 'webhook',
      account_id: 'gone',
      properties: { endpoint: shortLived.url },
    });
    await shortLived.close();
    expect((await call('POST', '/service/restart')).statusCode).toBe(204);
    const list = await call('GET', '/admin/notification_endpoints');
    expect(list.json().notification_endpoints).toEqual([
      { service: 'webhook', account_id: 'audit1', status: 'online' },
      { service: 'webhook', account_id: 'gone', status: 'offline' },
    ]);
    expect(h.logs.join('\n')).not.toContain('hook-token-secret');
  });

  test('a target is deleted, is gone after the restart, and a second delete is a 404', async () => {
    const deleted = await call('DELETE', '/admin/notification_endpoints/webhook/gone');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ restart: true });
    expect((await call('POST', '/service/restart')).statusCode).toBe(204);
    const list = await call('GET', '/admin/notification_endpoints');
    expect(list.json().notification_endpoints).toEqual([
      { service: 'webhook', account_id: 'audit1', status: 'online' },
    ]);
    const again = await call('DELETE', '/admin/notification_endpoints/webhook/gone');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBeTruthy();
    for (const url of [
      '/admin/notification_endpoints/pigeon/x',
      '/admin/notification_endpoints/webhook/a%20b',
    ])
      expect((await call('DELETE', url)).statusCode).toBe(400);
  });

  test('an unknown service, a bad id or a bad key is a 400 before the server is asked', async () => {
    for (const body of [
      { service: 'carrier-pigeon', account_id: 'x', properties: {} },
      { service: 'webhook', account_id: 'has space', properties: {} },
      { service: 'webhook', account_id: 'x', properties: { 'Bad Key': 'v' } },
    ])
      expect((await call('POST', '/admin/notification_endpoints', body)).statusCode).toBe(400);
  });
});
