import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as s3sdk from '@aws-sdk/client-s3';
import { ROOT, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Env } from '../support/python.js';
import { expiresIn, type Post, postForms, signedPolicy } from './post-form.js';

// POST Object forms signed either way S3 signs them: V4 (x-amz-credential, hex HMAC-SHA256
// of the policy) and V2 (AWSAccessKeyId, base64 HMAC-SHA1 of the policy), as MinIO accepts
// both. boto3 builds both kinds (generate_presigned_post, signature_version 's3' for V2);
// they are sent as a browser sends them. Either kind is held to the same policy checks.

const { CreateBucketCommand, HeadObjectCommand } = s3sdk;
const run = promisify(execFile);

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'forms' }));
});
afterAll(() => t.close());

const { send, post, read } = postForms(() => t);

/** boto3's generate_presigned_post with `signature` ('s3' is V2, 's3v4' V4) for bucket `forms`. */
async function boto3Post(signature: 's3' | 's3v4', args: string): Promise<Post> {
  const script = `
import json, os, boto3
from botocore.config import Config
s3 = boto3.session.Session(aws_access_key_id=os.environ['KEY'], aws_secret_access_key=os.environ['SECRET'], region_name='us-east-1').client('s3', endpoint_url=os.environ['ENDPOINT'], config=Config(signature_version='${signature}', s3={'addressing_style': 'path'}))
post = s3.generate_presigned_post('forms', ${args})
print(json.dumps({'postURL': post['url'], 'formData': post['fields']}))
`;
  const { stdout } = await run('/usr/bin/python3', ['-c', script], {
    env: boto3Env(t),
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Post;
}

describe('POST Object signatures', () => {
  it('a V2 form from boto3 (signature_version s3) is stored, held to its policy', async () => {
    const form = await boto3Post(
      's3',
      `'v2/\${filename}', Fields={'Content-Type': 'text/plain'}, Conditions=[['starts-with', '$key', 'v2/'], {'Content-Type': 'text/plain'}, ['content-length-range', 1, 64]], ExpiresIn=300`,
    );
    expect(Object.keys(form.formData).sort()).toEqual([
      'AWSAccessKeyId',
      'Content-Type',
      'key',
      'policy',
      'signature',
    ]);
    const res = await send(form, {}, { name: 'note.txt', data: Buffer.from('signed the old way') });
    expect([res.status, res.text]).toEqual([204, '']);
    expect(await read('v2/note.txt')).toBe('signed the old way');
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'forms', Key: 'v2/note.txt' }));
    expect(head.ContentType).toBe('text/plain');
    // The same policy checks as V4: the key's prefix, the size range.
    const outside = await send(form, { key: 'elsewhere.txt' }, { name: 'n', data: Buffer.from('x') });
    expect([outside.status, xmlCode(outside.text)]).toEqual([403, 'AccessDenied']);
    const big = await send(form, {}, { name: 'big.txt', data: Buffer.alloc(65, 1) });
    expect([big.status, xmlCode(big.text)]).toEqual([400, 'EntityTooLarge']);
  });

  it('a V4 form from boto3 is stored; success_action_status 201 answers a PostResponse', async () => {
    const form = await boto3Post(
      's3v4',
      `'v4.txt', Fields={'success_action_status': '201'}, Conditions=[{'success_action_status': '201'}], ExpiresIn=300`,
    );
    const res = await send(form, {}, { name: 'v4.txt', data: Buffer.from('signed the new way') });
    expect(res.status).toBe(201);
    expect(res.text).toContain('<Key>v4.txt</Key>');
    expect(await read('v4.txt')).toBe('signed the new way');
  });

  it('V2 forms are refused as V4 forms are: signature, access key, policy, expiry, fields', async () => {
    const policy = (conditions: unknown[], expiration = expiresIn(10)) => ({ expiration, conditions });
    const file = { name: 'f.txt', data: Buffer.from('v2 data') };
    const good = signedPolicy(policy([{ bucket: 'forms' }, ['starts-with', '$key', 'v2-refused/']]), 'v2');
    const cases: Array<[string, Record<string, string>, number, string]> = [
      [
        'signature of another policy',
        { ...good, signature: signedPolicy(policy([]), 'v2').signature! },
        403,
        'SignatureDoesNotMatch',
      ],
      ['unknown access key', { ...good, AWSAccessKeyId: 'nobody-at-all' }, 403, 'InvalidAccessKeyId'],
      ['key outside its condition', { ...good, key: 'other/x.txt' }, 403, 'AccessDenied'],
      [
        'a field the policy does not name',
        { ...good, key: 'v2-refused/x.txt', 'x-amz-meta-extra': '1' },
        403,
        'AccessDenied',
      ],
      [
        'expired',
        { ...signedPolicy(policy([{ bucket: 'forms' }], expiresIn(-1)), 'v2'), key: 'v2-refused/x.txt' },
        403,
        'AccessDenied',
      ],
      [
        'no signature',
        { AWSAccessKeyId: ROOT.accessKey, policy: good.policy!, key: 'v2-refused/x.txt' },
        400,
        'InvalidArgument',
      ],
      [
        'no policy',
        { AWSAccessKeyId: ROOT.accessKey, signature: good.signature!, key: 'v2-refused/x.txt' },
        400,
        'InvalidArgument',
      ],
      [
        'no access key',
        { policy: good.policy!, signature: good.signature!, key: 'v2-refused/x.txt' },
        400,
        'InvalidArgument',
      ],
    ];
    for (const [why, fields, status, code] of cases) {
      const res = await post(fields, file);
      expect([res.status, xmlCode(res.text)], why).toEqual([status, code]);
    }
    await expect(read('v2-refused/x.txt')).rejects.toMatchObject({ name: 'NoSuchKey' });
    const stored = await post({ ...good, key: 'v2-refused/ok.txt' }, file);
    expect(stored.status).toBe(204);
  });
});
