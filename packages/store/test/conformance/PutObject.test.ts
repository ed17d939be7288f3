import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32c } from '../../src/s3/auth/crc32c.js';
import { Crc64Nvme } from '../../src/s3/auth/crc64nvme.js';
import { boto3Installed, python } from './boto3.js';
import { unsignedTrailerPut } from './trailers.js';

const { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'docs' }));
});
afterAll(() => t.close());

const md5 = (data: string | Buffer) => createHash('md5').update(data).digest();
/** A CRC as S3 writes it: the 32-bit value big-endian, in base64. */
const numberSum = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out.toString('base64');
};

const crc64nvme = (data: Buffer) => {
  const crc = new Crc64Nvme();
  crc.update(data);
  return crc.digest().toString('base64');
};

/** A PUT with x-amz-checksum-<alg>: as a header, or as the trailer of an aws-chunked body. */
function putWithChecksum(key: string, data: Buffer, alg: string, value: string, form: 'header' | 'trailer') {
  const path = `/docs/${key}`;
  if (form === 'header')
    return signedRequest(t.store.port, {
      method: 'PUT',
      path,
      body: data,
      headers: { [`x-amz-checksum-${alg}`]: value },
    });
  return unsignedTrailerPut(
    t.store.port,
    path,
    data,
    `x-amz-checksum-${alg}`,
    `x-amz-checksum-${alg}:${value}`,
  );
}
/** An unsigned aws-chunked PUT whose trailer section and x-amz-trailer are as given. */
const trailerPut = (path: string, data: Buffer, declared: string | undefined, trailer: string | undefined) =>
  unsignedTrailerPut(t.store.port, `/${path}`, data, declared, trailer);
const read = async (key: string) =>
  (await t.s3.send(new GetObjectCommand({ Bucket: 'docs', Key: key }))).Body!.transformToString();

