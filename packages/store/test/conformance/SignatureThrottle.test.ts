import { createHmac } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRole, EMPTY_SHA256, MadminClient, presignUrl } from '@stowage/madmin';
import {
  type RawResponse,
  ROOT,
  rawRequest,
  sigV4Headers,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { Client as MinioClient } from 'minio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';
import { form } from './post-form.js';

// Guessing a secret through S3 and admin signatures, against a real store: wrong signatures
// and unknown access keys are counted per client address (the table STS logins count in);
// past the limit, that address's signed requests get 503 SlowDown, the right ones too, until
// the hold ends on the store's clock (injected here). Never by access key, never root on
// this machine. A second loopback address (127.0.0.2) stands for another client.

const FAILURES_PER_ADDRESS = 4;
const OTHER_ADDRESS = '127.0.0.2';

let t: TestStore;
let now = Date.parse('2030-01-01T00:00:00Z');
const CAROL = { accessKey: 'carol', secretKey: 'carol-secret-key' };
const DAVE = { accessKey: 'dave', secretKey: 'dave-secret-key' };
const wrong = (keys: { accessKey: string }, i = 0) => ({
  accessKey: keys.accessKey,
  secretKey: `wrong-secret-${i}`,
});

beforeAll(async () => {
  t = await startTestStore({
    identity: {
      now: () => now,
      throttle: { failuresPerName: 100, failuresPerAddress: FAILURES_PER_ADDRESS, backoffMs: 60_000 },
    },
  });
  const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  for (const keys of [CAROL, DAVE]) {
    await admin.users.add(keys.accessKey, keys.secretKey);
    await admin.policies.set(['readwrite'], keys.accessKey, false);
  }
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'forms' }));
}, 60_000);
afterAll(() => t?.close());
// Each test starts with every hold over and forgotten.
beforeEach(() => {
  now += 24 * 3600_000;
});

/** A request from `from` (a loopback address of this machine). */
const send = (
  from: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) => rawRequest(t.store.port, method, path, headers, body, from);

const outcome = (res: RawResponse) => {
  if (res.status < 300) return String(res.status);
  const json = res.headers['content-type']?.includes('json')
    ? (JSON.parse(res.body) as { Code?: string })
    : {};
  return `${res.status} ${json.Code ?? xmlCode(res.body)}`;
};

/** ListBuckets (GET /) signed with `keys`, from `from`. */
const listBuckets = async (keys: { accessKey: string; secretKey: string }, from = '127.0.0.1') =>
  outcome(
    await send(
      from,
      'GET',
      '/',
      sigV4Headers(t.store.port, { method: 'GET', path: '/', payloadHash: EMPTY_SHA256, creds: keys }),
    ),
  );

