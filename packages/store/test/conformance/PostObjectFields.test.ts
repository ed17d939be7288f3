import { createHash, createHmac } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { signingKey } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNDARY, expiresIn, type PostPolicyBuilder, postForms, signedPolicy } from './post-form.js';

// POST Object's framing and the fields that stand for a PUT's headers: fields after the file
// are ignored (AWS's example form ends with a submit button), tagging is kept, and
// Content-MD5 and x-amz-checksum-* are checked against the file.

const { CreateBucketCommand, GetObjectTaggingCommand, HeadObjectCommand, ListObjectsV2Command } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'forms' }));
});
afterAll(() => t.close());

const { presigned, form, send, post, read } = postForms(() => t);

/** A condition the policy signs, with the form field that meets it. */
const signed = (p: PostPolicyBuilder, field: string, value: string) => {
  p.policy.conditions.push(['eq', `$${field}`, value]);
  p.formData[field] = value;
};
const keys = async () =>
  ((await t.s3.send(new ListObjectsV2Command({ Bucket: 'forms' }))).Contents ?? []).map((o) => o.Key);

describe('POST Object framing', () => {
  it('ignores fields after the file and an epilogue, as S3 does', async () => {
    const post = await presigned((p) => p.setKey('with-submit.txt'));
    const res = await send(
      post,
      {},
      { name: 'a.txt', data: Buffer.from('the file itself') },
      { after: { submit: 'Upload to Amazon S3' }, epilogue: 'trailing bytes' },
    );
    expect(res.status).toBe(204);
    expect(await read('with-submit.txt')).toBe('the file itself');
  });

  it('keeps delimiter-like bytes inside the file that are not a delimiter', async () => {
    const post = await presigned((p) => p.setKey('tricky.bin'));
    const data = Buffer.from(`start\r\n--${BOUNDARY}X not a delimiter\r\n--${BOUNDARY}tail`);
    expect((await send(post, {}, { name: 't.bin', data })).status).toBe(204);
    expect(await read('tricky.bin')).toBe(data.toString());
  });

  it('judges content-length-range on the file, not on what follows it', async () => {
    const post = await presigned((p) => {
      p.setKey('ranged.bin');
      p.setContentLengthRange(10, 20);
    });
    const file = { name: 'r.bin', data: Buffer.alloc(15, 1) };
    // The trailing field makes the body far longer than the range allows: still stored.
    const ok = await send(post, {}, file, { after: { padding: 'x'.repeat(500) } });
    expect(ok.status).toBe(204);
    const big = await send(post, {}, { name: 'r.bin', data: Buffer.alloc(21, 1) });
    expect([big.status, xmlCode(big.text)]).toEqual([400, 'EntityTooLarge']);
    const small = await send(post, {}, { name: 'r.bin', data: Buffer.alloc(9, 1) }, { after: { s: 'x' } });
    expect([small.status, xmlCode(small.text)]).toEqual([400, 'EntityTooSmall']);
    expect((await read('ranged.bin')).length).toBe(15);
  });

  it('judges the key with the filename in it, as MinIO does', async () => {
    const post = await presigned((p) => p.setKey('up/photo.jpg'));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's literal key placeholder
    const res = await send(post, { key: 'up/${filename}' }, { name: 'photo.jpg', data: Buffer.from('jpeg') });
    expect(res.status).toBe(204);
    expect(await read('up/photo.jpg')).toBe('jpeg');
  });

  it('refuses an expiration that is not an ISO 8601 time', async () => {
    const post = await presigned((p) => p.setKey('late.txt'));
    const policy = JSON.parse(Buffer.from(post.formData.policy!, 'base64').toString());
    policy.expiration = 'Dec 31 2099';
    const text = Buffer.from(JSON.stringify(policy)).toString('base64');
    // Signed again, as the signer's own policy.
    const [, date, region, service] = post.formData['x-amz-credential']!.split('/') as [
      string,
      string,
      string,
      string,
    ];
    const signature = createHmac('sha256', signingKey(ROOT.secretKey, { date, region, service }))
      .update(text)
      .digest('hex');
    const res = await send(
      post,
      { policy: text, 'x-amz-signature': signature },
      { name: 'l.txt', data: Buffer.from('x') },
    );
    expect([res.status, xmlCode(res.text)]).toEqual([400, 'InvalidPolicyDocument']);
    expect(await keys()).not.toContain('late.txt');
  });
});

