import { MadminClient, type PolicyDocument } from '@stowage/madmin';
import type { InjectOptions } from 'fastify';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Who can reach a bucket: anonymous access (whole bucket and per prefix), checked by anonymous
// HTTP requests to the store, and the access audit (users and policies naming the bucket).

let h: Harness;
let root: LoggedIn;
let s3: Client;
let admin: MadminClient;
const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  callAs(h.app, root, method, url, payload);
const anonymous = (path: string, init?: RequestInit) =>
  fetch(`${h.storeUrl}${path}`, init).then((r) => r.status);

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
  admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
  for (const b of ['open', 'shared', 'other']) await s3.makeBucket(b);
  await s3.putObject('open', 'index.html', 'hi');
  await s3.putObject('shared', 'public/a.txt', 'public');
  await s3.putObject('shared', 'private/b.txt', 'private');
});
afterAll(() => h?.close());

describe('anonymous access to the whole bucket', () => {
  test('PUBLIC opens reads and writes to anyone; PRIVATE closes them again', async () => {
    expect(await anonymous('/open/index.html')).toBe(403);
    const pub = await call('PUT', '/buckets/open/set-policy', { access: 'PUBLIC' });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ name: 'open', access: 'PUBLIC' });
    expect(JSON.parse(pub.json().definition).Statement).toHaveLength(2);
    expect(await anonymous('/open/index.html')).toBe(200);
    expect(await anonymous('/open/new.txt', { method: 'PUT', body: 'x' })).toBe(200);

    const priv = await call('PUT', '/buckets/open/set-policy', { access: 'PRIVATE' });
    expect(priv.json()).toMatchObject({ access: 'PRIVATE', definition: '' });
    expect(await anonymous('/open/index.html')).toBe(403);
  });

  test('CUSTOM takes a policy document and reads back as CUSTOM', async () => {
    const definition = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::open/index.html'],
        },
      ],
    });
    const res = await call('PUT', '/buckets/open/set-policy', { access: 'CUSTOM', definition });
    expect(res.json().access).toBe('CUSTOM');
    expect(await anonymous('/open/index.html')).toBe(200);
    expect(
      (await call('PUT', '/buckets/open/set-policy', { access: 'CUSTOM', definition: '{nope' })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/buckets/open/set-policy', { access: 'CUSTOM' })).statusCode).toBe(400);
    await call('PUT', '/buckets/open/set-policy', { access: 'PRIVATE' });
  });
});

describe('access rules by prefix', () => {
  test('readonly on one folder opens only that folder, and is listed and removed', async () => {
    expect((await call('GET', '/bucket/shared/access-rules')).json()).toEqual({ accessRules: [] });
    const set = await call('PUT', '/bucket/shared/access-rules', { prefix: 'public', access: 'readonly' });
    expect(set.statusCode, set.body).toBe(204);
    expect((await call('GET', '/bucket/shared/access-rules')).json()).toEqual({
      accessRules: [{ prefix: 'public/', access: 'readonly' }],
    });
    expect(await anonymous('/shared/public/a.txt')).toBe(200);
    expect(await anonymous('/shared/private/b.txt')).toBe(403);
    expect(await anonymous('/shared/public/new.txt', { method: 'PUT', body: 'x' })).toBe(403);

    await call('PUT', '/bucket/shared/access-rules', { prefix: 'public/', access: 'readwrite' });
    await call('PUT', '/bucket/shared/access-rules', { prefix: 'drop/', access: 'writeonly' });
    expect((await call('GET', '/bucket/shared/access-rules')).json().accessRules).toEqual([
      { prefix: 'drop/', access: 'writeonly' },
      { prefix: 'public/', access: 'readwrite' },
    ]);
    expect(await anonymous('/shared/drop/in.txt', { method: 'PUT', body: 'x' })).toBe(200);
    expect(await anonymous('/shared/drop/in.txt')).toBe(403);
    expect((await call('GET', '/buckets/shared')).json().access).toBe('CUSTOM');

    const del = await call('DELETE', '/bucket/shared/access-rules', { prefix: 'public/' });
    expect(del.statusCode).toBe(204);
    expect(await anonymous('/shared/public/a.txt')).toBe(403);
    expect((await call('DELETE', '/bucket/shared/access-rules', { prefix: 'public/' })).statusCode).toBe(404);
    expect(
      (await call('PUT', '/bucket/shared/access-rules', { prefix: ' ', access: 'readonly' })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/bucket/missing/access-rules')).statusCode).toBe(404);
  });
});

describe('access audit', () => {
  test('policies naming the bucket, and the users they reach directly or through groups', async () => {
    const doc = (resource: string): PolicyDocument => ({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [resource] }],
    });
    await admin.policies.add('shared-read', doc('arn:aws:s3:::shared/*'));
    await admin.policies.add('other-read', doc('arn:aws:s3:::other/*'));
    await admin.policies.add('prefix-read', doc('arn:aws:s3:::sha*'));
    await admin.users.add('alice', 'alice-secret-1');
    await admin.users.add('bob', 'bob-secret-12');
    await admin.users.add('carol', 'carol-secret-1');
    await admin.policies.set(['shared-read'], 'alice', false);
    await admin.policies.set(['other-read'], 'bob', false);
    await admin.groups.updateMembers({ group: 'auditors', members: ['carol'], isRemove: false });
    await admin.policies.set(['prefix-read'], 'auditors', true);

    const policies = await call('GET', '/bucket-policy/shared');
    expect(policies.statusCode).toBe(200);
    const names = policies.json().policies.map((p: { name: string }) => p.name);
    expect(names).toContain('shared-read');
    expect(names).toContain('prefix-read');
    expect(names).not.toContain('other-read');
    expect(names).toContain('readwrite');

    const users = await call('GET', '/bucket-users/shared');
    expect(users.statusCode).toBe(200);
    expect(users.json()).toEqual(['alice', 'carol']);
  });
});
