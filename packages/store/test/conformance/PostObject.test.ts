import { createHash } from 'node:crypto';
import { request } from 'node:http';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { listening, until } from '@stowage/test-support/wait';
import { Client as MinioClient } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskChanges, snapshotDrives } from './disk.js';
import { expiresIn, type Post, postForms, signedPolicy } from './post-form.js';

// Browser form uploads (POST Object) with the form minio's presignedPostPolicy builds,
// sent as a browser would: multipart/form-data, the file last.

const {
  CreateBucketCommand,
  DeleteBucketPolicyCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketPolicyCommand,
  PutBucketVersioningCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'forms' }));
});
afterAll(() => t.close());

const { presigned, form, send, post, read } = postForms(() => t);

/** A bucket policy statement on s3:PutObject for everyone. */
const putObjectStatement = (Effect: 'Allow' | 'Deny', Resource: string, Condition?: object) => ({
  Effect,
  Principal: '*',
  Action: ['s3:PutObject'],
  Resource: [Resource],
  ...(Condition ? { Condition } : {}),
});
const setFormsPolicy = (...Statement: object[]) =>
  t.s3.send(
    new PutBucketPolicyCommand({
      Bucket: 'forms',
      Policy: JSON.stringify({ Version: '2012-10-17', Statement }),
    }),
  );

