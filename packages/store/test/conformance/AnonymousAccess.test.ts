import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, rawRequest, startTestStore, type TestStore, xmlCode } from '../support/store.js';
import { boto3Installed, python } from './boto3.js';

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

describe('a bucket that no longer exists', () => {
  it('answers NoSuchBucket (404) before AccessDenied: anonymous, presigned, unprivileged (s3-tests *_bucket_gone)', async () => {
    boto3Installed();
    // A user whose rights name another bucket only: AWS still answers NoSuchBucket.
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await admin.policies.add('public-only', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::public/*'] }],
    });
    await admin.users.add('outsider', 'outsider-secret-1');
    await admin.policies.set(['public-only'], 'outsider', false);
    const out = await python(
      t,
      `
import re
from botocore import UNSIGNED
anon = session.client('s3', endpoint_url=os.environ['ENDPOINT'], config=config.merge(Config(signature_version=UNSIGNED)))
outsider = boto3.session.Session(aws_access_key_id='outsider', aws_secret_access_key='outsider-secret-1', region_name='us-east-1').client('s3', endpoint_url=os.environ['ENDPOINT'], config=config)
s3.create_bucket(Bucket='gone')
s3.put_bucket_policy(Bucket='gone', Policy=json.dumps({'Version': '2012-10-17', 'Statement': [{'Effect': 'Allow', 'Principal': '*', 'Action': ['s3:GetObject', 's3:ListBucket'], 'Resource': ['arn:aws:s3:::gone', 'arn:aws:s3:::gone/*']}]}))
s3.put_object(Bucket='gone', Key='k', Body=b'x')
url = outsider.generate_presigned_url('get_object', Params={'Bucket': 'gone', 'Key': 'k'})
s3.delete_object(Bucket='gone', Key='k')
s3.delete_bucket(Bucket='gone')
def fetch(u):
    try:
        return [urllib.request.urlopen(u).status]
    except urllib.error.HTTPError as e:
        return [e.code, re.search('<Code>(.*)</Code>', e.read().decode()).group(1)]
def call(f):
    try:
        f()
        return ['ok']
    except ClientError as e:
        return [e.response['ResponseMetadata']['HTTPStatusCode'], e.response['Error']['Code']]
print(json.dumps({
  'presigned': fetch(url),
  'anonymous GetObject': fetch(os.environ['ENDPOINT'] + '/gone/k'),
  'anonymous ListObjectsV2': call(lambda: anon.list_objects_v2(Bucket='gone')),
  'anonymous PutObject': call(lambda: anon.put_object(Bucket='gone', Key='k', Body=b'x')),
  'anonymous DeleteObjects': call(lambda: anon.delete_objects(Bucket='gone', Delete={'Objects': [{'Key': 'k'}]})),
  'anonymous GetBucketTagging': call(lambda: anon.get_bucket_tagging(Bucket='gone')),
  'outsider HeadObject': call(lambda: outsider.head_object(Bucket='gone', Key='k')),
  'outsider GetBucketPolicy': call(lambda: outsider.get_bucket_policy(Bucket='gone')),
  'outsider CopyObject from it': call(lambda: outsider.copy_object(Bucket='public', Key='copy', CopySource='gone/k')),
  'outsider CreateBucket': call(lambda: outsider.create_bucket(Bucket='gone')),
}))
`,
    );
    expect(out).toEqual({
      presigned: [404, 'NoSuchBucket'],
      'anonymous GetObject': [404, 'NoSuchBucket'],
      'anonymous ListObjectsV2': [404, 'NoSuchBucket'],
      'anonymous PutObject': [404, 'NoSuchBucket'],
      'anonymous DeleteObjects': [404, 'NoSuchBucket'],
      'anonymous GetBucketTagging': [404, 'NoSuchBucket'],
      'outsider HeadObject': [404, '404'],
      'outsider GetBucketPolicy': [404, 'NoSuchBucket'],
      'outsider CopyObject from it': [404, 'NoSuchBucket'],
      // Creating is not reading: a caller without s3:CreateBucket is still denied.
      'outsider CreateBucket': [403, 'AccessDenied'],
    });
    // A call the store does not serve, anonymously: the bucket's absence still comes first.
    const website = await anon('GET', '/gone?website');
    expect([website.status, xmlCode(website.body)]).toEqual([404, 'NoSuchBucket']);
    expect((await anon('GET', '/public?website')).status).toBe(403);
  });
});
