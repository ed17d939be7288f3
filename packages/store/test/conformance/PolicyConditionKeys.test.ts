import { createHmac } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, type PolicyDocument } from '@stowage/madmin';
import {
  ROOT,
  rawRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { Client as MinioClient } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';

// The condition keys requests supply to bucket and identity policies, as AWS and MinIO fill
// them: the tags a write sets, how it was signed, the listing parameters as sent; and the
// keys a policy may name at all.

const {
  CreateBucketCommand,
  GetObjectCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  ListObjectsV2Command,
} = s3sdk;

let t: TestStore;
let admin: MadminClient;
const USER = { accessKey: 'keyuser', secretKey: 'keyuser-secret-1' };

beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  for (const Bucket of ['tags', 'signed', 'lists', 'open'])
    await t.s3.send(new CreateBucketCommand({ Bucket }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'signed', Key: 'k', Body: 'signed body' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'lists', Key: 'docs/a', Body: 'a' }));
  await admin.users.add(USER.accessKey, USER.secretKey);
  await admin.policies.set(['readwrite'], USER.accessKey, false);
});
afterAll(() => t.close());

const policy = (bucket: string, ...statements: object[]) =>
  t.s3.send(
    new PutBucketPolicyCommand({
      Bucket: bucket,
      Policy: JSON.stringify({ Version: '2012-10-17', Statement: statements }),
    }),
  );
