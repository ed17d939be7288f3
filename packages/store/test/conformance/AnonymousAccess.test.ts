import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import {
  ROOT,
  rawRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Each common action granted on its own (never s3:*), so that a request judged under the wrong
// action shows: the bucket "anyone" lets everyone read, and write, list and upload under in/.
const GRANTS = [
  ['s3:GetObject', 'arn:aws:s3:::anyone/*'],
  ['s3:PutObject', 'arn:aws:s3:::anyone/in/*'],
  ['s3:DeleteObject', 'arn:aws:s3:::anyone/in/*'],
  ['s3:AbortMultipartUpload', 'arn:aws:s3:::anyone/in/*'],
  ['s3:ListMultipartUploadParts', 'arn:aws:s3:::anyone/in/*'],
  ['s3:GetBucketLocation', 'arn:aws:s3:::anyone'],
] as const;
// Listings are granted under in/ only, by their s3:prefix (as `mc anonymous set` writes them).
const UNDER_IN = { StringLike: { 's3:prefix': 'in/*' } };

describe('anonymous access to every common action', () => {
  beforeAll(async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'anyone' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'anyone', Key: 'readme', Body: 'read me' }));
    await t.s3.send(
      new PutBucketPolicyCommand({
        Bucket: 'anyone',
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            ...GRANTS.map(([action, resource]) => ({
              Effect: 'Allow',
              Principal: '*',
              Action: [action],
              Resource: [resource],
            })),
            ...['s3:ListBucket', 's3:ListBucketMultipartUploads'].map((action) => ({
              Effect: 'Allow',
              Principal: '*',
              Action: [action],
              Resource: ['arn:aws:s3:::anyone'],
              Condition: UNDER_IN,
            })),
          ],
        }),
      }),
    );
  });

  it('through plain HTTP requests', async () => {
    const status = async (method: string, path: string, body?: string) =>
      (await anon(method, path, body)).status;
    expect(await status('GET', '/anyone/readme')).toBe(200);
    expect(await status('HEAD', '/anyone/readme')).toBe(200);
    expect(await status('PUT', '/anyone/in/a.txt', 'a')).toBe(200);
    expect(await status('PUT', '/anyone/out.txt', 'a')).toBe(403);
    expect(await status('GET', '/anyone?list-type=2&prefix=in/')).toBe(200);
    expect(await status('GET', '/anyone?prefix=in/')).toBe(200);
    expect(await status('GET', '/anyone?list-type=2&prefix=')).toBe(403);
    expect(await status('GET', '/anyone?versions&prefix=in/')).toBe(403); // s3:ListBucketVersions
    expect(await status('GET', '/anyone?location')).toBe(200);
    expect(await status('GET', '/anyone?uploads&prefix=in/')).toBe(200);
    expect(await status('GET', '/anyone?uploads')).toBe(403);
    expect(await status('GET', '/anyone?policy')).toBe(403);
    expect(await status('DELETE', '/anyone/in/a.txt')).toBe(204);
    expect(await status('DELETE', '/anyone/readme')).toBe(403);
    // A multipart upload from start to end, and one aborted.
    const created = await anon('POST', '/anyone/in/big?uploads');
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.body)?.[1];
    expect([created.status, typeof uploadId]).toEqual([200, 'string']);
    const part = await anon('PUT', `/anyone/in/big?partNumber=1&uploadId=${uploadId}`, 'part one');
    expect(part.status).toBe(200);
    expect(await status('GET', `/anyone/in/big?uploadId=${uploadId}`)).toBe(200);
    const complete = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${part.headers.etag}</ETag></Part></CompleteMultipartUpload>`;
    expect(await status('POST', `/anyone/in/big?uploadId=${uploadId}`, complete)).toBe(200);
    expect((await anon('GET', '/anyone/in/big')).body).toBe('part one');
    const other = /<UploadId>([^<]+)<\/UploadId>/.exec(
      (await anon('POST', '/anyone/in/gone?uploads')).body,
    )?.[1];
    expect(await status('DELETE', `/anyone/in/gone?uploadId=${other}`)).toBe(204);
    expect(await status('POST', '/anyone/out?uploads')).toBe(403);
  });

  it('through an unsigned boto3 client (botocore UNSIGNED)', async () => {
    boto3Installed();
    const script = `
from botocore import UNSIGNED
s3 = session.client('s3', endpoint_url=os.environ['ENDPOINT'], config=config.merge(Config(signature_version=UNSIGNED)))
out = {}
def outcome(name, call):
    try:
        call()
        out[name] = 'ok'
    except ClientError as e:
        out[name] = e.response['Error']['Code']
def multipart():
    up = s3.create_multipart_upload(Bucket='anyone', Key='in/boto-mp')['UploadId']
    etag = s3.upload_part(Bucket='anyone', Key='in/boto-mp', UploadId=up, PartNumber=1, Body=b'boto part')['ETag']
    s3.list_parts(Bucket='anyone', Key='in/boto-mp', UploadId=up)
    s3.complete_multipart_upload(Bucket='anyone', Key='in/boto-mp', UploadId=up, MultipartUpload={'Parts': [{'ETag': etag, 'PartNumber': 1}]})
def abort():
    up = s3.create_multipart_upload(Bucket='anyone', Key='in/boto-gone')['UploadId']
    s3.abort_multipart_upload(Bucket='anyone', Key='in/boto-gone', UploadId=up)
outcome('get', lambda: s3.get_object(Bucket='anyone', Key='readme')['Body'].read())
outcome('head', lambda: s3.head_object(Bucket='anyone', Key='readme'))
outcome('put', lambda: s3.put_object(Bucket='anyone', Key='in/boto.txt', Body=b'boto'))
outcome('put elsewhere', lambda: s3.put_object(Bucket='anyone', Key='boto.txt', Body=b'boto'))
outcome('list under in/', lambda: s3.list_objects_v2(Bucket='anyone', Prefix='in/'))
outcome('list all', lambda: s3.list_objects_v2(Bucket='anyone'))
outcome('location', lambda: s3.get_bucket_location(Bucket='anyone'))
outcome('uploads under in/', lambda: s3.list_multipart_uploads(Bucket='anyone', Prefix='in/'))
outcome('all uploads', lambda: s3.list_multipart_uploads(Bucket='anyone'))
outcome('multipart', multipart)
outcome('abort', abort)
outcome('copy', lambda: s3.copy_object(Bucket='anyone', Key='in/copy', CopySource='anyone/readme'))
outcome('delete', lambda: s3.delete_object(Bucket='anyone', Key='in/boto.txt'))
outcome('delete elsewhere', lambda: s3.delete_object(Bucket='anyone', Key='readme'))
r = s3.delete_objects(Bucket='anyone', Delete={'Objects': [{'Key': 'in/copy'}, {'Key': 'readme'}]})
out['delete many'] = [[d['Key'] for d in r.get('Deleted', [])], [(e['Key'], e['Code']) for e in r.get('Errors', [])]]
out['multipart body'] = s3.get_object(Bucket='anyone', Key='in/boto-mp')['Body'].read().decode()
print(json.dumps(out))
`;
    expect(await python(t, script)).toEqual({
      get: 'ok',
      head: 'ok',
      put: 'ok',
      'put elsewhere': 'AccessDenied',
      'list under in/': 'ok',
      'list all': 'AccessDenied',
      location: 'ok',
      'uploads under in/': 'ok',
      'all uploads': 'AccessDenied',
      multipart: 'ok',
      abort: 'ok',
      copy: 'ok',
      delete: 'ok',
      'delete elsewhere': 'AccessDenied',
      'delete many': [['in/copy'], [['readme', 'AccessDenied']]],
      'multipart body': 'boto part',
    });
  });
});
