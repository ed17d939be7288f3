import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Bucket encryption with SSE-KMS through the console, against a store that has a KMS key.

const KEY_NAME = 'console-key';
let h: Harness;
let root: LoggedIn;
const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  callAs(h.app, root, method, url, payload);

beforeAll(async () => {
  h = await startHarness({}, { kmsSecretKey: `${KEY_NAME}:${randomBytes(32).toString('base64')}` });
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
});
afterAll(() => h?.close());

describe('SSE-KMS bucket encryption', () => {
  test('sets aws:kms with the key, reads it back, and seals new objects with it', async () => {
    expect((await call('POST', '/buckets', { name: 'vault' })).statusCode).toBe(201);
    const set = await call('POST', '/buckets/vault/encryption/enable', {
      encType: 'sse-kms',
      kmsKeyID: KEY_NAME,
    });
    expect(set.statusCode, set.body).toBe(204);
    expect((await call('GET', '/buckets/vault/encryption/info')).json()).toEqual({
      algorithm: 'aws:kms',
      kmsMasterKeyID: KEY_NAME,
    });

    const s3 = storeS3(h.storeUrl);
    await s3.putObject('vault', 'note.txt', 'sealed by the KMS');
    const stat = await s3.statObject('vault', 'note.txt');
    expect(stat.metaData).toMatchObject({
      'x-amz-server-side-encryption': 'aws:kms',
      'x-amz-server-side-encryption-aws-kms-key-id': `arn:aws:kms:${KEY_NAME}`,
    });
    const body = await s3.getObject('vault', 'note.txt');
    let text = '';
    for await (const chunk of body) text += String(chunk);
    expect(text).toBe('sealed by the KMS');

    // SSE-S3 replaces it only when asked.
    expect((await call('POST', '/buckets/vault/encryption/enable', { encType: 'sse-s3' })).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/buckets/vault/encryption/info')).json()).toEqual({
      algorithm: 'AES256',
      kmsMasterKeyID: '',
    });
  });

  test('a key the KMS does not have is refused with the reason, and nothing changes', async () => {
    await call('POST', '/buckets', { name: 'other' });
    const res = await call('POST', '/buckets/other/encryption/enable', {
      encType: 'sse-kms',
      kmsKeyID: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detailedMessage).toMatch(/Invalid keyId/);
    expect((await call('GET', '/buckets/other/encryption/info')).statusCode).toBe(404);
  });
});