const anyone = (effect: 'Allow' | 'Deny', actions: string[], resource: string, condition?: object) => ({
  Effect: effect,
  Principal: '*',
  Action: actions,
  Resource: [resource],
  ...(condition ? { Condition: condition } : {}),
});
/** keyuser's client, whose IAM policy (readwrite) allows every write: bucket policies narrow it. */
const asUser = () => t.client({ accessKeyId: USER.accessKey, secretAccessKey: USER.secretKey });
/** 'ok', or the S3 error code a call failed with. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { name?: string }) => e.name ?? String(e),
  );
const anon = (method: string, path: string, body = '', headers: Record<string, string> = {}) =>
  rawRequest(
    t.store.port,
    method,
    path,
    { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    body,
  );

describe('condition keys policies may name', () => {
  it('a key no request supplies is refused when the policy is stored, not ignored later', async () => {
    for (const key of ['s3:fooBar', 'aws:SourceIpAddress', 's3:ExistingObjectTag/', 'jwt:favourite'])
      await expect(
        policy(
          'open',
          anyone('Deny', ['s3:GetObject'], 'arn:aws:s3:::open/*', { StringEquals: { [key]: 'x' } }),
        ),
      ).rejects.toMatchObject({ name: 'MalformedPolicy' });
    const unknown: PolicyDocument = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Deny',
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::*'],
          Condition: { IpAddress: { 'aws:SourceIpAddress': '0.0.0.0/0' } },
        },
      ],
    };
    expect(await code(admin.policies.add('typo', unknown))).toBe('400 XMinioMalformedIAMPolicy');
    // Keys are matched without regard to case, as AWS does.
    await policy(
      'open',
      anyone('Allow', ['s3:GetObject'], 'arn:aws:s3:::open/*', { Bool: { 'AWS:SecureTransport': 'false' } }),
    );
  });
});

describe('s3:RequestObjectTag and s3:RequestObjectTagKeys', () => {
  it('hold the tags a PUT sets in x-amz-tagging, and those PutObjectTagging sets', async () => {
    await policy(
      'tags',
      anyone('Allow', ['s3:PutObject', 's3:PutObjectTagging'], 'arn:aws:s3:::tags/*', {
        'ForAllValues:StringEquals': { 's3:RequestObjectTagKeys': ['cls', 'team'] },
      }),
      anyone('Deny', ['s3:PutObject', 's3:PutObjectTagging'], 'arn:aws:s3:::tags/*', {
        StringEquals: { 's3:RequestObjectTag/cls': 'secret' },
      }),
    );
    const put = (key: string, tagging: string) =>
      anon('PUT', `/tags/${key}`, 'x', { 'x-amz-tagging': tagging });
    expect((await put('ok', 'cls=public&team=a')).status).toBe(200);
    expect((await put('denied', 'cls=secret')).status).toBe(403);
    expect((await put('other-key', 'project=y')).status).toBe(403);
    const tagging = (value: string) =>
      `<Tagging><TagSet><Tag><Key>cls</Key><Value>${value}</Value></Tag></TagSet></Tagging>`;
    expect((await anon('PUT', '/tags/ok?tagging', tagging('public'))).status).toBe(200);
    const refused = await anon('PUT', '/tags/ok?tagging', tagging('secret'));
    expect([refused.status, xmlCode(refused.body)]).toEqual([403, 'AccessDenied']);
    const tags = await t.s3.send(new s3sdk.GetObjectTaggingCommand({ Bucket: 'tags', Key: 'ok' }));
    expect(tags.TagSet).toEqual([{ Key: 'cls', Value: 'public' }]);
  });
});

describe('tag keys in condition keys', () => {
  it('are case-sensitive, as S3 tag keys are (the key name before the slash is not)', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'tagcase' }));
    await policy(
      'tagcase',
      anyone('Allow', ['s3:PutObject', 's3:PutObjectTagging'], 'arn:aws:s3:::tagcase/*', {
        StringEquals: { 'S3:requestObjectTag/Env': 'prod' },
      }),
    );
    const put = (tagging: string) => anon('PUT', '/tagcase/k', 'x', { 'x-amz-tagging': tagging });
    expect((await put('Env=prod')).status).toBe(200);
    // Another tag, "env", cannot stand in for "Env".
    expect((await put('Env=dev&env=prod')).status).toBe(403);
    expect((await put('env=prod')).status).toBe(403);
  });
});

describe('PutObjectTagging and the tags it sets', () => {
  it("the body's tags are the request's tags; an x-amz-tagging header beside it adds none", async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'tags2' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'tags2', Key: 'k', Body: 'x' }));
    await policy(
      'tags2',
      anyone('Allow', ['s3:PutObjectTagging'], 'arn:aws:s3:::tags2/*', {
        StringEquals: { 's3:RequestObjectTag/Project': 'A' },
      }),
    );
    const body = (key: string, value: string) =>
      `<Tagging><TagSet><Tag><Key>${key}</Key><Value>${value}</Value></Tag></TagSet></Tagging>`;
    expect(
      (await anon('PUT', '/tags2/k?tagging', body('Owner', 'x'), { 'x-amz-tagging': 'Project=A' })).status,
    ).toBe(403);
    expect((await anon('PUT', '/tags2/k?tagging', body('Project', 'A'))).status).toBe(200);
  });

  it('an anonymous caller no bucket policy admits is refused before its body is read', async () => {
    const res = await anon('PUT', '/signed/k?tagging', '<not xml');
    expect([res.status, xmlCode(res.body)]).toEqual([403, 'AccessDenied']);
  });
});

describe('s3:authType, s3:signatureAge and s3:signatureversion', () => {
  const presign = (requestDate?: Date) =>
    new MinioClient({
      endPoint: '127.0.0.1',
      port: t.store.port,
      useSSL: false,
      accessKey: USER.accessKey,
      secretKey: USER.secretKey,
      region: 'us-east-1',
    }).presignedGetObject('signed', 'k', 600, {}, requestDate);
  const fetchStatus = async (url: string) => (await fetch(url)).status;
  const userGet = () =>
    code(
      asUser()
        .send(new GetObjectCommand({ Bucket: 'signed', Key: 'k' }))
        .then(() => undefined),
    ).then((c) => (c === 'resolved' ? 'ok' : c));

  it('a presigned URL can be refused by how it is signed, and by its age', async () => {
    await policy(
      'signed',
      anyone('Deny', ['s3:GetObject'], 'arn:aws:s3:::signed/*', {
        StringEquals: { 's3:authType': 'REST-QUERY-STRING' },
      }),
    );
    expect(await fetchStatus(await presign())).toBe(403);
    expect(await userGet()).toBe('ok');
    await policy(
      'signed',
      anyone('Deny', ['s3:GetObject'], 'arn:aws:s3:::signed/*', {
        NumericGreaterThan: { 's3:signatureAge': '60000' },
      }),
    );
    expect(await fetchStatus(await presign(new Date(Date.now() - 120_000)))).toBe(403);
    expect(await fetchStatus(await presign())).toBe(200);
    // A Signature V2 URL states no signing time: it has no age, and an Allow on a young age
    // (below) never holds for it, however far off its expiry is (up to the week allowed).
    const v2url = (expires: number) => {
      const sig = createHmac('sha1', USER.secretKey)
        .update(`GET\n\n\n${expires}\n/signed/k`)
        .digest('base64');
      return `${t.store.url}/signed/k?AWSAccessKeyId=${USER.accessKey}&Expires=${expires}&Signature=${encodeURIComponent(sig)}`;
    };
    const inSixDays = Math.floor(Date.now() / 1000) + 6 * 86400;
    expect(await fetchStatus(v2url(inSixDays))).toBe(200);
    await policy('signed', {
      ...anyone('Deny', ['s3:GetObject'], 'arn:aws:s3:::signed/*', {
        Null: { 's3:signatureAge': 'true' },
      }),
    });
    expect(await fetchStatus(v2url(inSixDays))).toBe(403);
    expect(await fetchStatus(await presign())).toBe(200);
    await policy(
      'signed',
      anyone('Deny', ['s3:GetObject'], 'arn:aws:s3:::signed/*', {
        StringNotEquals: { 's3:signatureversion': 'AWS4-HMAC-SHA256' },
      }),
    );
    expect(await userGet()).toBe('ok');
    // The payload hash the signature covers: UNSIGNED-PAYLOAD for a presigned URL, whatever
    // header it carries.
    await policy(
      'signed',
      anyone('Deny', ['s3:GetObject'], 'arn:aws:s3:::signed/*', {
        StringEquals: { 's3:x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      }),
    );
    const url = await presign();
    expect(
      (
        await fetch(url, {
          headers: {
            'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
          },
        })
      ).status,
    ).toBe(403);
    expect(await userGet()).toBe('ok');
  });
});

describe('listing keys are present only when sent', () => {
  it('Null tells a listing without a prefix; max-keys is compared as sent', async () => {
    await policy(
      'lists',
      anyone('Allow', ['s3:ListBucket'], 'arn:aws:s3:::lists'),
      anyone('Deny', ['s3:ListBucket'], 'arn:aws:s3:::lists', { Null: { 's3:prefix': 'true' } }),
      anyone('Deny', ['s3:ListBucket'], 'arn:aws:s3:::lists', {
        NumericGreaterThan: { 's3:max-keys': '1000' },
      }),
    );
    expect((await anon('GET', '/lists?list-type=2')).status).toBe(403);
    expect((await anon('GET', '/lists?list-type=2&prefix=')).status).toBe(200);
    const listed = await anon('GET', '/lists?list-type=2&prefix=docs/');
    expect([listed.status, listed.body.includes('<Key>docs/a</Key>')]).toEqual([200, true]);
    expect((await anon('GET', '/lists?list-type=2&prefix=docs/&max-keys=5000')).status).toBe(403);
    expect((await anon('GET', '/lists?list-type=2&prefix=docs/&max-keys=10')).status).toBe(200);
    // Root is not judged by the bucket policy.
    expect((await t.s3.send(new ListObjectsV2Command({ Bucket: 'lists' }))).KeyCount).toBe(1);
  });
});

describe('the bucket policy itself', () => {
  it('is managed by the owner only, even when the policy grants s3:* to everyone', async () => {
    await policy(
      'open',
      anyone('Allow', ['s3:*'], 'arn:aws:s3:::open'),
      anyone('Allow', ['s3:*'], 'arn:aws:s3:::open/*'),
    );
    expect((await anon('PUT', '/open/file', 'x')).status).toBe(200);
    const grab = JSON.stringify({
      Version: '2012-10-17',
      Statement: [anyone('Deny', ['s3:*'], 'arn:aws:s3:::open/*')],
    });
    for (const [method, body] of [
      ['GET', ''],
      ['PUT', grab],
      ['DELETE', ''],
    ] as const) {
      const res = await anon(method, '/open?policy', body);
      expect([method, res.status, xmlCode(res.body)]).toEqual([method, 403, 'AccessDenied']);
    }
    expect((await anon('GET', '/open/file')).status).toBe(200);
  });
});

describe('the condition keys AWS defines for PutObject', () => {
  const deny = (condition: object) =>
    policy('puts', anyone('Deny', ['s3:PutObject'], 'arn:aws:s3:::puts/*', condition));
  const put = (Key: string, extra: Partial<s3sdk.PutObjectCommandInput> = {}) =>
    outcome(asUser().send(new PutObjectCommand({ Bucket: 'puts', Key, Body: 'x', ...extra })));
  const copy = (Key: string, CopySource: string, extra: Partial<s3sdk.CopyObjectCommandInput> = {}) =>
    outcome(asUser().send(new s3sdk.CopyObjectCommand({ Bucket: 'puts', Key, CopySource, ...extra })));

  beforeAll(async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'puts' }));
    for (const Key of ['public/a', 'secret/b'])
      await t.s3.send(new PutObjectCommand({ Bucket: 'puts', Key, Body: Key }));
  });

  it('s3:x-amz-grant-full-control (and the other grant headers) is accepted and enforced', async () => {
    await deny({ StringNotEqualsIfExists: { 's3:x-amz-grant-full-control': 'id=owner' } });
    expect(await put('g1', { GrantFullControl: 'id=stranger' })).toBe('AccessDenied');
    expect(await put('g2', { GrantFullControl: 'id=owner' })).toBe('ok');
    // AWS: a key the request lacks makes an …IfExists condition true, so the Deny holds.
    expect(await put('g3')).toBe('AccessDenied');
    await deny({ Null: { 's3:x-amz-grant-read': 'false' } });
    expect(await put('g4', { GrantRead: 'uri="http://acs.amazonaws.com/groups/global/AllUsers"' })).toBe(
      'AccessDenied',
    );
    expect(await put('g5')).toBe('ok');
    for (const key of ['s3:x-amz-grant-write', 's3:x-amz-grant-read-acp', 's3:x-amz-grant-write-acp'])
      await deny({ StringEquals: { [key]: 'id=x' } });
  });

  it('s3:x-amz-server-side-encryption: a write without SSE-S3 is refused, one with it succeeds', async () => {
    await deny({ StringNotEquals: { 's3:x-amz-server-side-encryption': 'AES256' } });
    expect(await put('e1')).toBe('AccessDenied');
    expect(await put('e2', { ServerSideEncryption: 'AES256' })).toBe('ok');
    expect(
      await outcome(asUser().send(new s3sdk.CreateMultipartUploadCommand({ Bucket: 'puts', Key: 'e3' }))),
    ).toBe('AccessDenied');
    expect(await copy('e4', 'puts/public/a')).toBe('AccessDenied');
    expect(await copy('e5', 'puts/public/a', { ServerSideEncryption: 'AES256' })).toBe('ok');
  });

  it('s3:x-amz-copy-source names the source as bucket/key, however the header spells it', async () => {
    await deny({ StringLike: { 's3:x-amz-copy-source': 'puts/secret/*' } });
    expect(await copy('c1', 'puts/public/a')).toBe('ok');
    expect(await copy('c2', 'puts/secret/b')).toBe('AccessDenied');
    expect(await copy('c3', '/puts/secret%2Fb')).toBe('AccessDenied');
    // Exact names hold too: a query after the key (a version, or anything) is not part of it.
    await deny({ StringEquals: { 's3:x-amz-copy-source': 'puts/secret/b' } });
    expect(await copy('c4', 'puts/secret/b')).toBe('AccessDenied');
    expect(await copy('c5', 'puts/secret/b?versionId=null')).toBe('AccessDenied');
    expect(await copy('c6', 'puts/secret/b?x=1')).toBe('AccessDenied');
    expect(await copy('c7', 'puts/public/a')).toBe('ok');
  });

  it('s3:x-amz-metadata-directive', async () => {
    await deny({ StringEquals: { 's3:x-amz-metadata-directive': 'REPLACE' } });
    expect(await copy('m1', 'puts/public/a', { MetadataDirective: 'REPLACE' })).toBe('AccessDenied');
    expect(await copy('m2', 'puts/public/a', { MetadataDirective: 'COPY' })).toBe('ok');
    expect(await copy('m3', 'puts/public/a')).toBe('ok');
  });

  it('s3:ExistingObjectTag/<key> and s3:RequestObjectTag/<key> with …IfExists', async () => {
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'puts', Key: 'tagged', Body: 'x', Tagging: 'cls=secret' }),
    );
    await policy(
      'puts',
      anyone('Deny', ['s3:GetObject', 's3:PutObjectTagging'], 'arn:aws:s3:::puts/*', {
        StringEquals: { 's3:ExistingObjectTag/cls': 'secret' },
      }),
      anyone('Deny', ['s3:PutObject'], 'arn:aws:s3:::puts/*', {
        StringNotEqualsIfExists: { 's3:RequestObjectTag/cls': 'public' },
      }),
    );
    const get = (Key: string) => outcome(asUser().send(new GetObjectCommand({ Bucket: 'puts', Key })));
    expect(await get('tagged')).toBe('AccessDenied');
    expect(await get('public/a')).toBe('ok');
    expect(await put('t1', { Tagging: 'cls=secret' })).toBe('AccessDenied');
    expect(await put('t2', { Tagging: 'cls=public' })).toBe('ok');
    expect(await put('t3')).toBe('AccessDenied');
    // In an Allow, …IfExists admits the request that does not name the key at all.
    await policy(
      'puts',
      anyone('Allow', ['s3:PutObject', 's3:PutObjectTagging'], 'arn:aws:s3:::puts/anon/*', {
        StringEqualsIfExists: { 's3:RequestObjectTag/cls': 'public' },
      }),
    );
    const anonPut = (key: string, tagging?: string) =>
      anon('PUT', `/puts/anon/${key}`, 'x', tagging ? { 'x-amz-tagging': tagging } : {});
    expect((await anonPut('a1')).status).toBe(200);
    expect((await anonPut('a2', 'cls=public')).status).toBe(200);
    expect((await anonPut('a3', 'cls=secret')).status).toBe(403);
  });

  it('s3:if-none-match and s3:if-match: writes can be held to conditional writes', async () => {
    await deny({ Null: { 's3:if-none-match': 'true', 's3:if-match': 'true' } });
    expect(await put('w1')).toBe('AccessDenied');
    expect(await put('w2', { IfNoneMatch: '*' })).toBe('ok');
    expect(await put('w2', { IfNoneMatch: '*' })).toBe('PreconditionFailed');
    const { ETag } = await t.s3.send(new s3sdk.HeadObjectCommand({ Bucket: 'puts', Key: 'w2' }));
    expect(await put('w2', { IfMatch: ETag })).toBe('ok');
    await deny({ StringNotEqualsIfExists: { 's3:if-none-match': '*' } });
    expect(await put('w3', { IfNoneMatch: '*' })).toBe('ok');
  });

  it('NotPrincipal: a Deny for everyone but the named user', async () => {
    const other = { accessKey: 'keyother', secretKey: 'keyother-secret-1' };
    await admin.users.add(other.accessKey, other.secretKey);
    await admin.policies.set(['readwrite'], other.accessKey, false);
    await policy('puts', {
      Effect: 'Deny',
      NotPrincipal: { AWS: [`arn:aws:iam:::user/${other.accessKey}`] },
      Action: ['s3:PutObject'],
      Resource: ['arn:aws:s3:::puts/*'],
      Condition: { StringNotEqualsIfExists: { 's3:x-amz-server-side-encryption': 'AES256' } },
    });
    expect(await put('n1')).toBe('AccessDenied');
    expect(await put('n2', { ServerSideEncryption: 'AES256' })).toBe('ok');
    const asOther = t.client({ accessKeyId: other.accessKey, secretAccessKey: other.secretKey });
    expect(await outcome(asOther.send(new PutObjectCommand({ Bucket: 'puts', Key: 'n3', Body: 'x' })))).toBe(
      'ok',
    );
    expect((await anon('PUT', '/puts/n4', 'x')).status).toBe(403);
  });
});

describe('object lock condition keys', () => {
  // AWS's example policy caps retention a caller may set, whatever way it is set.
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
  const retain = (Key: string, Mode: 'GOVERNANCE' | 'COMPLIANCE', days: number) =>
    outcome(
      asUser().send(
        new s3sdk.PutObjectRetentionCommand({
          Bucket: 'locked',
          Key,
          Retention: { Mode, RetainUntilDate: inDays(days) },
        }),
      ),
    );

  beforeAll(async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
    for (const Key of ['a', 'b', 'c', 'd'])
      await t.s3.send(new PutObjectCommand({ Bucket: 'locked', Key, Body: Key }));
    await policy(
      'locked',
      anyone('Deny', ['s3:PutObjectRetention'], 'arn:aws:s3:::locked/*', {
        NumericGreaterThan: { 's3:object-lock-remaining-retention-days': '10' },
      }),
      anyone('Deny', ['s3:PutObjectRetention'], 'arn:aws:s3:::locked/*', {
        StringEquals: { 's3:object-lock-mode': 'COMPLIANCE' },
      }),
      anyone('Deny', ['s3:PutObjectLegalHold'], 'arn:aws:s3:::locked/*', {
        StringEquals: { 's3:object-lock-legal-hold': 'ON' },
      }),
    );
  });

  it('PutObjectRetention: mode, retain-until date and remaining days come from its body', async () => {
    expect(await retain('a', 'GOVERNANCE', 5)).toBe('ok');
    expect(await retain('b', 'GOVERNANCE', 30)).toBe('AccessDenied');
    expect(await retain('c', 'COMPLIANCE', 2)).toBe('AccessDenied');
  });

  it('PutObjectLegalHold: the status comes from its body', async () => {
    const hold = (Status: 'ON' | 'OFF') =>
      outcome(
        asUser().send(
          new s3sdk.PutObjectLegalHoldCommand({ Bucket: 'locked', Key: 'd', LegalHold: { Status } }),
        ),
      );
    expect(await hold('ON')).toBe('AccessDenied');
    expect(await hold('OFF')).toBe('ok');
  });

  it('PutObject with lock headers: the same keys, remaining days worked out from the date', async () => {
    const put = (Key: string, Mode: 'GOVERNANCE' | 'COMPLIANCE', days: number) =>
      outcome(
        asUser().send(
          new PutObjectCommand({
            Bucket: 'locked',
            Key,
            Body: 'x',
            ObjectLockMode: Mode,
            ObjectLockRetainUntilDate: inDays(days),
          }),
        ),
      );
    expect(await put('p1', 'GOVERNANCE', 3)).toBe('ok');
    expect(await put('p2', 'GOVERNANCE', 40)).toBe('AccessDenied');
    expect(await put('p3', 'COMPLIANCE', 3)).toBe('AccessDenied');
  });
});

describe('condition operators on real requests', () => {
  // One Allow for GetObject under each operator; the object is read anonymously.
  const readWith = async (condition: object, headers: Record<string, string> = {}) => {
    await policy('open', anyone('Allow', ['s3:GetObject'], 'arn:aws:s3:::open/*', condition));
    return (await anon('GET', '/open/ops', '', headers)).status;
  };

  beforeAll(() => t.s3.send(new PutObjectCommand({ Bucket: 'open', Key: 'ops', Body: 'x' })));

  it('String*, Numeric*, Date*, Bool, IpAddress, Null, ArnLike and …IfExists', async () => {
    const past = '2001-01-01T00:00:00Z';
    const cases: [object, Record<string, string>, number][] = [
      [{ StringLike: { 'aws:UserAgent': 'cur?-*' } }, { 'user-agent': 'curl-8' }, 200],
      [{ StringLike: { 'aws:UserAgent': 'cur?-*' } }, { 'user-agent': 'cur-8' }, 403],
      [
        { StringEqualsIgnoreCase: { 'aws:Referer': 'HTTPS://APP.EXAMPLE/' } },
        { referer: 'https://app.example/' },
        200,
      ],
      [
        { StringNotEquals: { 'aws:Referer': 'https://evil.example/' } },
        { referer: 'https://evil.example/' },
        403,
      ],
      [{ NumericLessThan: { 'aws:EpochTime': String(2 ** 40) } }, {}, 200],
      [{ DateGreaterThan: { 'aws:CurrentTime': past } }, {}, 200],
      [{ DateLessThan: { 'aws:CurrentTime': past } }, {}, 403],
      [{ Bool: { 'aws:SecureTransport': 'false' } }, {}, 200],
      [{ IpAddress: { 'aws:SourceIp': '127.0.0.0/8' } }, {}, 200],
      [{ NotIpAddress: { 'aws:SourceIp': ['127.0.0.1/32', '::1'] } }, {}, 403],
      [{ Null: { 'aws:Referer': 'true' } }, {}, 200],
      [{ Null: { 'aws:Referer': 'true' } }, { referer: 'x' }, 403],
      [{ ArnLike: { 'aws:Referer': 'arn:aws:s3:::*' } }, { referer: 'arn:aws:s3:::b/k' }, 200],
      [{ StringEqualsIfExists: { 'aws:Referer': 'https://app.example/' } }, {}, 200],
      [
        { StringEqualsIfExists: { 'aws:Referer': 'https://app.example/' } },
        { referer: 'https://evil.example/' },
        403,
      ],
    ];
    const got = [];
    for (const [condition, headers] of cases) got.push(await readWith(condition, headers));
    expect(got).toEqual(cases.map(([, , status]) => status));
  });

  it('ForAnyValue / ForAllValues over a multi-valued key (the tags a write sets)', async () => {
    const write = async (condition: object, tagging: string) => {
      await policy(
        'open',
        anyone('Allow', ['s3:PutObject', 's3:PutObjectTagging'], 'arn:aws:s3:::open/*', condition),
      );
      return (await anon('PUT', '/open/t', 'x', { 'x-amz-tagging': tagging })).status;
    };
    const anyOf = { 'ForAnyValue:StringEquals': { 's3:RequestObjectTagKeys': ['team'] } };
    const allOf = { 'ForAllValues:StringLike': { 's3:RequestObjectTagKeys': ['team', 'cost-*'] } };
    expect(await write(anyOf, 'team=a&x=1')).toBe(200);
    expect(await write(anyOf, 'x=1')).toBe(403);
    expect(await write(allOf, 'team=a&cost-centre=9')).toBe(200);
    expect(await write(allOf, 'team=a&x=1')).toBe(403);
  });
});
