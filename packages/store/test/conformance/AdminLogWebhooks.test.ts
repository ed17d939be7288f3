import { createHmac } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import {
  type Received,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@stowage/test-support/peers/webhook-receiver';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/observe/audit.js';
import { code } from '../support/outcome.js';

// audit_webhook and logger_webhook (madmin-protocol.md §6.4–6.6): dynamic subsystems, so a
// set takes effect at once; every request then reaches the audit endpoint as MinIO's
// audit entry, and server log lines reach the logger endpoint.

let t: TestStore;
let admin: MadminClient;
let hook: WebhookReceiver;

beforeAll(async () => {
  [t, hook] = await Promise.all([startTestStore(), startWebhookReceiver()]);
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
});
afterAll(async () => {
  await t.close();
  await hook.close();
});

const audit = (r: Received) => r.path === '/audit';
const entry = (r: Received) => r.body as AuditEntry;
const logEntry = (r: Received) =>
  r.body as { level: string; errKind: string; message: string; ConsoleMsg: string };

describe('audit_webhook', () => {
  it('is applied without a restart, and every request then reaches the endpoint', async () => {
    expect(
      await admin.config.setKV(`audit_webhook enable=on endpoint=${hook.url}/audit auth_token=hook-token-1`),
    ).toEqual({ restart: false });
    await t.minio.makeBucket('audited');
    await t.s3.send(new PutObjectCommand({ Bucket: 'audited', Key: 'dir/a.txt', Body: 'hello' }));

    const put = await hook.waitFor((r) => audit(r) && entry(r).api?.name === 'PutObject');
    const e = entry(put);
    expect(put.headers.authorization).toBe('Bearer hook-token-1');
    expect(put.headers['content-type']).toBe('application/json');
    expect(e).toMatchObject({
      version: '1',
      trigger: 'incoming',
      api: { name: 'PutObject', bucket: 'audited', object: 'dir/a.txt', status: 'OK', statusCode: 200 },
      remotehost: '127.0.0.1',
      requestPath: '/audited/dir/a.txt',
      accessKey: ROOT.accessKey,
    });
    expect(e.deploymentid).toMatch(/^[0-9a-f-]{36}$/);
    expect(e.requestID).toMatch(/^[0-9A-F]{16}$/);
    expect(Number(e.api.timeToResponseInNS)).toBeGreaterThan(0);
    expect(e.api.timeToResponse).toBe(`${e.api.timeToResponseInNS}ns`);
    expect(e.api.rx).toBe(5);
    // The signature never reaches the audit log.
    expect(e.requestHeader.authorization).toBe('*REDACTED*');
    expect(JSON.stringify(e)).not.toContain(ROOT.secretKey);
  });

  it('reports failures with their status and the admin calls as well', async () => {
    await t.s3.send(new GetObjectCommand({ Bucket: 'audited', Key: 'missing' })).catch(() => {});
    const miss = await hook.waitFor((r) => audit(r) && entry(r).api?.object === 'missing');
    expect(entry(miss).api).toMatchObject({ name: 'GetObject', statusCode: 404, status: 'Not Found' });

    await admin.users.list();
    const listUsers = await hook.waitFor((r) => audit(r) && entry(r).api?.name === 'ListUsers');
    expect(entry(listUsers).accessKey).toBe(ROOT.accessKey);
  });

  it('redacts presigned signatures in the logged query', async () => {
    const url = await t.minio.presignedGetObject('audited', 'dir/a.txt', 60);
    expect((await fetch(url)).status).toBe(200);
    const got = await hook.waitFor(
      (r) => audit(r) && entry(r).requestQuery?.['X-Amz-Signature'] !== undefined,
    );
    expect(entry(got).requestQuery['X-Amz-Signature']).toBe('*REDACTED*');
    expect(entry(got).requestQuery['X-Amz-Credential']).toContain(ROOT.accessKey);
  });

  it("redacts a V2 presigned URL's Signature, however its name is spelled", async () => {
    const expires = String(Math.floor(Date.now() / 1000) + 600);
    const signature = createHmac('sha1', ROOT.secretKey)
      .update(`GET\n\n\n${expires}\n/audited/dir/a.txt`)
      .digest('base64');
    const auth = `AWSAccessKeyId=${ROOT.accessKey}&Expires=${expires}`;
    for (const [probe, name] of [
      ['plain', 'Signature'],
      ['escaped', '%53ignature'],
    ]) {
      const path = `/audited/dir/a.txt?${auth}&${name}=${encodeURIComponent(signature)}&probe=${probe}`;
      expect((await fetch(`${t.store.url}${path}`)).status).toBe(200);
      const got = await hook.waitFor((r) => audit(r) && entry(r).requestQuery?.probe === probe);
      expect(entry(got).requestQuery.Signature).toBe('*REDACTED*');
      expect(JSON.stringify(entry(got))).not.toContain(signature);
      expect(JSON.stringify(entry(got))).not.toContain(encodeURIComponent(signature));
    }
  });

  it('shows the target in server info', async () => {
    const info = await admin.serverInfo();
    expect(info.services?.audit).toEqual([{ _: { status: 'online' } }]);
    expect(info.services?.logger).toBeUndefined();
  });

  it('stops delivering once the target is removed', async () => {
    await admin.config.delKV('audit_webhook');
    const before = hook.received.filter(audit).length;
    await t.s3.send(new PutObjectCommand({ Bucket: 'audited', Key: 'after-removal', Body: 'x' }));
    // A later logger round trip proves the store has moved on past that request.
    await admin.config.setKV(`logger_webhook endpoint=${hook.url}/log`);
    await admin.config.setKV(`audit_webhook:dead endpoint=http://127.0.0.1:9/unreachable`);
    await t.s3.send(new PutObjectCommand({ Bucket: 'audited', Key: 'to-the-dead-target', Body: 'x' }));
    await hook.waitFor((r) => r.path === '/log' && /audit_webhook:dead/.test(logEntry(r).message));
    expect(hook.received.filter(audit).length).toBe(before);
    expect(hook.received.some((r) => audit(r) && entry(r).api?.object === 'after-removal')).toBe(false);
  });
});

describe('logger_webhook', () => {
  it('sends server log lines in the console-log entry shape', async () => {
    const line = await hook.waitFor((r) => r.path === '/log');
    expect(logEntry(line)).toMatchObject({ level: 'ERROR', errKind: 'MINIO' });
    expect(logEntry(line).ConsoleMsg).toBe(logEntry(line).message);
    expect(line.headers.authorization).toBeUndefined();
    const info = await admin.serverInfo();
    expect(info.services?.logger).toEqual([{ _: { status: 'online' } }]);
    expect(info.services?.audit).toEqual([{ dead: { status: 'offline' } }]);
  });

  it('refuses a target without an endpoint, and changes nothing', async () => {
    expect(await code(admin.config.setKV('logger_webhook:x enable=on auth_token=abc'))).toBe(
      '400 XMinioConfigError',
    );
    expect((await admin.serverInfo()).services?.logger).toEqual([{ _: { status: 'online' } }]);
  });
});
