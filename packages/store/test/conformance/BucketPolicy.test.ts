import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, rawRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const {
  CreateBucketCommand,
  DeleteBucketPolicyCommand,
  GetBucketPolicyCommand,
  GetBucketPolicyStatusCommand,
  PutBucketPolicyCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'pol' }));
});
afterAll(() => t.close());

const publicRead = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetObject'],
      Resource: ['arn:aws:s3:::pol/*'],
    },
  ],
});
const putPolicy = (Policy: string) => t.s3.send(new PutBucketPolicyCommand({ Bucket: 'pol', Policy }));

describe('Get/Put/DeleteBucketPolicy and GetBucketPolicyStatus', () => {
  it('NoSuchBucketPolicy until set (its status: not public); round-trips the JSON; delete removes it', async () => {
    await expect(t.s3.send(new GetBucketPolicyCommand({ Bucket: 'pol' }))).rejects.toMatchObject({
      name: 'NoSuchBucketPolicy',
      $metadata: { httpStatusCode: 404 },
    });
    // As MinIO answers, and s3-tests' get_bucket_policy_status expects.
    const none = await t.s3.send(new GetBucketPolicyStatusCommand({ Bucket: 'pol' }));
    expect(none.PolicyStatus?.IsPublic).toBe(false);
    expect((await putPolicy(publicRead)).$metadata.httpStatusCode).toBe(204);
    expect((await t.s3.send(new GetBucketPolicyCommand({ Bucket: 'pol' }))).Policy).toBe(publicRead);
    const status = await t.s3.send(new GetBucketPolicyStatusCommand({ Bucket: 'pol' }));
    expect(status.PolicyStatus?.IsPublic).toBe(true);
    await t.s3.send(new DeleteBucketPolicyCommand({ Bucket: 'pol' }));
    await expect(t.s3.send(new GetBucketPolicyCommand({ Bucket: 'pol' }))).rejects.toMatchObject({
      name: 'NoSuchBucketPolicy',
    });
  });

  it('a policy with conditions or named principals is not public', async () => {
    await putPolicy(
      JSON.stringify({
        Version: '2012-10-17',
        Statement: {
          Effect: 'Allow',
          Principal: { AWS: 'arn:aws:iam::123:user/x' },
          Action: 's3:GetObject',
          Resource: 'arn:aws:s3:::pol/*',
        },
      }),
    );
    const status = await t.s3.send(new GetBucketPolicyStatusCommand({ Bucket: 'pol' }));
    expect(status.PolicyStatus?.IsPublic).toBe(false);
  });

  it('MalformedPolicy: not JSON, no Version or Statement, foreign resources, over 20 KiB', async () => {
    const statement = {
      Effect: 'Allow',
      Principal: '*',
      Action: 's3:GetObject',
      Resource: 'arn:aws:s3:::pol/*',
    };
    for (const p of [
      'not json',
      JSON.stringify({ Statement: [statement] }),
      JSON.stringify({ Version: '2012-10-17' }),
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ ...statement, Resource: 'arn:aws:s3:::other/*' }],
      }),
      JSON.stringify({ Version: '2012-10-17', Statement: [{ ...statement, Effect: 'Maybe' }] }),
      JSON.stringify({ Version: '2012-10-17', Statement: [statement], Pad: 'x'.repeat(20 * 1024) }),
    ]) {
      await expect(putPolicy(p)).rejects.toMatchObject({
        name: 'MalformedPolicy',
        $metadata: { httpStatusCode: 400 },
      });
    }
  });

  it('works through the minio SDK', async () => {
    await t.minio.setBucketPolicy('pol', publicRead);
    expect(JSON.parse(await t.minio.getBucketPolicy('pol'))).toEqual(JSON.parse(publicRead));
  });
});

