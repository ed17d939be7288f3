import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import {
  ROOT,
  signedRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Requests that reach an object another way than its own GET or DELETE are judged as that
// GET or DELETE would be: a version deleted in a DeleteObjects batch, a version copied from,
// a copy source spelt with a leading slash; and a bucket made locked needs the lock's rights.

const {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} = s3sdk;

/** "<status> <code>" of a refused S3 call, "resolved" when it worked. */
const code = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'resolved',
    (e: { name: string; $metadata?: { httpStatusCode?: number } }) =>
      `${e.$metadata?.httpStatusCode} ${e.name}`,
  );

let t: TestStore;
let admin: MadminClient;
const USER = { accessKey: 'vuser', secretKey: 'vuser-secret-123' };
let user: s3sdk.S3Client;
let keep = '';
let golden = '';

beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'vers' }));
  await t.s3.send(
    new PutBucketVersioningCommand({ Bucket: 'vers', VersioningConfiguration: { Status: 'Enabled' } }),
  );
  golden = (await t.s3.send(new PutObjectCommand({ Bucket: 'vers', Key: 'doc', Body: 'golden' }))).VersionId!;
  keep = (
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'vers', Key: 'doc', Body: 'kept', Tagging: 'protected=true' }),
    )
  ).VersionId!;
  await t.s3.send(new PutObjectCommand({ Bucket: 'vers', Key: 'doc', Body: 'latest' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'vers', Key: 'secret/s.txt', Body: 'secret' }));
  await admin.users.add(USER.accessKey, USER.secretKey);
  const statements = [
    {
      Effect: 'Allow',
      Action: ['s3:*'],
      Resource: ['arn:aws:s3:::*'],
    },
    // The golden version may be neither read nor deleted; nor any version tagged protected.
    {
      Effect: 'Deny',
      Action: ['s3:GetObjectVersion', 's3:DeleteObjectVersion'],
      Resource: ['arn:aws:s3:::vers/doc'],
      Condition: { StringEquals: { 's3:versionid': golden } },
    },
    {
      Effect: 'Deny',
      Action: ['s3:DeleteObjectVersion', 's3:GetObjectVersion'],
      Resource: ['arn:aws:s3:::vers/*'],
      Condition: { StringEquals: { 's3:ExistingObjectTag/protected': 'true' } },
    },
    // Nothing under secret/ may be a copy's source, and no bucket may be locked.
    {
      Effect: 'Deny',
      Action: ['s3:PutObject'],
      Resource: ['arn:aws:s3:::*'],
      Condition: { StringLike: { 's3:x-amz-copy-source': 'vers/secret/*' } },
    },
    { Effect: 'Deny', Action: ['s3:PutBucketObjectLockConfiguration'], Resource: ['arn:aws:s3:::*'] },
  ];
  await admin.policies.add(
    'versions-guarded',
    JSON.stringify({ Version: '2012-10-17', Statement: statements }),
  );
  await admin.policies.set(['versions-guarded'], USER.accessKey, false);
  user = t.client({ accessKeyId: USER.accessKey, secretAccessKey: USER.secretKey });
});
afterAll(() => t.close());

describe('versions reached another way', () => {
  it('DeleteObjects judges each version as DeleteObject would: s3:versionid and its tags', async () => {
    for (const VersionId of [golden, keep]) {
      expect(await code(user.send(new DeleteObjectCommand({ Bucket: 'vers', Key: 'doc', VersionId })))).toBe(
        '403 AccessDenied',
      );
      const batch = await user.send(
        new DeleteObjectsCommand({ Bucket: 'vers', Delete: { Objects: [{ Key: 'doc', VersionId }] } }),
      );
      expect([batch.Deleted ?? [], batch.Errors?.map((e) => e.Code)]).toEqual([[], ['AccessDenied']]);
    }
    const still = await t.s3.send(new GetObjectCommand({ Bucket: 'vers', Key: 'doc', VersionId: golden }));
    expect(await still.Body?.transformToString()).toBe('golden');
  });

  it('a copy reads its source version as GetObject would', async () => {
    for (const VersionId of [golden, keep]) {
      expect(await code(user.send(new GetObjectCommand({ Bucket: 'vers', Key: 'doc', VersionId })))).toBe(
        '403 AccessDenied',
      );
      expect(
        await code(
          user.send(
            new CopyObjectCommand({
              Bucket: 'vers',
              Key: 'loot',
              CopySource: `vers/doc?versionId=${VersionId}`,
            }),
          ),
        ),
      ).toBe('403 AccessDenied');
    }
    // The latest version is neither golden nor protected: copying it is allowed.
    await user.send(new CopyObjectCommand({ Bucket: 'vers', Key: 'copy-of-latest', CopySource: 'vers/doc' }));
  });

  it('a copy source is the same source with or without a leading slash', async () => {
    for (const source of ['vers/secret/s.txt', '/vers/secret/s.txt', '/vers%2Fsecret%2Fs.txt']) {
      const res = await signedRequest(t.store.port, {
        method: 'PUT',
        path: '/vers/loot2',
        creds: USER,
        headers: { 'x-amz-copy-source': source },
      });
      expect([source, res.status, xmlCode(res.body)]).toEqual([source, 403, 'AccessDenied']);
    }
  });
});

describe('buckets', () => {
  it('a bucket made with object lock needs the rights to lock it', async () => {
    expect(
      await code(user.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }))),
    ).toBe('403 AccessDenied');
    await user.send(new CreateBucketCommand({ Bucket: 'unlocked' }));
  });

  it('DeleteObjects names a missing bucket to any caller, as S3 (s3-tests *_bucket_gone)', async () => {
    const nobody = { accessKey: 'nobody', secretKey: 'nobody-secret-1' };
    await admin.users.add(nobody.accessKey, nobody.secretKey);
    const body = '<Delete><Object><Key>k</Key></Object></Delete>';
    const ask = (creds?: typeof nobody) =>
      signedRequest(t.store.port, {
        method: 'POST',
        path: '/no-such-bucket?delete',
        body,
        headers: { 'content-md5': '5DKh5iefM5MSKvRILIuFwQ==' },
        ...(creds ? { creds } : {}),
      });
    expect(xmlCode((await ask(nobody)).body)).toBe('NoSuchBucket');
    expect(xmlCode((await ask()).body)).toBe('NoSuchBucket');
    // A bucket that exists still refuses the caller without rights.
    await t.s3.send(new CreateBucketCommand({ Bucket: 'delete-here' }));
    const there = await signedRequest(t.store.port, {
      method: 'POST',
      path: '/delete-here?delete',
      body,
      headers: { 'content-md5': '5DKh5iefM5MSKvRILIuFwQ==' },
      creds: nobody,
    });
    expect(xmlCode(there.body)).toBe('AccessDenied');
  });
});