describe('POST Object fields', () => {
  it('keeps the tagging field as the object tags', async () => {
    const xml = '<Tagging><TagSet><Tag><Key>team</Key><Value>web</Value></Tag></TagSet></Tagging>';
    const post = await presigned((p) => {
      p.setKey('tagged.txt');
      signed(p, 'tagging', xml);
    });
    expect((await send(post, {}, { name: 't.txt', data: Buffer.from('tags') })).status).toBe(204);
    const tags = await t.s3.send(new GetObjectTaggingCommand({ Bucket: 'forms', Key: 'tagged.txt' }));
    expect(tags.TagSet).toEqual([{ Key: 'team', Value: 'web' }]);

    const bad = await presigned((p) => {
      p.setKey('badly-tagged.txt');
      signed(p, 'tagging', '<Tagging><TagSet><Tag><Key>aws:x</Key><Value>v</Value></Tag></TagSet></Tagging>');
    });
    const refused = await send(bad, {}, { name: 't.txt', data: Buffer.from('tags') });
    expect([refused.status, xmlCode(refused.text)]).toEqual([400, 'InvalidTag']);
    expect(await keys()).not.toContain('badly-tagged.txt');
  });

  it('checks Content-MD5 against the file', async () => {
    const data = Buffer.from('digest me');
    const md5 = createHash('md5').update(data).digest('base64');
    const good = await presigned((p) => {
      p.setKey('md5-good.txt');
      signed(p, 'Content-MD5', md5);
    });
    expect((await send(good, {}, { name: 'm.txt', data })).status).toBe(204);
    const wrong = await presigned((p) => {
      p.setKey('md5-wrong.txt');
      signed(p, 'Content-MD5', createHash('md5').update('other').digest('base64'));
    });
    const res = await send(wrong, {}, { name: 'm.txt', data });
    expect([res.status, xmlCode(res.text)]).toEqual([400, 'BadDigest']);
    const malformed = await presigned((p) => {
      p.setKey('md5-malformed.txt');
      signed(p, 'Content-MD5', 'not-base64-md5');
    });
    const bad = await send(malformed, {}, { name: 'm.txt', data });
    expect([bad.status, xmlCode(bad.text)]).toEqual([400, 'InvalidDigest']);
    expect((await keys()).filter((k) => k?.startsWith('md5-'))).toEqual(['md5-good.txt']);
  });

  it('checks an x-amz-checksum-* field against the file and keeps it', async () => {
    const data = Buffer.from('checksummed file');
    const sha256 = createHash('sha256').update(data).digest('base64');
    const good = await presigned((p) => {
      p.setKey('sum-good.txt');
      signed(p, 'x-amz-checksum-sha256', sha256);
    });
    expect((await send(good, {}, { name: 's.txt', data })).status).toBe(204);
    const head = await t.s3.send(
      new HeadObjectCommand({ Bucket: 'forms', Key: 'sum-good.txt', ChecksumMode: 'ENABLED' }),
    );
    expect(head.ChecksumSHA256).toBe(sha256);
    const wrong = await presigned((p) => {
      p.setKey('sum-wrong.txt');
      signed(p, 'x-amz-checksum-sha256', createHash('sha256').update('other').digest('base64'));
    });
    const res = await send(wrong, {}, { name: 's.txt', data });
    expect([res.status, xmlCode(res.text)]).toEqual([400, 'BadDigest']);
    expect(await keys()).not.toContain('sum-wrong.txt');
    // A value that cannot be a SHA-256 (hex, not base64) is refused as the header is.
    const malformed = await presigned((p) => {
      p.setKey('sum-malformed.txt');
      signed(p, 'x-amz-checksum-sha256', createHash('sha256').update(data).digest('hex'));
    });
    const bad = await send(malformed, {}, { name: 's.txt', data });
    expect([bad.status, xmlCode(bad.text)]).toEqual([400, 'InvalidRequest']);
    expect(await keys()).not.toContain('sum-malformed.txt');
  });

  it('stores the Content-Type, Cache-Control, Content-Disposition, Content-Encoding and Expires fields', async () => {
    const stored = {
      'Content-Type': 'text/csv',
      'Cache-Control': 'max-age=60',
      'Content-Disposition': 'attachment; filename="report.csv"',
      'Content-Encoding': 'identity',
      Expires: 'Wed, 21 Oct 2037 07:28:00 GMT',
    };
    const post = await presigned((p) => {
      p.setKey('headers.csv');
      for (const [k, v] of Object.entries(stored)) signed(p, k, v);
    });
    expect((await send(post, {}, { name: 'h.csv', data: Buffer.from('a,b') })).status).toBe(204);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'forms', Key: 'headers.csv' }));
    expect([head.ContentType, head.CacheControl, head.ContentDisposition, head.ContentEncoding]).toEqual([
      'text/csv',
      'max-age=60',
      'attachment; filename="report.csv"',
      'identity',
    ]);
    expect(head.ExpiresString).toBe('Wed, 21 Oct 2037 07:28:00 GMT');
  });

  it('field names in any case; x-ignore-* fields need no condition; a 0-byte file is stored', async () => {
    const policy = {
      expiration: expiresIn(10),
      conditions: [{ bucket: 'forms' }, ['starts-with', '$Key', 'cased/'], ['eq', '$X-AMZ-META-Who', 'me']],
    };
    const creds = Object.fromEntries(
      Object.entries(signedPolicy(policy, 'v4')).map(([k, v]) => [k.toUpperCase(), v]),
    );
    const res = await post(
      { ...creds, KEY: 'cased/empty.txt', 'x-amz-meta-who': 'me', 'X-Ignore-Anything': 'skipped' },
      { name: 'e.txt', data: Buffer.alloc(0) },
    );
    expect(res.status).toBe(204);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'forms', Key: 'cased/empty.txt' }));
    expect([head.ContentLength, head.Metadata]).toEqual([0, { who: 'me' }]);
  });

  it('refuses starts-with on the fields S3 only matches exactly (bucket, credentials); takes it on tagging', async () => {
    const file = { name: 'f.txt', data: Buffer.from('x') };
    const tagging = '<Tagging><TagSet><Tag><Key>a</Key><Value>b</Value></Tag></TagSet></Tagging>';
    for (const [field, value] of [
      ['bucket', 'for'],
      ['x-amz-credential', ''],
      ['x-amz-date', ''],
      ['x-amz-algorithm', 'AWS4'],
    ] as const) {
      const policy = {
        expiration: expiresIn(10),
        conditions: [
          ['starts-with', `$${field}`, value],
          { key: 'exact-only.txt' },
          { tagging },
          ...(field === 'bucket' ? [] : [{ bucket: 'forms' }]),
        ],
      };
      const res = await post({ ...signedPolicy(policy, 'v4'), key: 'exact-only.txt', tagging }, file);
      expect([res.status, xmlCode(res.text)], field).toEqual([403, 'AccessDenied']);
    }
    expect(await keys()).not.toContain('exact-only.txt');
    // s3-tests' post_object_tags_authenticated_request: AWS lets any tagging start with "".
    const loose = {
      expiration: expiresIn(10),
      conditions: [['starts-with', '$tagging', ''], { key: 'tags-loose.txt' }, { bucket: 'forms' }],
    };
    const res = await post({ ...signedPolicy(loose, 'v4'), key: 'tags-loose.txt', tagging }, file);
    expect(res.status).toBe(204);
    const tags = await t.s3.send(new GetObjectTaggingCommand({ Bucket: 'forms', Key: 'tags-loose.txt' }));
    expect(tags.TagSet).toEqual([{ Key: 'a', Value: 'b' }]);
  });

  it('a policy that names no bucket is good for none (V2 and V4), as AWS and MinIO refuse it', async () => {
    const file = { name: 'f.txt', data: Buffer.from('x') };
    for (const version of ['v2', 'v4'] as const) {
      const key = `no-bucket-${version}.txt`;
      const loose = { expiration: expiresIn(10), conditions: [{ key }] };
      const res = await post({ ...signedPolicy(loose, version), key }, file);
      expect([res.status, xmlCode(res.text)], version).toEqual([403, 'AccessDenied']);
      expect(res.text, version).toMatch(/Extra input fields: bucket/);
      const named = { expiration: expiresIn(10), conditions: [{ key }, { bucket: 'forms' }] };
      expect((await post({ ...signedPolicy(named, version), key }, file)).status, version).toBe(204);
    }
  });

  it('a field given twice fails the condition on it, as MinIO refuses it', async () => {
    const post = await presigned((p) => p.setKeyStartsWith('twice/'));
    const { body, contentType } = form(
      { ...post.formData, key: 'twice/first.txt' },
      { name: 't.txt', data: Buffer.from('t') },
    );
    // The field repeated before the file, under another case of its name.
    const twice = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="Key"\r\n\r\ntwice/second.txt\r\n`),
      body,
    ]);
    const res = await fetch(post.postURL, {
      method: 'POST',
      body: twice,
      headers: { 'content-type': contentType },
    });
    expect([res.status, xmlCode(await res.text())]).toEqual([403, 'AccessDenied']);
    expect((await keys()).filter((k) => k?.startsWith('twice/'))).toEqual([]);
  });

  it('SSE-C key fields need no policy condition (the key stays out of the policy)', async () => {
    const keyBytes = Buffer.alloc(32, 4);
    const post = await presigned((p) => p.setKey('sealed-unlisted.txt'));
    const res = await send(
      post,
      {
        'x-amz-server-side-encryption-customer-algorithm': 'AES256',
        'x-amz-server-side-encryption-customer-key': keyBytes.toString('base64'),
        'x-amz-server-side-encryption-customer-key-md5': createHash('md5').update(keyBytes).digest('base64'),
      },
      { name: 's.txt', data: Buffer.from('sealed') },
    );
    expect(res.status).toBe(204);
    await expect(read('sealed-unlisted.txt')).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 } });
  });

  it('success_action_status other than 200/201/204 answers 204; 200 answers an empty 200', async () => {
    const post = await presigned((p) => {
      p.setKey('status.txt');
      p.policy.conditions.push(['starts-with', '$success_action_status', '']);
    });
    const file = { name: 's.txt', data: Buffer.from('s') };
    const odd = await send(post, { success_action_status: '302' }, file);
    expect([odd.status, odd.text]).toEqual([204, '']);
    const ok = await send(post, { success_action_status: '200' }, file);
    expect([ok.status, ok.text]).toEqual([200, '']);
  });

  it('a success_action_redirect S3 cannot read as a URL is ignored, not followed or echoed', async () => {
    const post = await presigned((p) => {
      p.setKey('redirect-ignored.txt');
      p.policy.conditions.push(['starts-with', '$success_action_redirect', '']);
      p.policy.conditions.push(['starts-with', '$success_action_status', '']);
    });
    const file = { name: 'r.txt', data: Buffer.from('r') };
    for (const redirect of [
      'not a url',
      '/relative/page',
      'javascript:alert(1)',
      'https://ok.example/\r\nSet-Cookie: x=1',
    ]) {
      const res = await send(post, { success_action_redirect: redirect, success_action_status: '201' }, file);
      if (redirect.startsWith('https:')) {
        // Control characters never reach the header: the URL parser drops them.
        expect(res.status, redirect).toBe(303);
        expect(res.headers.get('location'), redirect).toMatch(
          /^https:\/\/ok\.example\/Set-Cookie:%20x=1\?bucket=forms&/,
        );
        expect(res.headers.get('set-cookie'), redirect).toBeNull();
      } else {
        expect(res.status, redirect).toBe(201);
      }
    }
  });
});