describe('Principal and NotPrincipal forms', () => {
  // Users with no IAM policy of their own: only the bucket policy lets them in.
  const users = { 'app-reader': 'app-reader-secret', stranger: 'stranger-secret-1' };
  const as = (user: keyof typeof users) => t.client({ accessKeyId: user, secretAccessKey: users[user] });
  const read = (client: s3sdk.S3Client) =>
    client.send(new s3sdk.GetObjectCommand({ Bucket: 'pol', Key: 'f' })).then(
      () => 'ok',
      (e: { name?: string }) => e.name,
    );
  const anonRead = async () => (await rawRequest(t.store.port, 'GET', '/pol/f')).status;
  const allowRead = (principal: object) =>
    putPolicy(
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', ...principal, Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::pol/*'] },
        ],
      }),
    );

  beforeAll(async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    for (const [user, secret] of Object.entries(users)) await admin.users.add(user, secret);
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'pol', Key: 'f', Body: 'x' }));
  });

  it('"*" and {"AWS": "*"} reach everyone, anonymous callers too', async () => {
    for (const principal of [
      { Principal: '*' },
      { Principal: { AWS: '*' } },
      { Principal: { AWS: ['*'] } },
    ]) {
      await allowRead(principal);
      expect([await read(as('stranger')), await anonRead()]).toEqual(['ok', 200]);
    }
  });

  it('a principal pattern matches as MinIO matches it: ARN or access key, with wildcards', async () => {
    // Every signed-in user (their ARNs all start so), never an anonymous caller.
    await allowRead({ Principal: { AWS: ['arn:aws:iam::*'] } });
    expect([await read(as('stranger')), await read(as('app-reader')), await anonRead()]).toEqual([
      'ok',
      'ok',
      403,
    ]);
    await allowRead({ Principal: { AWS: ['app-*'] } });
    expect([await read(as('stranger')), await read(as('app-reader'))]).toEqual(['AccessDenied', 'ok']);
    await allowRead({ Principal: { AWS: 'arn:aws:iam:::user/app-reader' } });
    expect([await read(as('stranger')), await read(as('app-reader'))]).toEqual(['AccessDenied', 'ok']);
  });

  it('NotPrincipal with a pattern denies everyone else, anonymous callers included; an Allow cannot use it', async () => {
    await putPolicy(
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::pol/*'] },
          {
            Effect: 'Deny',
            NotPrincipal: { AWS: ['arn:aws:iam:::user/app-*'] },
            Action: ['s3:GetObject'],
            Resource: ['arn:aws:s3:::pol/*'],
          },
        ],
      }),
    );
    expect([await read(as('stranger')), await read(as('app-reader')), await anonRead()]).toEqual([
      'AccessDenied',
      'ok',
      403,
    ]);
    // As AWS refuses it (s3-tests' bucket_policy_allow_notprincipal).
    await expect(allowRead({ NotPrincipal: { AWS: ['arn:aws:iam:::user/app-*'] } })).rejects.toMatchObject({
      name: 'MalformedPolicy',
      $metadata: { httpStatusCode: 400 },
    });
  });
});

describe('a read refused names a missing key to whoever may list it', () => {
  // s3-tests' head_object_404_with_policy_prefix: ListBucket under public/ only, no GetObject.
  const lister = { accessKeyId: 'prefix-lister', secretAccessKey: 'prefix-lister-secret' };
  beforeAll(async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await admin.users.add(lister.accessKeyId, lister.secretAccessKey);
    await t.s3.send(new CreateBucketCommand({ Bucket: 'listed' }));
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'listed', Key: 'public/here', Body: 'x' }));
    await t.s3.send(
      new PutBucketPolicyCommand({
        Bucket: 'listed',
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { AWS: '*' },
              Action: 's3:ListBucket',
              Resource: 'arn:aws:s3:::listed',
              Condition: { StringLike: { 's3:prefix': 'public/*' } },
            },
          ],
        }),
      }),
    );
  });

  it('404 for a missing key under the listable prefix, 403 elsewhere and for a key that exists', async () => {
    const client = t.client(lister);
    const head = (Key: string) =>
      client.send(new s3sdk.HeadObjectCommand({ Bucket: 'listed', Key })).then(
        () => 200,
        (e: { $metadata?: { httpStatusCode?: number } }) => e.$metadata?.httpStatusCode,
      );
    expect(await head('public/missing')).toBe(404);
    expect(await head('private/missing')).toBe(403);
    expect(await head('public/here')).toBe(403);
    await expect(
      client.send(new s3sdk.GetObjectCommand({ Bucket: 'listed', Key: 'public/missing' })),
    ).rejects.toMatchObject({ name: 'NoSuchKey' });
    // Anonymous callers the same.
    expect((await rawRequest(t.store.port, 'GET', '/listed/public/missing')).status).toBe(404);
    expect((await rawRequest(t.store.port, 'GET', '/listed/private/missing')).status).toBe(403);
  });
});

describe('NotAction, NotResource and Version', () => {
  const anon = async (method: string, path: string, body?: string) =>
    (
      await rawRequest(
        t.store.port,
        method,
        path,
        body === undefined ? {} : { 'content-length': String(body.length) },
        body,
      )
    ).status;
  const policyOf = (version: string | undefined, ...Statement: object[]) =>
    JSON.stringify({ ...(version ? { Version: version } : {}), Statement });

  it('NotAction allows every other object action; NotResource denies outside a prefix', async () => {
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'pol', Key: 'public/p', Body: 'p' }));
    await putPolicy(
      policyOf(
        '2012-10-17',
        {
          Effect: 'Allow',
          Principal: '*',
          NotAction: ['s3:DeleteObject', 's3:PutObjectTagging'],
          Resource: ['arn:aws:s3:::pol/*'],
        },
        {
          Effect: 'Deny',
          Principal: '*',
          Action: ['s3:GetObject'],
          NotResource: ['arn:aws:s3:::pol/public/*'],
        },
      ),
    );
    expect(await anon('GET', '/pol/public/p')).toBe(200);
    expect(await anon('GET', '/pol/f')).toBe(403);
    expect(await anon('PUT', '/pol/public/new', 'n')).toBe(200);
    expect(await anon('DELETE', '/pol/public/new')).toBe(403);
  });

  it('2008-10-17 is accepted (variables are literal text there); other versions are MalformedPolicy', async () => {
    const statement = {
      Effect: 'Allow',
      Principal: '*',
      Action: 's3:GetObject',
      Resource: 'arn:aws:s3:::pol/*',
    };
    await putPolicy(policyOf('2008-10-17', statement));
    expect(await anon('GET', '/pol/f')).toBe(200);
    for (const version of ['2012-10-18', '', undefined])
      await expect(putPolicy(policyOf(version, statement))).rejects.toMatchObject({
        name: 'MalformedPolicy',
      });
  });
});