describe('PutObject', () => {
  it('stores the bytes and answers the quoted hex MD5 as ETag', async () => {
    const out = await t.s3.send(
      new PutObjectCommand({ Bucket: 'docs', Key: 'hello.txt', Body: 'hello world' }),
    );
    expect(out.ETag).toBe(`"${md5('hello world').toString('hex')}"`);
    expect(await read('hello.txt')).toBe('hello world');
  });

  it('keeps Content-Type, x-amz-meta-* and the standard headers', async () => {
    await t.s3.send(
      new PutObjectCommand({
        Bucket: 'docs',
        Key: 'report.json',
        Body: '{}',
        ContentType: 'application/json',
        CacheControl: 'no-cache',
        ContentDisposition: 'attachment; filename="r.json"',
        Metadata: { owner: 'alice', 'Mixed-Case': 'Value Kept' },
      }),
    );
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'report.json' }));
    expect(head.ContentType).toBe('application/json');
    expect(head.CacheControl).toBe('no-cache');
    expect(head.ContentDisposition).toBe('attachment; filename="r.json"');
    expect(head.Metadata).toEqual({ owner: 'alice', 'mixed-case': 'Value Kept' });
    // MinIO's response conventions: the node's id beside the request's.
    expect(head.$metadata.extendedRequestId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('metadata limits count the bytes sent: 1400 bytes of UTF-8 fit in 2 KiB and read back as the text', async () => {
    // 700 × "é" as UTF-8: each character is two bytes, given here as a header holds them.
    const value = Buffer.from('é'.repeat(700), 'utf8').toString('latin1');
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/utf8-meta',
      body: 'x',
      headers: { 'x-amz-meta-a': value },
    });
    expect(res.status).toBe(200);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'utf8-meta' }));
    expect(head.Metadata!.a).toBe('é'.repeat(700));
  });

  it('non-ASCII metadata is signed and stored as AWS clients send it, and reads back as the text written', async () => {
    boto3Installed();
    // The JS SDK signs the text and writes its UTF-8 bytes; clients read answers as Latin-1,
    // so text Latin-1 can carry is answered in it.
    await t.s3.send(
      new PutObjectCommand({
        Bucket: 'docs',
        Key: 'sdk-meta',
        Body: 'x',
        Metadata: { name: 'café ünïcode' },
      }),
    );
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'sdk-meta' }));
    expect(head.Metadata!.name).toBe('café ünïcode');
    // boto3 with a header set on the request (Ceph s3-tests test_object_set_get_unicode_metadata).
    const out = await python(
      t,
      `
def unicode_meta(**kwargs):
    kwargs['params']['headers']['x-amz-meta-meta1'] = u"Hello World\\xe9"
s3.meta.events.register('before-call.s3.PutObject', unicode_meta)
put = code(lambda: s3.put_object(Bucket='docs', Key='boto-meta', Body=b'bar'))
s3.meta.events.unregister('before-call.s3.PutObject', unicode_meta)
got = s3.get_object(Bucket='docs', Key='boto-meta')['Metadata']['meta1']
print(json.dumps({'put': put, 'got': got}))
`,
    );
    expect(out).toEqual({ put: 'ok', got: 'Hello World\xe9' });
    // Text Latin-1 cannot carry goes back as the UTF-8 bytes it came as (as MinIO answers).
    const wideSent = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/wide-meta',
      body: 'x',
      headers: { 'x-amz-meta-name': Buffer.from('€ 日本', 'utf8').toString('latin1') },
    });
    expect(wideSent.status).toBe(200);
    const wide = await t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'wide-meta' }));
    expect(Buffer.from(wide.Metadata!.name!, 'latin1').toString('utf8')).toBe('€ 日本');
  });

  it('a metadata header sent twice keeps both values joined with a comma, as MinIO and SigV4 join them', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/dup-meta',
      body: 'x',
      headers: { 'x-amz-meta-dup': 'a,b' },
      tamper: (h) => {
        (h as Record<string, unknown>)['x-amz-meta-dup'] = ['a', 'b'];
      },
    });
    expect(res.status).toBe(200);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'dup-meta' }));
    expect(head.Metadata).toEqual({ dup: 'a,b' });
  });

  it('standard headers sent twice are kept joined with a comma, as signed; odd values stay as sent', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/dup-standard',
      body: 'x',
      headers: {
        'cache-control': 'no-cache,max-age=0',
        'content-language': 'en,fr',
        expires: 'not a date',
        'content-disposition': 'inline;  filename="a b"',
      },
      tamper: (h) => {
        const headers = h as Record<string, unknown>;
        headers['cache-control'] = ['no-cache', 'max-age=0'];
        headers['content-language'] = ['en', 'fr'];
      },
    });
    expect(res.status).toBe(200);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'dup-standard' }));
    expect([head.CacheControl, head.ContentLanguage, head.ExpiresString, head.ContentDisposition]).toEqual([
      'no-cache,max-age=0',
      'en,fr',
      'not a date',
      'inline;  filename="a b"',
    ]);
  });

  it('checks Content-MD5: a match stores, a mismatch is BadDigest and stores nothing', async () => {
    await t.s3.send(
      new PutObjectCommand({
        Bucket: 'docs',
        Key: 'md5-ok',
        Body: 'abc',
        ContentMD5: md5('abc').toString('base64'),
      }),
    );
    const err = await t.s3
      .send(
        new PutObjectCommand({
          Bucket: 'docs',
          Key: 'md5-bad',
          Body: 'abc',
          ContentMD5: md5('xyz').toString('base64'),
        }),
      )
      .catch((e: { name: string }) => e);
    expect((err as { name: string }).name).toBe('BadDigest');
    await expect(t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'md5-bad' }))).rejects.toMatchObject({
      name: 'NotFound',
    });
  });

  it('Content-Encoding is kept as sent, less the aws-chunked framing of a streamed body', async () => {
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'docs', Key: 'enc-plain', Body: 'x', ContentEncoding: 'deflate, gzip' }),
    );
    // Streamed, the SDK appends aws-chunked to the encoding it was given.
    await t.s3.send(
      new PutObjectCommand({
        Bucket: 'docs',
        Key: 'enc-streamed',
        Body: Readable.from([Buffer.from('streamed')]),
        ContentLength: 8,
        ContentEncoding: 'deflate, gzip',
      }),
    );
    const encoding = async (Key: string) =>
      (await t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key }))).ContentEncoding;
    expect([await encoding('enc-plain'), await encoding('enc-streamed')]).toEqual([
      'deflate, gzip',
      'deflate, gzip',
    ]);
  });

  it('accepts a streamed body (aws-chunked with a CRC32 trailer)', async () => {
    const data = Buffer.alloc(200_000, 'z');
    await t.s3.send(
      new PutObjectCommand({
        Bucket: 'docs',
        Key: 'streamed.bin',
        Body: Readable.from([data.subarray(0, 70_000), data.subarray(70_000)]),
        ContentLength: data.length,
      }),
    );
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'docs', Key: 'streamed.bin' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(data)).toBe(true);
    expect(got.ETag).toBe(`"${md5(data).toString('hex')}"`);
  });

  it('flexible checksums, in a header or a trailer: checked, kept and answered; a wrong one is BadDigest', async () => {
    const data = Buffer.from('flexible checksums '.repeat(1000));
    const sums: Record<string, string> = {
      crc32: numberSum(crc32(data)),
      crc32c: numberSum(crc32c(data, 0)),
      crc64nvme: crc64nvme(data),
      sha1: createHash('sha1').update(data).digest('base64'),
      sha256: createHash('sha256').update(data).digest('base64'),
    };
    // Well-formed values (the algorithm's digest length) that do not match.
    const wrong = (alg: string) =>
      alg === 'crc64nvme'
        ? 'AAAAAAAAAAA='
        : alg.startsWith('crc')
          ? 'AAAAAA=='
          : createHash(alg).update('x').digest('base64');
    for (const [alg, sum] of Object.entries(sums)) {
      for (const form of ['header', 'trailer'] as const) {
        const key = `sum-${alg}-${form}`;
        const good = await putWithChecksum(key, data, alg, sum, form);
        expect([good.status, good.headers[`x-amz-checksum-${alg}`]], key).toEqual([200, sum]);
        const head = await t.s3.send(
          new HeadObjectCommand({ Bucket: 'docs', Key: key, ChecksumMode: 'ENABLED' }),
        );
        const field = `Checksum${alg.toUpperCase()}` as 'ChecksumCRC32';
        expect(head[field], key).toBe(sum);
        const bad = await putWithChecksum(`${key}-bad`, data, alg, wrong(alg), form);
        expect([bad.status, xmlCode(bad.body)], key).toEqual([400, 'BadDigest']);
        await expect(
          t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: `${key}-bad` })),
        ).rejects.toMatchObject({
          name: 'NotFound',
        });
      }
    }
    // One checksum per request: a second would be kept without being checked.
    const two = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/two-sums',
      body: data,
      headers: { 'x-amz-checksum-crc32': sums.crc32!, 'x-amz-checksum-sha256': wrong('sha256') },
    });
    expect([two.status, xmlCode(two.body)]).toEqual([400, 'InvalidRequest']);
    // A name S3 does not know, a malformed value, and an SDK algorithm with no checksum of its
    // kind are refused as S3 refuses them.
    for (const [headers, why] of [
      [{ 'x-amz-checksum-aaa': 'x', 'x-amz-checksum-sha1': wrong('sha1') }, 'unknown name'],
      [
        { 'x-amz-checksum-md5': createHash('md5').update(data).digest('base64') },
        'md5 is no flexible checksum',
      ],
      [{ 'x-amz-checksum-sha256': createHash('sha256').update(data).digest('hex') }, 'hex, not base64'],
      [{ 'x-amz-checksum-crc32': 'AAAAAAA=' }, 'five bytes for crc32'],
      [{ 'x-amz-checksum-sha256': '' }, 'empty'],
      [{ 'x-amz-sdk-checksum-algorithm': 'CRC32' }, 'sdk algorithm without a checksum'],
      [
        { 'x-amz-sdk-checksum-algorithm': 'CRC32', 'x-amz-checksum-sha1': sums.sha1! },
        'sdk algorithm of another kind',
      ],
      [
        { 'x-amz-sdk-checksum-algorithm': 'BOGUS', 'x-amz-checksum-sha1': sums.sha1! },
        'unknown sdk algorithm',
      ],
      [{ 'x-amz-trailer': 'x-amz-checksum-crc32' }, 'a trailer on a body that cannot carry one'],
    ] as const) {
      const odd = await signedRequest(t.store.port, {
        method: 'PUT',
        path: '/docs/odd-sum',
        body: data,
        headers,
      });
      expect([odd.status, xmlCode(odd.body)], why).toEqual([400, 'InvalidRequest']);
    }
    const matching = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/odd-sum',
      body: data,
      headers: { 'x-amz-sdk-checksum-algorithm': 'sha1', 'x-amz-checksum-sha1': sums.sha1! },
    });
    expect(matching.status).toBe(200);
    // A trailer is the one x-amz-trailer declares: undeclared, other or missing ones would be
    // kept unchecked, and are MalformedTrailerError.
    for (const [declared, trailer] of [
      [undefined, `x-amz-checksum-crc32:${wrong('crc32')}`],
      ['x-amz-checksum-crc64nvme', `x-amz-checksum-crc32:${wrong('crc32')}`],
      ['x-amz-checksum-crc32', undefined],
      ['x-amz-checksum-crc32', 'x-foo:bar'],
    ] as const) {
      const res = await trailerPut('docs/trailer-case', data, declared, trailer);
      expect([res.status, xmlCode(res.body)], `${declared} ${trailer}`).toEqual([
        400,
        'MalformedTrailerError',
      ]);
    }
    await expect(
      t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'trailer-case' })),
    ).rejects.toMatchObject({
      name: 'NotFound',
    });
    // The SDK streams a body of unknown framing with the checksum in a trailer.
    const sent = await t.s3.send(
      new PutObjectCommand({
        Bucket: 'docs',
        Key: 'sdk-trailer',
        Body: Readable.from([data]),
        ContentLength: data.length,
        ChecksumAlgorithm: 'CRC32',
      }),
    );
    expect(sent.ChecksumCRC32).toBe(sums.crc32);
  });

  it('conditional writes: If-None-Match: * creates only, If-Match swaps only the ETag it names', async () => {
    const put = (Key: string, Body: string, cond: { IfNoneMatch?: string; IfMatch?: string }) =>
      t.s3.send(new PutObjectCommand({ Bucket: 'docs', Key, Body, ...cond })).then(
        (out) => ({ status: 200, etag: out.ETag }),
        (err: { name: string; $metadata?: { httpStatusCode?: number } }) => ({
          status: err.$metadata?.httpStatusCode,
          etag: err.name,
        }),
      );
    const first = await put('cas', 'one', { IfNoneMatch: '*' });
    expect(first.status).toBe(200);
    expect(await put('cas', 'two', { IfNoneMatch: '*' })).toEqual({
      status: 412,
      etag: 'PreconditionFailed',
    });
    expect(await put('cas', 'two', { IfMatch: '"0123456789abcdef0123456789abcdef"' })).toEqual({
      status: 412,
      etag: 'PreconditionFailed',
    });
    expect(await read('cas')).toBe('one');
    const swapped = await put('cas', 'two', { IfMatch: first.etag! });
    expect(swapped.status).toBe(200);
    expect(await read('cas')).toBe('two');
    expect(await put('cas-missing', 'x', { IfMatch: '*' })).toEqual({ status: 404, etag: 'NoSuchKey' });
    expect((await put('cas', 'x', { IfNoneMatch: swapped.etag! })).status).toBe(501);
    // Racing creates of one key: exactly one wins.
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put('cas-race', `writer ${i}`, { IfNoneMatch: '*' })),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 412)).toHaveLength(7);
  });

  it('stores empty objects and overwrites existing ones', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'docs', Key: 'empty', Body: '' }));
    expect(await read('empty')).toBe('');
    await t.s3.send(new PutObjectCommand({ Bucket: 'docs', Key: 'empty', Body: 'now full' }));
    expect(await read('empty')).toBe('now full');
  });

  it('round-trips keys with spaces, plus signs, percent signs and unicode', async () => {
    for (const key of ['a b+c%20d', 'dir/sub dir/ünïcödé ☃.txt', "quote's & amp", 'trailing/']) {
      await t.s3.send(new PutObjectCommand({ Bucket: 'docs', Key: key, Body: key }));
      expect(await read(key)).toBe(key);
    }
  });

  it('answers NoSuchBucket for a missing bucket', async () => {
    await expect(
      t.s3.send(new PutObjectCommand({ Bucket: 'nope', Key: 'k', Body: 'x' })),
    ).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('refuses a body that does not match x-amz-content-sha256, leaving nothing behind', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/tampered',
      body: 'original',
      tamper: (h) => {
        h['x-amz-content-sha256'] = createHash('sha256').update('original').digest('hex');
      },
      headers: {},
    });
    expect(res.status).toBe(200);
    const bad = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/tampered2',
      body: 'signed body',
    });
    expect(bad.status).toBe(200);
    const mismatch = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/tampered3',
      body: 'signed body',
      bodyOverride: 'other body!',
    });
    expect(mismatch.status).toBe(400);
    expect(xmlCode(mismatch.body)).toBe('XAmzContentSHA256Mismatch');
    await expect(
      t.s3.send(new HeadObjectCommand({ Bucket: 'docs', Key: 'tampered3' })),
    ).rejects.toMatchObject({
      name: 'NotFound',
    });
    // Nothing half-written stays in the drive's temporary area.
    expect(await readdir(`${t.drives[0]}/.stowage.sys/tmp`)).toEqual([]);
  });

  it('requires a Content-Length', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/docs/no-length',
      body: 'abc',
      chunked: true,
    });
    expect(res.status).toBe(411);
    expect(xmlCode(res.body)).toBe('MissingContentLength');
  });

  it('works through the minio SDK', async () => {
    const out = await t.minio.putObject('docs', 'via-minio.txt', Buffer.from('minio data'), 10, {
      'Content-Type': 'text/plain',
      'X-Amz-Meta-Color': 'blue',
    });
    expect(out.etag).toBe(md5('minio data').toString('hex'));
    const stat = await t.minio.statObject('docs', 'via-minio.txt');
    expect(stat.metaData).toMatchObject({ 'content-type': 'text/plain', color: 'blue' });
  });
});
