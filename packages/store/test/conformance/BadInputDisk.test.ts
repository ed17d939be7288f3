import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DiskSnapshot, diskChanges, snapshotDrives } from './disk.js';
import { requestHead, sendRaw } from './wire.js';

// Bad input that reaches the store after the bucket exists: every request here is refused
// with its S3 error, the server keeps serving, and the drives are byte-for-byte unchanged.

const { CreateBucketCommand, CreateMultipartUploadCommand, ListBucketsCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
let uploadId = '';
let before: DiskSnapshot;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'target' }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'target', Key: 'existing', Body: 'original' }));
  const mp = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'target', Key: 'mp' }));
  uploadId = mp.UploadId ?? '';
});
afterAll(() => t.close());
beforeEach(async () => {
  before = await snapshotDrives(t.dir);
});
afterEach(async () => {
  const out = await t.s3.send(new ListBucketsCommand({}));
  expect(out.Buckets?.map((b) => b.Name)).toEqual(['locked', 'target']);
  expect(diskChanges(before, await snapshotDrives(t.dir))).toEqual([]);
});

const put = (path: string, body: string, extra: Partial<Parameters<typeof signedRequest>[1]> = {}) =>
  signedRequest(t.store.port, { method: 'PUT', path, body, ...extra });

describe('keys', () => {
  it('invalid UTF-8 in the path: raw bytes InvalidURI, percent-encoded XMinioInvalidObjectName (400)', async () => {
    const cases = [
      ['/target/\xff\xfe', 'InvalidURI'],
      ['/target/a\xc3\x28b', 'InvalidURI'],
      ['/target/%C3%28', 'XMinioInvalidObjectName'],
      ['/target/%ff', 'XMinioInvalidObjectName'],
    ] as const;
    for (const [raw, code] of cases) {
      const res = await sendRaw(
        t.store.port,
        [
          requestHead('PUT', raw, {
            host: 'x',
            'content-length': '1',
            authorization: 'x',
            connection: 'close',
          }),
          Buffer.from('x'),
        ],
        { after: 'wait' },
      );
      expect(res.status, raw).toBe(400);
      expect(xmlCode(res.text), raw).toBe(code);
    }
  });

  it('Unicode bidi controls: XMinioInvalidObjectName (400), through the SDK too', async () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      const res = await put(`/target/${encodeURIComponent(`invoice${c}fdp.exe`)}`, 'x');
      expect(res.status).toBe(400);
      expect(xmlCode(res.body)).toBe('XMinioInvalidObjectName');
    }
    await expect(
      t.s3.send(new PutObjectCommand({ Bucket: 'target', Key: 'a\u202eb', Body: 'x' })),
    ).rejects.toMatchObject({ name: 'XMinioInvalidObjectName', $metadata: { httpStatusCode: 400 } });
  });

  it('NUL, 1025-byte keys and dot segments', async () => {
    expect(xmlCode((await put('/target/a%00b', 'x')).body)).toBe('XMinioInvalidObjectName');
    expect(xmlCode((await put(`/target/${'k'.repeat(1025)}`, 'x')).body)).toBe('KeyTooLongError');
    expect(xmlCode((await put(`/target/${encodeURIComponent('é'.repeat(513))}`, 'x')).body)).toBe(
      'KeyTooLongError',
    );
    for (const key of ['..', 'a/../b', './a', 'a/.', '%2E%2E/x']) {
      expect(xmlCode((await put(`/target/${key}`, 'x')).body), key).toBe('XMinioInvalidObjectName');
    }
  });
});

