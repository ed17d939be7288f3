import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestStore, type TestStore, xmlCode } from '../support/store.js';

// Requests without credentials get exactly what the bucket policy grants to everyone:
// explicit denies win, conditions hold, and nothing at all without a policy.

const { CreateBucketCommand, PutBucketPolicyCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
const anon = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  rawRequest(
    t.store.port,
    method,
    path,
    { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
    body,
  );

beforeAll(async () => {
  t = await startTestStore();
  for (const Bucket of ['public', 'private', 'dropbox']) await t.s3.send(new CreateBucketCommand({ Bucket }));
  for (const Key of ['readme.txt', 'secret/key.pem', 'docs/a.txt'])
    await t.s3.send(new PutObjectCommand({ Bucket: 'public', Key, Body: `content of ${Key}` }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'private', Key: 'x', Body: 'x' }));
  await t.s3.send(
    new PutBucketPolicyCommand({
      Bucket: 'public',
      Policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::public/*'] },
          {
            Effect: 'Allow',
            Principal: { AWS: ['*'] },
            Action: ['s3:ListBucket'],
            Resource: ['arn:aws:s3:::public'],
            Condition: { StringLike: { 's3:prefix': ['docs/*'] } },
          },
          {
            Effect: 'Deny',
            Principal: '*',
            Action: ['s3:GetObject'],
            Resource: ['arn:aws:s3:::public/secret/*'],
          },
        ],
      }),
    }),
  );
  await t.s3.send(
    new PutBucketPolicyCommand({
      Bucket: 'dropbox',
      Policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: '*',
            Action: ['s3:PutObject'],
            Resource: ['arn:aws:s3:::dropbox/in/*'],
          },
        ],
      }),
    }),
  );
});
afterAll(() => t.close());

describe('anonymous access', () => {
  it('reads what the policy allows', async () => {
    const r = await anon('GET', '/public/readme.txt');
    expect(r.status).toBe(200);
    expect(r.body).toBe('content of readme.txt');
  });

  it('response-* overrides need a signed request: InvalidRequest (400) anonymously', async () => {
    const r = await anon('GET', '/public/readme.txt?response-content-type=text%2Fhtml');
    expect([r.status, xmlCode(r.body)]).toEqual([400, 'InvalidRequest']);
  });

  it('an explicit deny on a prefix beats the bucket-wide allow', async () => {
    const r = await anon('GET', '/public/secret/key.pem');
    expect(r.status).toBe(403);
    expect(xmlCode(r.body)).toBe('AccessDenied');
  });

  it('conditions hold: listing only under the allowed prefix', async () => {
    const ok = await anon('GET', '/public?list-type=2&prefix=docs/');
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('<Key>docs/a.txt</Key>');
    expect((await anon('GET', '/public?list-type=2')).status).toBe(403);
  });

  it('writes only where allowed; nothing without a policy; no bucket listing', async () => {
    expect((await anon('PUT', '/dropbox/in/note.txt', 'hello')).status).toBe(200);
    const written = await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'dropbox', Key: 'in/note.txt' }));
    expect(await written.Body!.transformToString()).toBe('hello');
    expect((await anon('PUT', '/dropbox/elsewhere.txt', 'x')).status).toBe(403);
    expect((await anon('DELETE', '/dropbox/in/note.txt')).status).toBe(403);
    expect((await anon('GET', '/private/x')).status).toBe(403);
    expect((await anon('GET', '/')).status).toBe(403);
    expect((await anon('PUT', '/new-bucket')).status).toBe(403);
    expect((await anon('GET', '/public?policy')).status).toBe(403);
  });

  it('a policy removed takes effect at once', async () => {
    await t.s3.send(new s3sdk.DeleteBucketPolicyCommand({ Bucket: 'dropbox' }));
    expect((await anon('PUT', '/dropbox/in/again.txt', 'x')).status).toBe(403);
  });
});