describe('signature failures on S3 and admin requests', () => {
  it('hold the address back: its signed requests get SlowDown, the right ones too, until the hold ends', async () => {
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect(await listBuckets(wrong(CAROL, i))).toBe('403 SignatureDoesNotMatch');
    const held = await send(
      '127.0.0.1',
      'GET',
      '/',
      sigV4Headers(t.store.port, { method: 'GET', path: '/', payloadHash: EMPTY_SHA256, creds: CAROL }),
    );
    expect([outcome(held), held.headers['retry-after']]).toEqual(['503 SlowDown', '60']);
    expect(held.body).toContain('<Error><Code>SlowDown</Code>');
    expect(await listBuckets(DAVE)).toBe('503 SlowDown');
    // Another client is not held back, whatever key it signs with.
    expect(await listBuckets(CAROL, OTHER_ADDRESS)).toBe('200');
    // Unsigned requests are not what the hold is about.
    expect(outcome(await send('127.0.0.1', 'GET', '/'))).toBe('403 AccessDenied');
    now += 59_000;
    expect(await listBuckets(CAROL)).toBe('503 SlowDown');
    now += 2_000;
    expect(await listBuckets(CAROL)).toBe('200');
  });

  it('never hold the root user back on this machine, nor count its failures', async () => {
    for (let i = 0; i < 3 * FAILURES_PER_ADDRESS; i++)
      expect(await listBuckets(wrong(ROOT, i))).toBe('403 SignatureDoesNotMatch');
    expect(await listBuckets(CAROL)).toBe('200');
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) await listBuckets(wrong(CAROL, i));
    expect(await listBuckets(CAROL)).toBe('503 SlowDown');
    expect(await listBuckets(ROOT)).toBe('200');
  });

  it('do not count unknown access keys: a revoked session is no guess, and must not hold its console back', async () => {
    // A console session's credentials, ended by a password change, used on and on.
    const session = await assumeRole({ endpoint: t.store.url, credentials: DAVE });
    await new MadminClient({ endpoint: t.store.url, credentials: ROOT }).users.add(
      'dave',
      'dave-secret-key-2',
    );
    const dead = () =>
      send(
        '127.0.0.1',
        'GET',
        '/',
        sigV4Headers(t.store.port, {
          method: 'GET',
          path: '/',
          payloadHash: EMPTY_SHA256,
          creds: session,
        }),
      );
    for (let i = 0; i < 3 * FAILURES_PER_ADDRESS; i++)
      expect(outcome(await dead())).toBe('403 InvalidAccessKeyId');
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect(await listBuckets({ accessKey: `nobody-${i}`, secretKey: 'some-secret' })).toBe(
        '403 InvalidAccessKeyId',
      );
    expect(await listBuckets(CAROL)).toBe('200');
    await new MadminClient({ endpoint: t.store.url, credentials: ROOT }).users.add('dave', DAVE.secretKey);
  });

  it('count presigned URLs, Signature V2 and POST forms alike', async () => {
    expect(await listBuckets(wrong(CAROL, 9))).toBe('403 SignatureDoesNotMatch');
    const presigned = presignUrl({
      method: 'GET',
      url: new URL(`${t.store.url}/forms`),
      creds: wrong(CAROL),
      region: 'us-east-1',
      expiresSeconds: 600,
    });
    expect(outcome(await send('127.0.0.1', 'GET', `${presigned.pathname}${presigned.search}`))).toBe(
      '403 SignatureDoesNotMatch',
    );
    const date = new Date().toUTCString();
    const v2 = createHmac('sha1', 'wrong-secret').update(`GET\n\n\n${date}\n/`).digest('base64');
    expect(
      outcome(await send('127.0.0.1', 'GET', '/', { date, authorization: `AWS ${CAROL.accessKey}:${v2}` })),
    ).toBe('403 SignatureDoesNotMatch');
    // With its region given, the client asks no GetBucketLocation (which would count as well).
    const minio = new MinioClient({
      endPoint: '127.0.0.1',
      port: t.store.port,
      useSSL: false,
      region: 'us-east-1',
      ...wrong(CAROL),
    });
    const policy = minio.newPostPolicy();
    policy.setBucket('forms');
    policy.setKey('guess.txt');
    policy.setExpires(new Date(Date.now() + 600_000));
    const post = await minio.presignedPostPolicy(policy);
    const { body, contentType } = form(post.formData as Record<string, string>, {
      name: 'guess.txt',
      data: Buffer.from('x'),
    });
    expect(outcome(await send('127.0.0.1', 'POST', '/forms', { 'content-type': contentType }, body))).toBe(
      '403 SignatureDoesNotMatch',
    );
    // Four failures of four kinds: the address is held.
    expect(await listBuckets(CAROL)).toBe('503 SlowDown');
  });

  it('count on the admin API too, which answers a held address with SlowDown and Retry-After', async () => {
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect(
        await code(new MadminClient({ endpoint: t.store.url, credentials: wrong(CAROL, i) }).users.list()),
      ).toBe('403 SignatureDoesNotMatch');
    const path = '/minio/admin/v3/list-users';
    const res = await send(
      '127.0.0.1',
      'GET',
      path,
      sigV4Headers(t.store.port, { method: 'GET', path, payloadHash: EMPTY_SHA256, creds: CAROL }),
    );
    expect([outcome(res), res.headers['retry-after']]).toEqual(['503 SlowDown', '60']);
  });

  it('share their count with STS logins from the same address', async () => {
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) await listBuckets(wrong(CAROL, i));
    expect(await code(assumeRole({ endpoint: t.store.url, credentials: DAVE }))).toBe('503 SlowDown');
  });
});