describe('PostObject', () => {
  it('a form sent after 100 Continue (as curl sends large forms) is stored', async () => {
    const post = await presigned((p) => p.setKey('continued.bin'));
    const data = Buffer.alloc(2 * 1024 * 1024, 7);
    const { body, contentType } = form(post.formData, { name: 'f.bin', data });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(post.postURL, {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': body.length, expect: '100-continue' },
      });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    expect(status).toBe(204);
    expect((await read('continued.bin')).length).toBe(data.length);
  });

  it('uploads the file under the policy key (204 by default), with metadata', async () => {
    const post = await presigned((p) => {
      p.setKey('exact.txt');
      p.setContentType('text/plain');
      p.setUserMetaData({ origin: 'form' });
      p.setContentLengthRange(1, 1024);
    });
    const res = await send(post, {}, { name: 'local.txt', data: Buffer.from('hello form') });
    expect(res.status).toBe(204);
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await read('exact.txt')).toBe('hello form');
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'forms', Key: 'exact.txt' }));
    expect([head.ContentType, head.Metadata]).toEqual(['text/plain', { origin: 'form' }]);
  });

  it('form fields with non-ASCII text are kept as a PUT header would carry them, and read back as the text', async () => {
    const post = await presigned((p) => {
      p.setKey('cafe.txt');
      p.setUserMetaData({ name: 'café' });
    });
    const res = await send(post, {}, { name: 'c.txt', data: Buffer.from('c') });
    expect(res.status).toBe(204);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'forms', Key: 'cafe.txt' }));
    expect(head.Metadata!.name).toBe('café');
  });

  it("fetch's own FormData encoding (as a browser builds it) is accepted", async () => {
    const post = await presigned((p) => p.setKey('fetched.bin'));
    const body = new FormData();
    for (const [k, v] of Object.entries(post.formData)) body.append(k, v);
    body.append('file', new Blob([Buffer.from('via FormData')]), 'fetched.bin');
    const res = await fetch(post.postURL, { method: 'POST', body });
    expect(res.status).toBe(204);
    expect(await read('fetched.bin')).toBe('via FormData');
  });

  it('a large form that fails its checks gets its error, not a reset', async () => {
    const post = await presigned((p) => p.setKey('refused.bin'));
    const res = await send(
      post,
      { 'x-amz-signature': '0'.repeat(64) },
      { name: 'big.bin', data: Buffer.alloc(12 * 1024 * 1024, 3) },
    );
    expect([res.status, res.text]).toEqual([
      403,
      expect.stringContaining('<Code>SignatureDoesNotMatch</Code>'),
    ]);
  });

  it('SSE-C form fields encrypt the upload with the customer key', async () => {
    const keyBytes = Buffer.alloc(32, 9);
    const fields = {
      'x-amz-server-side-encryption-customer-algorithm': 'AES256',
      'x-amz-server-side-encryption-customer-key': keyBytes.toString('base64'),
      'x-amz-server-side-encryption-customer-key-md5': createHash('md5').update(keyBytes).digest('base64'),
    };
    const post = await presigned((p) => {
      p.setKey('sealed.txt');
      for (const [k, v] of Object.entries(fields)) p.policy.conditions.push(['eq', `$${k}`, v]);
    });
    const res = await send(post, fields, { name: 'f.txt', data: Buffer.from('secret post data') });
    expect(res.status).toBe(204);
    expect(res.headers.get('x-amz-server-side-encryption-customer-algorithm')).toBe('AES256');
    // Without the key the object does not open; with it, it does.
    await expect(
      t.s3.send(new GetObjectCommand({ Bucket: 'forms', Key: 'sealed.txt' })),
    ).rejects.toMatchObject({
      $metadata: { httpStatusCode: 400 },
    });
    const got = await t.s3.send(
      new GetObjectCommand({
        Bucket: 'forms',
        Key: 'sealed.txt',
        SSECustomerAlgorithm: 'AES256',
        SSECustomerKey: keyBytes.toString('base64'),
      }),
    );
    expect(await got.Body!.transformToString()).toBe('secret post data');
  });

  it("bucket policies judge a form's fields as the headers they stand for", async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await admin.users.add('former', 'former-secret-1');
    await admin.policies.set(['readwrite'], 'former', false);
    await setFormsPolicy(
      putObjectStatement('Deny', 'arn:aws:s3:::forms/*', {
        StringEquals: { 's3:x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      }),
      putObjectStatement('Deny', 'arn:aws:s3:::forms/enc-only/*', {
        StringNotEquals: { 's3:x-amz-server-side-encryption': 'AES256' },
      }),
    );
    const asUser = new MinioClient({
      endPoint: '127.0.0.1',
      port: t.store.port,
      useSSL: false,
      accessKey: 'former',
      secretKey: 'former-secret-1',
    });
    const post = async (key: string, fields: Record<string, string>) => {
      const policy = asUser.newPostPolicy();
      policy.setBucket('forms');
      policy.setExpires(new Date(Date.now() + 10 * 60_000));
      policy.setKey(key);
      for (const [k, v] of Object.entries(fields)) policy.policy.conditions.push(['eq', `$${k}`, v]);
      const signed = (await asUser.presignedPostPolicy(policy)) as Post;
      return (await send(signed, fields, { name: 'f.txt', data: Buffer.from('form data') })).status;
    };
    try {
      expect(await post('rrs.txt', { 'x-amz-storage-class': 'REDUCED_REDUNDANCY' })).toBe(403);
      expect(await post('enc-only/plain.txt', {})).toBe(403);
      expect(await post('enc-only/sealed.txt', { 'x-amz-server-side-encryption': 'AES256' })).toBe(204);
    } finally {
      await t.s3.send(new DeleteBucketPolicyCommand({ Bucket: 'forms' }));
    }
  });

  it('the filename placeholder in a starts-with key; success_action_status 201 answers a PostResponse', async () => {
    const post = await presigned((p) => {
      p.setKeyStartsWith('uploads/');
      p.policy.conditions.push(['eq', '$success_action_status', '201']);
    });
    const data = Buffer.alloc(300_000, 7);
    const res = await send(
      post,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's literal key placeholder
      { key: 'uploads/${filename}', success_action_status: '201' },
      { name: 'photo.jpg', data },
    );
    expect(res.status).toBe(201);
    expect(res.text).toContain('<Key>uploads/photo.jpg</Key>');
    expect((await read('uploads/photo.jpg')).length).toBe(data.length);
  });

  it('success_action_redirect: 303 to the URL with bucket, key and etag', async () => {
    const post = await presigned((p) => {
      p.setKey('redirected.txt');
      p.policy.conditions.push(['starts-with', '$success_action_redirect', 'https://app.example/']);
    });
    const res = await send(
      post,
      { success_action_redirect: 'https://app.example/done' },
      { name: 'a', data: Buffer.from('r') },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(
      /^https:\/\/app\.example\/done\?bucket=forms&key=redirected\.txt&etag=%22[0-9a-f]{32}%22$/,
    );
    // The page's own query stays, and the values go before its #fragment.
    const again = await send(
      post,
      { success_action_redirect: 'https://app.example/done?from=form#top' },
      { name: 'a', data: Buffer.from('r') },
    );
    expect(again.headers.get('location')).toMatch(
      /^https:\/\/app\.example\/done\?from=form&bucket=forms&key=redirected\.txt&etag=%22[0-9a-f]{32}%22#top$/,
    );
  });

  it('refusals: conditions, size range, expiry, extra fields, signature', async () => {
    const post = await presigned((p) => {
      p.setKey('guarded.txt');
      p.setContentLengthRange(2, 10);
    });
    const file = { name: 'f', data: Buffer.from('12345') };
    const before = await snapshotDrives(t.dir);
    const cases: Array<[Record<string, string>, { name: string; data: Buffer }, number, string]> = [
      [{ key: 'other.txt' }, file, 403, 'AccessDenied'],
      [{}, { name: 'f', data: Buffer.from('1') }, 400, 'EntityTooSmall'],
      [{}, { name: 'f', data: Buffer.alloc(11) }, 400, 'EntityTooLarge'],
      [{ 'x-amz-meta-sneaky': 'x' }, file, 403, 'AccessDenied'],
      [{ 'x-amz-signature': '0'.repeat(64) }, file, 403, 'SignatureDoesNotMatch'],
      [
        { policy: Buffer.from('{"expiration":"2020-01-01T00:00:00Z","conditions":[]}').toString('base64') },
        file,
        403,
        'SignatureDoesNotMatch',
      ],
      [{ policy: 'not json' }, file, 403, 'SignatureDoesNotMatch'],
    ];
    for (const [fields, f, status, code] of cases) {
      const res = await send(post, fields, f);
      expect([res.status, xmlCode(res.text)], JSON.stringify(fields)).toEqual([status, code]);
    }
    await expect(read('guarded.txt')).rejects.toMatchObject({ name: 'NoSuchKey' });
    const expired = await presigned((p) => {
      p.setKey('late.txt');
      p.setExpires(new Date(Date.now() - 1000));
    });
    const late = await send(expired, {}, file);
    expect([late.status, xmlCode(late.text)]).toEqual([403, 'AccessDenied']);
    expect(diskChanges(before, await snapshotDrives(t.dir))).toEqual([]);
  });

  it("a policy signed for one bucket cannot upload into another, whatever the form's bucket field says", async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'elsewhere' }));
    const post = await presigned((p) => p.setKey('moved.txt'));
    expect(post.formData.bucket).toBe('forms');
    const before = await snapshotDrives(t.dir);
    const res = await send(
      { ...post, postURL: post.postURL.replace(/\/forms$/, '/elsewhere') },
      {},
      {
        name: 'f',
        data: Buffer.from('payload'),
      },
    );
    expect([res.status, xmlCode(res.text)]).toEqual([403, 'AccessDenied']);
    expect(diskChanges(before, await snapshotDrives(t.dir))).toEqual([]);
    await expect(
      t.s3.send(new HeadObjectCommand({ Bucket: 'elsewhere', Key: 'moved.txt' })),
    ).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('malformed forms: MalformedPOSTRequest (400); no credentials: AccessDenied (403)', async () => {
    const url = `${t.store.url}/forms`;
    const plain = await fetch(url, {
      method: 'POST',
      body: 'key=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([plain.status, xmlCode(await plain.text())]).toEqual([400, 'MalformedPOSTRequest']);
    const cut = await fetch(url, {
      method: 'POST',
      body: '--b\r\nContent-Disposition: form-data; name="key"\r\n\r\nx\r\n--b',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect([cut.status, xmlCode(await cut.text())]).toEqual([400, 'MalformedPOSTRequest']);
    const { body, contentType } = form({ key: 'anon.txt' }, { name: 'a', data: Buffer.from('x') });
    const anon = await fetch(url, { method: 'POST', body, headers: { 'content-type': contentType } });
    expect([anon.status, xmlCode(await anon.text())]).toEqual([403, 'AccessDenied']);
  });

  it('in a versioned bucket the answer names the new version', async () => {
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'forms', VersioningConfiguration: { Status: 'Enabled' } }),
    );
    try {
      const post = await presigned((p) => p.setKey('versioned.txt'));
      const res = await send(post, {}, { name: 'v.txt', data: Buffer.from('v1') });
      expect(res.status).toBe(204);
      const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'forms', Key: 'versioned.txt' }));
      expect(res.headers.get('x-amz-version-id')).toBe(head.VersionId);
    } finally {
      await t.s3.send(
        new PutBucketVersioningCommand({ Bucket: 'forms', VersioningConfiguration: { Status: 'Suspended' } }),
      );
    }
  });

  it('invalid forms answer 400 with the code that names the fault', async () => {
    // Expirations of the wrong kind are among the cases: the form carries whatever JSON it is given.
    const policy = (conditions: unknown[], expiration: unknown = expiresIn(10)) => ({
      expiration: expiration as string,
      conditions,
    });
    const keyed = [{ bucket: 'forms' }, ['starts-with', '$key', 'invalid/']];
    const file = { name: 'f.txt', data: Buffer.from('x') };
    const v4 = signedPolicy(policy(keyed), 'v4');
    const before = await snapshotDrives(t.dir);
    const cases: Array<[string, Record<string, string>, string, RegExp]> = [
      [
        'no key field',
        signedPolicy(policy([{ bucket: 'forms' }]), 'v4'),
        'InvalidArgument',
        /field named 'key'/,
      ],
      [
        'policy not JSON',
        { ...signedPolicy('{"expiration": ', 'v4'), key: 'invalid/a' },
        'InvalidPolicyDocument',
        /Invalid Policy/,
      ],
      [
        'no expiration',
        { ...signedPolicy('{"conditions": []}', 'v4'), key: 'invalid/a' },
        'InvalidPolicyDocument',
        /expiration/,
      ],
      [
        'expiration not a date',
        { ...signedPolicy(policy(keyed, 'tomorrow'), 'v4'), key: 'invalid/a' },
        'InvalidPolicyDocument',
        /expiration/,
      ],
      [
        'expiration a number',
        { ...signedPolicy(policy(keyed, 4102444800), 'v4'), key: 'invalid/a' },
        'InvalidPolicyDocument',
        /expiration/,
      ],
      [
        'unknown operator',
        { ...signedPolicy(policy([...keyed, ['matches', '$key', 'x']]), 'v4'), key: 'invalid/a' },
        'InvalidPolicyDocument',
        /condition/,
      ],
      [
        'bad range',
        { ...signedPolicy(policy([...keyed, ['content-length-range', 10, 1]]), 'v4'), key: 'invalid/a' },
        'InvalidPolicyDocument',
        /content-length-range/,
      ],
      [
        'another algorithm',
        { ...v4, 'x-amz-algorithm': 'AWS4-HMAC-SHA1', key: 'invalid/a' },
        'InvalidArgument',
        /AWS4-HMAC-SHA256/,
      ],
      [
        'range bounds not decimal',
        {
          ...signedPolicy(policy([...keyed, ['content-length-range', '0x0', '0x10']]), 'v4'),
          key: 'invalid/a',
        },
        'InvalidPolicyDocument',
        /content-length-range/,
      ],
      [
        'credential not a scope',
        { ...v4, 'x-amz-credential': `${ROOT.accessKey}/aws4_request`, key: 'invalid/a' },
        'AuthorizationQueryParametersError',
        /Credential is mal-formed/,
      ],
      [
        'credential for another service',
        { ...v4, 'x-amz-credential': v4['x-amz-credential']!.replace('/s3/', '/sts/'), key: 'invalid/a' },
        'AuthorizationHeaderMalformed',
        /incorrect service/,
      ],
      [
        'date not ISO 8601',
        { ...v4, 'x-amz-date': 'yesterday', key: 'invalid/a' },
        'AuthorizationQueryParametersError',
        /X-Amz-Date/,
      ],
      [
        'fields before the file too large',
        { ...v4, key: 'invalid/a', 'x-ignore-padding': 'x'.repeat(70 * 1024) },
        'MaxPostPreDataLengthExceededError',
        /fields preceding the upload file were too large/,
      ],
    ];
    // Each field a V4 form needs, left out.
    for (const field of ['x-amz-credential', 'x-amz-signature', 'policy', 'x-amz-date', 'x-amz-algorithm'])
      cases.push([
        `no ${field}`,
        { ...v4, [field]: '', key: 'invalid/a' },
        'InvalidArgument',
        new RegExp(field),
      ]);
    for (const [why, fields, code, message] of cases) {
      // An empty value stands for a field the form leaves out.
      const sent = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
      const res = await post(sent, file);
      expect.soft([res.status, xmlCode(res.text)], why).toEqual([400, code]);
      expect.soft(res.text.replaceAll('&apos;', "'"), why).toMatch(message);
    }
    // A form with no file part at all, properly closed.
    const { body } = form({ ...v4, key: 'invalid/none' }, { name: 'x', data: Buffer.alloc(0) });
    const withoutFile = Buffer.from(
      body
        .toString('latin1')
        .replace(/--[^\r\n]+\r\nContent-Disposition: form-data; name="file"[\s\S]*?\r\n(?=--)/, ''),
      'latin1',
    );
    const noFile = await fetch(`${t.store.url}/forms`, {
      method: 'POST',
      body: withoutFile,
      headers: { 'content-type': form({}, file).contentType },
    });
    expect([noFile.status, xmlCode(await noFile.text())]).toEqual([
      400,
      'IncorrectNumberOfFilesInPostRequest',
    ]);
    expect(diskChanges(before, await snapshotDrives(t.dir))).toEqual([]);
  });

  it('policy refusals name the failure as S3 does: expired, a condition the form breaks', async () => {
    const policy = (conditions: unknown[], expiration = expiresIn(10)) => ({ expiration, conditions });
    const file = { name: 'f.txt', data: Buffer.from('x') };
    const expired = await post(
      {
        ...signedPolicy(policy([{ bucket: 'forms' }, { key: 'late.txt' }], expiresIn(-1)), 'v4'),
        key: 'late.txt',
      },
      file,
    );
    expect([expired.status, xmlCode(expired.text)]).toEqual([403, 'AccessDenied']);
    expect(expired.text).toContain('Invalid according to Policy: Policy expired.');
    const broken = await post(
      { ...signedPolicy(policy([{ bucket: 'forms' }, ['eq', '$key', 'one.txt']]), 'v4'), key: 'two.txt' },
      file,
    );
    expect([broken.status, xmlCode(broken.text)]).toEqual([403, 'AccessDenied']);
    expect(broken.text.replaceAll('&quot;', '"')).toContain(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$key", "one.txt"]',
    );
  });

  it('an anonymous form (no policy, no signature) is let in only by a bucket policy granting everyone', async () => {
    const file = { name: 'a.txt', data: Buffer.from('anonymous drop') };
    const refused = await post({ key: 'dropbox/a.txt' }, file);
    expect([refused.status, xmlCode(refused.text)]).toEqual([403, 'AccessDenied']);
    await setFormsPolicy(putObjectStatement('Allow', 'arn:aws:s3:::forms/dropbox/*'));
    try {
      const res = await post({ key: 'dropbox/a.txt', 'x-amz-meta-from': 'anyone' }, file);
      expect(res.status).toBe(204);
      expect(await read('dropbox/a.txt')).toBe('anonymous drop');
      const outside = await post({ key: 'elsewhere.txt' }, file);
      expect([outside.status, xmlCode(outside.text)]).toEqual([403, 'AccessDenied']);
    } finally {
      await t.s3.send(new DeleteBucketPolicyCommand({ Bucket: 'forms' }));
    }
  });

  it('a stored form publishes s3:ObjectCreated:Post, redirected or not', async () => {
    const listener = t.minio.listenBucketNotification('forms', 'evented/', '', ['s3:ObjectCreated:*']);
    const heard: Array<{ eventName: string; s3: { object: { key: string; size?: number; eTag?: string } } }> =
      [];
    listener.on('notification', (r) => heard.push(r as (typeof heard)[number]));
    const probe = 'evented/probe';
    await listening(
      () => heard.length > 0,
      () => t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'forms', Key: probe, Body: 'p' })),
    );
    const got = () => heard.filter((r) => r.s3.object.key !== probe);
    const plain = await presigned((p) => p.setKey('evented/plain.txt'));
    const sent = await send(plain, {}, { name: 'p.txt', data: Buffer.from('12345') });
    const redirected = await presigned((p) => {
      p.setKey('evented/redirected.txt');
      p.policy.conditions.push(['starts-with', '$success_action_redirect', '']);
    });
    await send(
      redirected,
      { success_action_redirect: 'https://app.example/' },
      { name: 'r', data: Buffer.from('r') },
    );
    await until(() => got().length >= 2, { timeout: 5000, interval: 100 });
    listener.stop();
    expect(got().map((r) => [r.eventName, r.s3.object.key])).toEqual([
      ['s3:ObjectCreated:Post', 'evented/plain.txt'],
      ['s3:ObjectCreated:Post', 'evented/redirected.txt'],
    ]);
    expect(got()[0]?.s3.object).toMatchObject({
      size: 5,
      eTag: sent.headers.get('etag')?.replaceAll('"', ''),
    });
  });
});
