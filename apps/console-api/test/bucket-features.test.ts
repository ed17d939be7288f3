import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { type StoreHandle, startStore } from '@stowage/store';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Events, lifecycle and replication through the console against real stores: a webhook
// target that answers, and a second store as the replication remote.

const REMOTE = { accessKey: 'remote-admin', secretKey: 'remote-secret-key-99' };
let h: Harness;
let root: LoggedIn;
let hook: Server;
let remote: StoreHandle;
let remoteDir: string;
const call = (method: InjectOptions['method'], url: string, payload?: unknown, who = root) =>
  callAs(h.app, who, method, url, payload);

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  hook = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  remoteDir = await mkdtemp(join(tmpdir(), 'stowage-remote-'));
  remote = await startStore({ drives: [join(remoteDir, 'd1')], port: 0, rootCredentials: REMOTE });
});
afterAll(async () => {
  await h?.close();
  await remote?.close();
  hook?.close();
  await rm(remoteDir, { recursive: true, force: true });
});

describe('events', () => {
  test('targets are listed; rules are added, listed, not doubled, and removed', async () => {
    expect((await call('GET', '/admin/arns')).json()).toEqual({ arns: null });
    const port = (hook.address() as AddressInfo).port;
    const configured = await call('PUT', '/configs/notify_webhook:audit', {
      key_values: [
        { key: 'enable', value: 'on' },
        { key: 'endpoint', value: `http://127.0.0.1:${port}/hook` },
      ],
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const arns = (await call('GET', '/admin/arns')).json().arns as string[];
    expect(arns).toHaveLength(1);
    const arn = arns[0] as string;
    expect(arn).toMatch(/^arn:minio:sqs:.*:audit:webhook$/);

    await call('POST', '/buckets', { name: 'watched' });
    const rule = { arn, events: ['put', 'delete'], prefix: 'in/', suffix: '.csv' };
    const add = await call('POST', '/buckets/watched/events', { configuration: rule, ignoreExisting: true });
    expect(add.statusCode, add.body).toBe(201);
    const again = await call('POST', '/buckets/watched/events', {
      configuration: rule,
      ignoreExisting: true,
    });
    expect(again.statusCode).toBe(201);
    const listed = (await call('GET', '/buckets/watched/events')).json().events;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ arn, prefix: 'in/', suffix: '.csv' });
    expect([...listed[0].events].sort()).toEqual(['delete', 'put']);
    expect(
      (await call('POST', '/buckets/watched/events', { configuration: rule, ignoreExisting: false }))
        .statusCode,
    ).toBe(409);

    const path = `/buckets/watched/events/${encodeURIComponent(arn)}`;
    expect((await call('DELETE', path, { events: ['put'], prefix: 'in/', suffix: '.csv' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('DELETE', path, { events: ['delete', 'put'], prefix: 'in/', suffix: '.csv' })).statusCode,
    ).toBe(204);
    expect((await call('GET', '/buckets/watched/events')).json()).toEqual({ events: [] });
  });
});

describe('lifecycle', () => {
  test('expiry rules are added, disabled, retagged and removed; bad forms are refused', async () => {
    await call('POST', '/buckets', { name: 'aging', versioning: true });
    expect((await call('GET', '/buckets/aging/lifecycle')).json()).toEqual({ lifecycle: [] });
    const added = await call('POST', '/buckets/aging/lifecycle', {
      type: 'expiry',
      prefix: 'logs/',
      tags: 'team=ops&tier=cold&broken',
      expiry_days: 30,
      noncurrentversion_expiration_days: 7,
    });
    expect(added.statusCode, added.body).toBe(201);
    const rule = added.json();
    expect(rule).toMatchObject({
      prefix: 'logs/',
      status: 'Enabled',
      expiration: { days: 30, noncurrent_expiration_days: 7 },
      tags: [
        { key: 'team', value: 'ops' },
        { key: 'tier', value: 'cold' },
      ],
    });
    const dated = await call('POST', '/buckets/aging/lifecycle', {
      type: 'expiry',
      prefix: 'tmp/',
      expiry_date: '2030-01-01T00:00:00Z',
    });
    expect(dated.statusCode, dated.body).toBe(201);
    expect((await call('GET', '/buckets/aging/lifecycle')).json().lifecycle).toHaveLength(2);

    const update = await call('PUT', `/buckets/aging/lifecycle/${rule.id}`, {
      disable: true,
      tags: 'team=sre',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({
      id: rule.id,
      status: 'Disabled',
      prefix: 'logs/',
      tags: [{ key: 'team', value: 'sre' }],
      expiration: { days: 30 },
    });
    const read = (await call('GET', '/buckets/aging/lifecycle')).json().lifecycle;
    expect(read.find((r: { id: string }) => r.id === rule.id).status).toBe('Disabled');

    expect(
      (await call('POST', '/buckets/aging/lifecycle', { type: 'expiry', prefix: 'x/' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/buckets/aging/lifecycle', { type: 'transition', transition_days: 3 })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/buckets/aging/lifecycle', { type: 'expiry', expiry_days: 0 })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/buckets/aging/lifecycle/unknown', { disable: true })).statusCode).toBe(404);

    expect((await call('DELETE', `/buckets/aging/lifecycle/${rule.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/buckets/aging/lifecycle/${dated.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', '/buckets/aging/lifecycle')).json()).toEqual({ lifecycle: [] });
    expect((await call('GET', '/admin/tiers')).json()).toEqual({ items: [] });
  });

  test('noncurrent versions, expired delete markers and unfinished uploads map to S3 XML both ways', async () => {
    await call('POST', '/buckets', { name: 'tidy', versioning: true });
    const added = await call('POST', '/buckets/tidy/lifecycle', {
      type: 'expiry',
      prefix: 'data/',
      expired_object_delete_marker: true,
      noncurrentversion_expiration_days: 14,
      noncurrentversion_expiration_newer_versions: 3,
      abort_incomplete_multipart_days: 2,
    });
    expect(added.statusCode, added.body).toBe(201);
    const rule = added.json();
    expect(rule).toMatchObject({
      expiration: { delete_marker: true, noncurrent_expiration_days: 14, newer_noncurrent_versions: 3 },
      abort_incomplete_multipart_days: 2,
    });
    // what the store keeps, read with an S3 client
    const raw = JSON.stringify(await storeS3(h.storeUrl).getBucketLifecycle('tidy'));
    expect(raw).toContain('"Expiration":{"ExpiredObjectDeleteMarker":true}');
    expect(raw).toContain('"NoncurrentVersionExpiration":{"NoncurrentDays":14,"NewerNoncurrentVersions":3}');
    expect(raw).toContain('"AbortIncompleteMultipartUpload":{"DaysAfterInitiation":2}');

    // an edit that changes only the status keeps every action
    const disabled = await call('PUT', `/buckets/tidy/lifecycle/${rule.id}`, { disable: true });
    expect(disabled.json()).toEqual({ ...rule, status: 'Disabled' });
    // S3's rules, with the field to change named
    const withDays = await call('PUT', `/buckets/tidy/lifecycle/${rule.id}`, { expiry_days: 5 });
    expect(withDays.statusCode).toBe(400);
    expect(withDays.json().detailedMessage).toContain('expired_object_delete_marker');
    const tagged = await call('PUT', `/buckets/tidy/lifecycle/${rule.id}`, { tags: 'k=v' });
    expect(tagged.statusCode).toBe(400);
    expect(tagged.json().detailedMessage).toContain('abort_incomplete_multipart_days');
    expect((await call('GET', '/buckets/tidy/lifecycle')).json().lifecycle).toEqual([
      { ...rule, status: 'Disabled' },
    ]);
    // an edit takes actions off, and changes one, naming only those
    const trimmed = await call('PUT', `/buckets/tidy/lifecycle/${rule.id}`, {
      remove: ['noncurrentversion_expiration_newer_versions', 'abort_incomplete_multipart_days'],
      noncurrentversion_expiration_days: 21,
    });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    expect(trimmed.json()).toEqual({
      ...rule,
      status: 'Disabled',
      expiration: { delete_marker: true, noncurrent_expiration_days: 21 },
      abort_incomplete_multipart_days: undefined,
    });
    const unknownField = await call('PUT', `/buckets/tidy/lifecycle/${rule.id}`, { remove: ['prefix'] });
    expect(unknownField.statusCode).toBe(400);
    const zero = await call('POST', '/buckets/tidy/lifecycle', {
      type: 'expiry',
      abort_incomplete_multipart_days: 0,
    });
    expect(zero.statusCode).toBe(400);
    // only uploads: an expiry rule of its own
    const uploads = await call('POST', '/buckets/tidy/lifecycle', {
      type: 'expiry',
      abort_incomplete_multipart_days: 1,
    });
    expect(uploads.statusCode, uploads.body).toBe(201);
  });
});

describe('replication', () => {
  test('the remote is checked, pairs are set up, rules listed and removed', async () => {
    const remoteHost = new URL(remote.url).host;
    const wrongKeys = await call('POST', '/list-external-buckets', {
      accessKey: REMOTE.accessKey,
      secretKey: 'not-the-secret',
      targetURL: remoteHost,
      useTLS: false,
    });
    expect(wrongKeys.statusCode).toBe(400);

    // A versioned bucket on the remote, made over its S3 API.
    const remoteS3 = storeS3(remote.url, REMOTE);
    await remoteS3.makeBucket('backup-a');
    await remoteS3.setBucketVersioning('backup-a', { Status: 'Enabled' });
    const listed = await call('POST', '/list-external-buckets', {
      ...REMOTE,
      targetURL: remoteHost,
      useTLS: false,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({ buckets: [{ name: 'backup-a' }], total: 1 });

    await call('POST', '/buckets', { name: 'primary', versioning: true });
    await call('POST', '/buckets', { name: 'unversioned' });
    const setUp = await call('POST', '/buckets-replication', {
      ...REMOTE,
      targetURL: `http://${remoteHost}`,
      region: 'us-east-1',
      bucketsRelation: [
        { originBucket: 'primary', destinationBucket: 'backup-a' },
        { originBucket: 'unversioned', destinationBucket: 'backup-a' },
      ],
      syncMode: 'async',
      bandwidth: 0,
      healthCheckPeriod: 60,
      prefix: 'docs/',
      tags: 'keep=yes',
    });
    expect(setUp.statusCode, setUp.body).toBe(200);
    const states = setUp.json().replicationState;
    expect(states[0]).toEqual({ originBucket: 'primary', destinationBucket: 'backup-a', errorString: '' });
    expect(states[1].errorString).toMatch(/[Vv]ersioning/);

    const rules = (await call('GET', '/buckets/primary/replication')).json().rules;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      priority: 1,
      prefix: 'docs/',
      tags: 'keep=yes',
      status: 'Enabled',
      delete_marker_replication: true,
    });
    expect(rules[0].destination.bucket).toMatch(/^arn:minio:replication:/);
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    expect(await admin.remoteTargets.list('primary')).toHaveLength(1);

    expect((await call('DELETE', `/buckets/primary/replication/${rules[0].id}`)).statusCode).toBe(204);
    expect((await call('GET', '/buckets/primary/replication')).json()).toEqual({ rules: [] });
    // The target served only that rule, so it went with it (the server answers 404 for none).
    const left = await admin.remoteTargets.list('primary').catch(() => []);
    expect(left).toHaveLength(0);
    expect((await call('DELETE', '/buckets/primary/replication/nope')).statusCode).toBe(404);
  });

  test('metrics per target and the object status follow a real replication to the remote', async () => {
    const remoteS3 = storeS3(remote.url, REMOTE);
    await remoteS3.makeBucket('backup-m');
    await remoteS3.setBucketVersioning('backup-m', { Status: 'Enabled' });
    await call('POST', '/buckets', { name: 'measured', versioning: true });
    expect((await call('GET', '/buckets/measured/replication/metrics')).statusCode).toBe(404);
    const setUp = await call('POST', '/buckets-replication', {
      ...REMOTE,
      targetURL: `http://${new URL(remote.url).host}`,
      bucketsRelation: [{ originBucket: 'measured', destinationBucket: 'backup-m' }],
    });
    expect(setUp.json().replicationState[0].errorString).toBe('');
    const arn = (await call('GET', '/buckets/measured/replication')).json().rules[0].destination.bucket;

    await storeS3(h.storeUrl).putObject('measured', 'report.txt', Buffer.from('twelve bytes'));
    const metrics = async () => (await call('GET', '/buckets/measured/replication/metrics')).json();
    // Replication is asynchronous: poll until the target has it (a deadline, not a timing assert).
    await expect.poll(async () => (await metrics()).targets[0]?.completedCount, { timeout: 60_000 }).toBe(1);
    expect(await metrics()).toEqual({
      targets: [
        {
          arn,
          pendingCount: 0,
          pendingSize: 0,
          failedCount: 0,
          failedSize: 0,
          completedCount: 1,
          completedSize: 12,
          bandwidthLimit: 0,
        },
      ],
      replicaCount: 0,
      replicaSize: 0,
    });
    const details = await call('GET', '/buckets/measured/objects?prefix=report.txt&with_metadata=true');
    expect(details.json().objects[0]).toMatchObject({ name: 'report.txt', replication_status: 'COMPLETED' });
    const onRemote = await remoteS3.makeRequestAsyncOmit({
      method: 'HEAD',
      bucketName: 'backup-m',
      objectName: 'report.txt',
    });
    expect(onRemote.headers['x-amz-replication-status']).toBe('REPLICA');
  });

  test('a session that may not configure replication cannot make the console call other hosts', async () => {
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.users.add('viewer', 'viewer-secret-1');
    await admin.policies.set(['readonly'], 'viewer', false);
    const viewer = await loginAs(h.app, 'viewer', 'viewer-secret-1');
    const res = await call(
      'POST',
      '/list-external-buckets',
      { ...REMOTE, targetURL: '127.0.0.1:9', useTLS: false },
      viewer,
    );
    expect(res.statusCode).toBe(403);
  });
});