describe('headers', () => {
  it("headers over Node's limit: RequestHeaderSectionTooLarge (431), connection closed", async () => {
    const head = requestHead('PUT', '/target/big-header', {
      host: 'x',
      'x-amz-meta-big': 'v'.repeat(20 * 1024),
      'content-length': '1',
    });
    const res = await sendRaw(t.store.port, [head, Buffer.from('x')], { after: 'wait' });
    expect([res.status, xmlCode(res.text)]).toEqual([431, 'RequestHeaderSectionTooLarge']);
    expect(res.text).toMatch(/\r\nConnection: close\r\n/);
  });

  it('user metadata over 2 KiB: MetadataTooLarge (400) on put, copy and multipart create', async () => {
    const meta = { 'x-amz-meta-a': 'v'.repeat(1500), 'x-amz-meta-b': 'v'.repeat(600) };
    const put1 = await put('/target/meta', 'x', { headers: meta });
    expect(put1.status).toBe(400);
    expect(xmlCode(put1.body)).toBe('MetadataTooLarge');
    const copy = await put('/target/meta-copy', '', {
      headers: { ...meta, 'x-amz-copy-source': '/target/existing', 'x-amz-metadata-directive': 'REPLACE' },
    });
    expect(xmlCode(copy.body)).toBe('MetadataTooLarge');
    const create = await signedRequest(t.store.port, {
      method: 'POST',
      path: '/target/meta-mp?uploads',
      headers: meta,
    });
    expect(xmlCode(create.body)).toBe('MetadataTooLarge');
    await expect(
      t.s3.send(
        new PutObjectCommand({ Bucket: 'target', Key: 'm', Body: 'x', Metadata: { big: 'v'.repeat(2100) } }),
      ),
    ).rejects.toMatchObject({ name: 'MetadataTooLarge', $metadata: { httpStatusCode: 400 } });
  });

  it('headers over 8 KiB on a PUT: MetadataTooLarge (400), though each is small', async () => {
    const res = await put('/target/disposition', 'x', {
      headers: { 'content-disposition': `attachment; filename="${'f'.repeat(9000)}"` },
    });
    expect([res.status, xmlCode(res.body)]).toEqual([400, 'MetadataTooLarge']);
  });
});

const MALFORMED = [
  '<Truncated><Element>',
  'not xml at all',
  '<?xml version="1.0"?><WrongRoot><A>1</A></WrongRoot>',
  '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><r>&b;</r>',
  '\xff\xfe<\x00',
  // Entities that expand past the parser's limit, or name a file; nesting past its depth.
  `<!DOCTYPE r [<!ENTITY big "${'x'.repeat(9000)}">]><r>${'&big;'.repeat(12)}</r>`,
  '<!DOCTYPE r [<!ENTITY ext SYSTEM "file:///etc/passwd">]><r>&ext;</r>',
  `${'<a>'.repeat(150)}${'</a>'.repeat(150)}`,
  // An entity defined in the document would become a key the client never wrote.
  '<!DOCTYPE Delete [<!ENTITY k "existing">]><Delete><Object><Key>&k;</Key></Object></Delete>',
  // Tens of thousands of elements: refused before parsing.
  `<Delete>${'<a/>'.repeat(100_000)}</Delete>`,
];

describe('malformed XML on every XML-accepting operation: MalformedXML (400)', () => {
  const targets = () => [
    ['PUT', '/new-bucket'],
    // Object lock needs a lock-enabled bucket, replication a versioned one.
    ['PUT', '/locked?object-lock'],
    ['PUT', '/locked?replication'],
    ...['versioning', 'tagging', 'encryption', 'cors', 'lifecycle', 'notification'].map((sub) => [
      'PUT',
      `/target?${sub}`,
    ]),
    ['POST', '/target?delete'],
    ['POST', `/target/mp?uploadId=${uploadId}`],
  ];
  it.each(MALFORMED.map((body, i) => [i, body]))('document %i', async (_i, body) => {
    for (const [method, path] of targets()) {
      const md5 = createHash('md5')
        .update(Buffer.from(body as string))
        .digest('base64');
      const res = await signedRequest(t.store.port, {
        method: method!,
        path: path!,
        body: body as string,
        headers: { 'content-md5': md5 },
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(xmlCode(res.body), `${method} ${path}`).toBe('MalformedXML');
    }
  });

  it('malformed bucket policy JSON: MalformedPolicy (400)', async () => {
    for (const body of ['{', 'not json', '[]', '{"Version":"2012-10-17","Statement":"x"}']) {
      const res = await put('/target?policy', body);
      expect(res.status, body).toBe(400);
      expect(xmlCode(res.body), body).toBe('MalformedPolicy');
    }
  });
});
