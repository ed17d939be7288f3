import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRole, MadminClient, MadminError } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What IAM lets a signed request do on the S3 side: identity policies (the user's and its
// enabled groups'), bucket policies, explicit denies, and the narrowing of service accounts
// and session policies; disabled users are locked out at once.

const {
  GetObjectCommand,
  ListBucketsCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  DeleteObjectCommand,
} = s3sdk;

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  for (const bucket of ['data', 'other']) {
    await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: bucket }));
    await t.s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'public/a.txt', Body: 'a' }));
    await t.s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'secret/b.txt', Body: 'b' }));
  }
});
afterAll(() => t.close());

const as = (accessKeyId: string, secretAccessKey: string, sessionToken?: string) =>
  t.client({ accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) });

/** 'ok' or the S3 error code. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { name?: string; Code?: string }) => e.Code ?? e.name ?? String(e),
  );

const get = (c: s3sdk.S3Client, bucket: string, key: string) =>
  outcome(
    c.send(new GetObjectCommand({ Bucket: bucket, Key: key })).then((r) => r.Body?.transformToString()),
  );
const put = (c: s3sdk.S3Client, bucket: string, key: string) =>
  outcome(c.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'x' })));

describe('IAM enforcement on S3 requests', () => {
  it('a user without policies may do nothing; readonly may read but not write', async () => {
    await admin.users.add('reader', 'reader-secret-1');
    const reader = as('reader', 'reader-secret-1');
    expect(await get(reader, 'data', 'public/a.txt')).toBe('AccessDenied');
    await admin.policies.set(['readonly'], 'reader', false);
    expect(await get(reader, 'data', 'public/a.txt')).toBe('ok');
    expect(await put(reader, 'data', 'new.txt')).toBe('AccessDenied');
    expect(await outcome(reader.send(new DeleteObjectCommand({ Bucket: 'data', Key: 'public/a.txt' })))).toBe(
      'AccessDenied',
    );
  });

  it('an explicit deny on a prefix beats an allow', async () => {
    await admin.policies.add('no-secrets', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::data', 'arn:aws:s3:::data/*'] },
        { Effect: 'Deny', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::data/secret/*'] },
      ],
    });
    await admin.users.add('worker', 'worker-secret-1');
    await admin.policies.set(['no-secrets', 'readwrite'], 'worker', false);
    const worker = as('worker', 'worker-secret-1');
    expect(await get(worker, 'data', 'public/a.txt')).toBe('ok');
    expect(await get(worker, 'data', 'secret/b.txt')).toBe('AccessDenied');
    // readwrite allows the other bucket's secrets: the deny names data/ only.
    expect(await get(worker, 'other', 'secret/b.txt')).toBe('ok');
  });

  it('tags and object lock set on a PUT need their own actions, as S3 asks', async () => {
    await admin.policies.add('put-only', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:PutObject', 's3:GetObject'], Resource: ['arn:aws:s3:::data/*'] },
      ],
    });
    await admin.users.add('putter', 'putter-secret-1');
    await admin.policies.set(['put-only'], 'putter', false);
    const putter = as('putter', 'putter-secret-1');
    const send = (extra: Partial<s3sdk.PutObjectCommandInput>) =>
      outcome(putter.send(new PutObjectCommand({ Bucket: 'data', Key: 'extras.txt', Body: 'x', ...extra })));
    expect(await send({})).toBe('ok');
    expect(await send({ Tagging: 'team=a' })).toBe('AccessDenied');
    expect(await send({ ObjectLockLegalHoldStatus: 'ON' })).toBe('AccessDenied');
    expect(
      await send({
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: new Date(Date.now() + 86_400_000),
      }),
    ).toBe('AccessDenied');
  });

  it('conditions on object tags and on request headers hold (s3:ExistingObjectTag, s3:x-amz-server-side-encryption)', async () => {
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'data', Key: 'tagged/secret.txt', Body: 's', Tagging: 'class=secret' }),
    );
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'data', Key: 'tagged/open.txt', Body: 'o', Tagging: 'class=open' }),
    );
    await admin.policies.add('no-secret-tags', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: ['arn:aws:s3:::data/*'] },
        {
          Effect: 'Deny',
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::data/*'],
          Condition: { StringEquals: { 's3:ExistingObjectTag/class': 'secret' } },
        },
        {
          Effect: 'Deny',
          Action: ['s3:PutObject'],
          Resource: ['arn:aws:s3:::data/*'],
          Condition: { StringNotEquals: { 's3:x-amz-server-side-encryption': 'AES256' } },
        },
      ],
    });
    await admin.users.add('tagged', 'tagged-secret-1');
    await admin.policies.set(['no-secret-tags'], 'tagged', false);
    const user = as('tagged', 'tagged-secret-1');
    expect(await get(user, 'data', 'tagged/open.txt')).toBe('ok');
    expect(await get(user, 'data', 'tagged/secret.txt')).toBe('AccessDenied');
    const upload = (extra: Partial<s3sdk.PutObjectCommandInput>) =>
      outcome(
        user.send(new PutObjectCommand({ Bucket: 'data', Key: 'tagged/new.txt', Body: 'n', ...extra })),
      );
    expect(await upload({})).toBe('AccessDenied');
    expect(await upload({ ServerSideEncryption: 'AES256' })).toBe('ok');
  });

  it("one version's tags need the version tagging actions", async () => {
    await admin.policies.add('tags-latest', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObjectTagging'], Resource: ['arn:aws:s3:::data/*'] }],
    });
    await admin.users.add('tagreader', 'tagreader-secret-1');
    await admin.policies.set(['tags-latest'], 'tagreader', false);
    const user = as('tagreader', 'tagreader-secret-1');
    const tags = (VersionId?: string) =>
      outcome(
        user.send(new s3sdk.GetObjectTaggingCommand({ Bucket: 'data', Key: 'public/a.txt', VersionId })),
      );
    expect(await tags()).toBe('ok');
    expect(await tags('null')).toBe('AccessDenied');
  });

  it('lists only the buckets a bucket-scoped user can see', async () => {
    await admin.users.add('scoped', 'scoped-secret-1');
    await admin.policies.add('data-only', {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:ListBucket', 's3:GetObject'], Resource: ['arn:aws:s3:::data*'] },
      ],
    });
    await admin.policies.set(['data-only'], 'scoped', false);
    const listed = await as('scoped', 'scoped-secret-1').send(new ListBucketsCommand({}));
    expect(listed.Buckets?.map((b) => b.Name)).toEqual(['data']);
    const info = await new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'scoped', secretKey: 'scoped-secret-1' },
    }).accountInfo();
    expect(info.AccountName).toBe('scoped');
    expect(info.Buckets.map((b) => [b.name, b.access])).toEqual([['data', { read: true, write: false }]]);
    expect(info.Policy.Statement).toEqual([
      { Effect: 'Allow', Action: ['s3:ListBucket', 's3:GetObject'], Resource: ['arn:aws:s3:::data*'] },
    ]);
  });

  it('group policies apply while the group is enabled', async () => {
    await admin.users.add('member', 'member-secret-1');
    await admin.groups.updateMembers({ group: 'writers', members: ['member'], isRemove: false });
    await admin.policies.set(['readwrite'], 'writers', true);
    const member = as('member', 'member-secret-1');
    expect(await put(member, 'data', 'by-member.txt')).toBe('ok');
    await admin.groups.setStatus('writers', 'disabled');
    expect(await put(member, 'data', 'by-member.txt')).toBe('AccessDenied');
  });

  it("a service account's embedded policy narrows its parent's rights", async () => {
    await admin.users.add('owner', 'owner-secret-1');
    await admin.policies.set(['readwrite'], 'owner', false);
    const owner = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'owner', secretKey: 'owner-secret-1' },
    });
    const narrow = await owner.serviceAccounts.add({
      policy: {
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Action: ['s3:GetObject', 's3:PutObject'],
            Resource: ['arn:aws:s3:::data/public/*'],
          },
        ],
      },
    });
    const wide = await owner.serviceAccounts.add({
      accessKey: 'owner-wide-key',
      secretKey: 'owner-wide-secret',
    });
    const n = as(narrow.accessKey, narrow.secretKey);
    expect(await get(n, 'data', 'public/a.txt')).toBe('ok');
    expect(await put(n, 'data', 'public/n.txt')).toBe('ok');
    expect(await get(n, 'data', 'secret/b.txt')).toBe('AccessDenied');
    expect(await get(n, 'other', 'public/a.txt')).toBe('AccessDenied');
    expect(await get(as(wide.accessKey, wide.secretKey), 'other', 'secret/b.txt')).toBe('ok');
    // ...and never widens them: the parent losing a right takes it from the account.
    await admin.policies.set(['readonly'], 'owner', false);
    expect(await put(n, 'data', 'public/n2.txt')).toBe('AccessDenied');
  });

  it('a session policy narrows temporary credentials of a user', async () => {
    const temp = await assumeRole({
      endpoint: t.store.url,
      credentials: { accessKey: 'worker', secretKey: 'worker-secret-1' },
      policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::other/*'] }],
      }),
    });
    const c = as(temp.accessKey, temp.secretKey, temp.sessionToken);
    const described = await admin.users.temporaryAccountInfo(temp.accessKey);
    expect(described).toMatchObject({ parentUser: 'worker', accountStatus: 'on', impliedPolicy: false });
    expect(JSON.parse(described.policy).Statement[0].Resource).toEqual(['arn:aws:s3:::other/*']);
    expect(await get(c, 'other', 'public/a.txt')).toBe('ok');
    expect(await get(c, 'data', 'public/a.txt')).toBe('AccessDenied');
    expect(await put(c, 'other', 'x.txt')).toBe('AccessDenied');
  });

  it('a bucket policy can grant a user what its own policies do not', async () => {
    await admin.users.add('guest', 'guest-secret-1');
    const guest = as('guest', 'guest-secret-1');
    expect(await get(guest, 'other', 'public/a.txt')).toBe('AccessDenied');
    await t.s3.send(
      new PutBucketPolicyCommand({
        Bucket: 'other',
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { AWS: ['guest'] },
              Action: ['s3:GetObject'],
              Resource: ['arn:aws:s3:::other/public/*'],
            },
          ],
        }),
      }),
    );
    expect(await get(guest, 'other', 'public/a.txt')).toBe('ok');
    expect(await get(guest, 'other', 'secret/b.txt')).toBe('AccessDenied');
  });

  it("a disabled user's requests, and its derived credentials', fail at once", async () => {
    const worker = as('worker', 'worker-secret-1');
    const temp = await assumeRole({
      endpoint: t.store.url,
      credentials: { accessKey: 'worker', secretKey: 'worker-secret-1' },
    });
    const workerAdmin = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'worker', secretKey: 'worker-secret-1' },
    });
    const key = await workerAdmin.serviceAccounts.add({});
    expect(await get(worker, 'data', 'public/a.txt')).toBe('ok');
    await admin.users.setStatus('worker', 'disabled');
    expect(await get(worker, 'data', 'public/a.txt')).toBe('InvalidAccessKeyId');
    expect(await get(as(temp.accessKey, temp.secretKey, temp.sessionToken), 'data', 'public/a.txt')).toBe(
      'InvalidAccessKeyId',
    );
    expect(await get(as(key.accessKey, key.secretKey), 'data', 'public/a.txt')).toBe('InvalidAccessKeyId');
    await admin.users.setStatus('worker', 'enabled');
    expect(await get(as(key.accessKey, key.secretKey), 'data', 'public/a.txt')).toBe('ok');
  });

  it('admin calls need admin actions: readonly users get AccessDenied', async () => {
    const reader = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'reader', secretKey: 'reader-secret-1' },
    });
    const denied = await reader.users.add('mallory', 'mallory-secret').catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(MadminError);
    expect((denied as MadminError).code).toBe('AccessDenied');
    await admin.users.add('helper', 'helper-secret-1');
    await admin.policies.set(['consoleAdmin'], 'helper', false);
    const helper = new MadminClient({
      endpoint: t.store.url,
      credentials: { accessKey: 'helper', secretKey: 'helper-secret-1' },
    });
    await helper.users.add('mallory', 'mallory-secret');
    expect(Object.keys(await helper.users.list())).toContain('mallory');
  });
});
