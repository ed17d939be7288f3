import { createHash, randomBytes } from 'node:crypto';
import { MadminClient, presignUrl } from '@stowage/madmin';
import type { InjectOptions } from 'fastify';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStorageGateway } from '../src/clients/storage.js';
import { ApiError } from '../src/http/errors.js';
import { createUpload, signParts, signPut as signPutUrl } from '../src/services/objects/multipart-upload.js';
import { SessionStore } from '../src/session/store.js';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// Browser-direct uploads against a real store: the console starts and signs, the "browser"
// (fetch here) PUTs the parts to the store itself.

const MIB = 1024 * 1024;
let h: Harness;
let root: LoggedIn;
let s3: Client;
const call = (method: InjectOptions['method'], url: string, payload?: unknown, who = root) =>
  callAs(h.app, who, method, url, payload);
const q = encodeURIComponent;

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
  await s3.makeBucket('uploads');
});
afterAll(() => h?.close());

const md5 = (b: Buffer) => createHash('md5').update(b).digest();

/** S3's multipart ETag: the MD5 of the parts' MD5s, and the part count. */
function multipartEtag(parts: Buffer[]): string {
  return `${createHash('md5')
    .update(Buffer.concat(parts.map(md5)))
    .digest('hex')}-${parts.length}`;
}

async function start(key: string, size: number, extra: Record<string, unknown> = {}, who = root) {
  return call('POST', '/buckets/uploads/uploads', { key, size, ...extra }, who);
}

async function sign(key: string, uploadId: string, partNumbers: number[], who = root) {
  return call(
    'POST',
    '/buckets/uploads/uploads/sign',
    { key, upload_id: uploadId, part_numbers: partNumbers },
    who,
  );
}

async function putPart(url: string, body: Buffer, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'PUT', body, headers });
}

describe('settings', () => {
  test('direct to the server by default', async () => {
    const res = await call('GET', '/uploads/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'direct', server_url: h.storeUrl });
    // The page may send parts there, and nowhere else.
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ${h.storeUrl};`);
  });
});

describe('a browser-direct upload', () => {
  test('create, sign, put, list, complete: the object has the multipart ETag of its parts', async () => {
    const file = randomBytes(16 * MIB + 1234);
    const created = await start('dir/big file.bin', file.length, { content_type: 'application/x-test' });
    expect(created.statusCode, created.body).toBe(200);
    const { upload_id, part_size, part_count } = created.json();
    expect(part_size).toBe(16 * MIB);
    expect(part_count).toBe(2);
    const signed = await sign('dir/big file.bin', upload_id, [1, 2]);
    expect(signed.statusCode, signed.body).toBe(200);
    const { urls, expires_at } = signed.json();
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    // Signed with the session's STS key, never root's own.
    const credential = new URL(urls[0].url).searchParams.get('X-Amz-Credential') ?? '';
    expect(credential.startsWith(ROOT.accessKey)).toBe(false);
    expect(new URL(urls[0].url).searchParams.get('X-Amz-Security-Token')).toBeTruthy();
    const parts = [file.subarray(0, part_size), file.subarray(part_size)];
    const etags: string[] = [];
    for (const [i, { url }] of urls.entries()) {
      const res = await putPart(url, parts[i]!);
      expect(res.status).toBe(200);
      etags.push((res.headers.get('etag') ?? '').replace(/"/g, ''));
    }
    const listed = await call(
      'GET',
      `/buckets/uploads/uploads/parts?key=${q('dir/big file.bin')}&upload_id=${q(upload_id)}`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().parts).toEqual([
      { part_number: 1, etag: etags[0], size: part_size },
      { part_number: 2, etag: etags[1], size: 1234 },
    ]);
    const done = await call('POST', '/buckets/uploads/uploads/complete', {
      key: 'dir/big file.bin',
      upload_id,
      parts: etags.map((etag, i) => ({ part_number: i + 1, etag })),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().etag).toBe(multipartEtag(parts));
    const stat = await s3.statObject('uploads', 'dir/big file.bin');
    expect(stat.size).toBe(file.length);
    expect(stat.etag).toBe(multipartEtag(parts));
    expect(stat.metaData['content-type']).toBe('application/x-test');
  });

  test('resume: the listing names the parts stored, the rest follow later', async () => {
    const file = randomBytes(MIB);
    const { upload_id } = (await start('resume.bin', file.length)).json();
    expect(
      (await call('GET', `/buckets/uploads/uploads/parts?key=resume.bin&upload_id=${q(upload_id)}`)).json(),
    ).toEqual({
      parts: [],
    });
    const [{ url }] = (await sign('resume.bin', upload_id, [1])).json().urls;
    const etag = ((await putPart(url, file)).headers.get('etag') ?? '').replace(/"/g, '');
    const listed = (
      await call('GET', `/buckets/uploads/uploads/parts?key=resume.bin&upload_id=${q(upload_id)}`)
    ).json();
    expect(listed.parts).toEqual([{ part_number: 1, etag, size: MIB }]);
    const done = await call('POST', '/buckets/uploads/uploads/complete', {
      key: 'resume.bin',
      upload_id,
      parts: [{ part_number: 1, etag }],
    });
    expect(done.json().etag).toBe(multipartEtag([file]));
  });

  test('part checksums (SHA-256) are signed into the URL; bytes that do not match are refused', async () => {
    const file = randomBytes(100_000);
    const created = await start('sum.bin', file.length, { checksum_algorithm: 'SHA256' });
    expect(created.json().checksum_algorithm).toBe('SHA256');
    const { upload_id } = created.json();
    const checksum = createHash('sha256').update(file).digest('base64');
    const signed = await call('POST', '/buckets/uploads/uploads/sign', {
      key: 'sum.bin',
      upload_id,
      part_numbers: [1],
      checksum_algorithm: 'SHA256',
      checksums: [checksum],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [{ url }] = signed.json().urls;
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('host;x-amz-checksum-sha256');
    // The checksum is part of the signature: another one (or none) is refused...
    const other = createHash('sha256').update('other').digest('base64');
    expect((await putPart(url, file, { 'x-amz-checksum-sha256': other })).status).toBe(403);
    expect((await putPart(url, file)).status).toBe(403);
    // ...and bytes that do not match it are refused by the store.
    expect((await putPart(url, randomBytes(100_000), { 'x-amz-checksum-sha256': checksum })).status).toBe(
      400,
    );
    const good = await putPart(url, file, { 'x-amz-checksum-sha256': checksum });
    expect(good.status).toBe(200);
    const done = await call('POST', '/buckets/uploads/uploads/complete', {
      key: 'sum.bin',
      upload_id,
      checksum_algorithm: 'SHA256',
      parts: [{ part_number: 1, etag: (good.headers.get('etag') ?? '').replace(/"/g, ''), checksum }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await s3.statObject('uploads', 'sum.bin')).size).toBe(file.length);
  });

  test('abort drops the upload and its parts', async () => {
    const { upload_id } = (await start('gone.bin', 10)).json();
    const [{ url }] = (await sign('gone.bin', upload_id, [1])).json().urls;
    expect((await putPart(url, Buffer.from('0123456789'))).status).toBe(200);
    const aborted = await call('DELETE', `/buckets/uploads/uploads?key=gone.bin&upload_id=${q(upload_id)}`);
    expect(aborted.statusCode).toBe(204);
    const listed = await call('GET', `/buckets/uploads/uploads/parts?key=gone.bin&upload_id=${q(upload_id)}`);
    expect(listed.statusCode).toBe(404);
    expect(listed.json().message).toBeTruthy();
  });
});

describe('a file that fits in one part', () => {
  const signPut = (body: Record<string, unknown>, who = root) =>
    call('POST', '/buckets/uploads/uploads/put-url', body, who);

  test('one signed PUT: the object is whole, its type kept, and its ETag is its MD5', async () => {
    const file = randomBytes(3 * MIB + 5);
    const signed = await signPut({ key: 'one/small file.txt', size: file.length });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, expires_at } = signed.json();
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    const params = new URL(url).searchParams;
    // Signed with the session's STS key, never root's own; no part, no upload id.
    expect((params.get('X-Amz-Credential') ?? '').startsWith(ROOT.accessKey)).toBe(false);
    expect(params.get('X-Amz-Security-Token')).toBeTruthy();
    expect(params.has('uploadId')).toBe(false);
    const res = await putPart(url, file, { 'content-type': 'text/plain' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${md5(file).toString('hex')}"`);
    const stat = await s3.statObject('uploads', 'one/small file.txt');
    expect(stat.size).toBe(file.length);
    expect(stat.etag).toBe(md5(file).toString('hex'));
    expect(stat.metaData['content-type']).toBe('text/plain');
    // The URL names this key alone.
    const other = url.replace('/one/small%20file.txt?', '/one/other.txt?');
    expect((await putPart(other, file)).status).toBe(403);
    // An empty file is one PUT too.
    const empty = await signPut({ key: 'one/empty', size: 0 });
    expect((await putPart(empty.json().url, Buffer.alloc(0))).status).toBe(200);
    expect((await s3.statObject('uploads', 'one/empty')).size).toBe(0);
  });

  test('a checksum is signed in: another one, or other bytes, are refused', async () => {
    const file = randomBytes(100_000);
    const checksum = createHash('sha256').update(file).digest('base64');
    const signed = await signPut({
      key: 'one/sum.bin',
      size: file.length,
      checksum_algorithm: 'SHA256',
      checksum,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url } = signed.json();
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('host;x-amz-checksum-sha256');
    expect((await putPart(url, file)).status).toBe(403);
    const otherBytes = await putPart(url, randomBytes(100_000), { 'x-amz-checksum-sha256': checksum });
    expect(otherBytes.status).toBe(400);
    await expect(s3.statObject('uploads', 'one/sum.bin')).rejects.toThrow();
    expect((await putPart(url, file, { 'x-amz-checksum-sha256': checksum })).status).toBe(200);
    expect((await s3.statObject('uploads', 'one/sum.bin')).size).toBe(file.length);
  });

  test('a file larger than one part, bad keys and half a checksum are refused with 400', async () => {
    const bad = [
      await signPut({ key: 'big.bin', size: 16 * MIB + 1 }),
      await signPut({ key: 'x.bin', size: -1 }),
      await signPut({ key: '../x.bin', size: 1 }),
      await signPut({ key: 'folder/', size: 1 }),
      await signPut({ key: 'x.bin', size: 1, checksum_algorithm: 'SHA256' }),
      await signPut({ key: 'x.bin', size: 1, checksum: 'abc' }),
      await signPut({ key: 'x.bin', size: 1, surplus: true }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    // A proxy's body limit lowers what fits in one request.
    const rules = [{ effect: 'Allow', actions: ['s3:*'], resources: ['arn:aws:s3:::*'] }] as never;
    const limited = { ...h.config, uploads: { maxPartBytes: 8 * MIB } };
    expect(() => signPutUrl(ROOT, rules, limited, 'uploads', { key: 'a', size: 8 * MIB + 1 })).toThrow(
      ApiError,
    );
    expect(signPutUrl(ROOT, rules, limited, 'uploads', { key: 'a', size: 8 * MIB }).url).toContain(
      '/uploads/a?',
    );
  });

  test('least privilege and CSRF: refused before anything is signed', async () => {
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.policies.add('put-inbox', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:PutObject'], Resource: ['arn:aws:s3:::uploads/drop/*'] }],
    });
    await admin.users.add('dropper', 'dropper-secret-1');
    await admin.policies.set(['put-inbox'], 'dropper', false);
    const dropper = await loginAs(h.app, 'dropper', 'dropper-secret-1');
    const allowed = await signPut({ key: 'drop/a.txt', size: 5 }, dropper);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await putPart(allowed.json().url, Buffer.from('hello'))).status).toBe(200);
    const refused = await signPut({ key: 'elsewhere.txt', size: 5 }, dropper);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('url');
    const noCsrf = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buckets/uploads/uploads/put-url',
      headers: { cookie: root.cookie },
      payload: { key: 'a', size: 1 },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('bad input', () => {
  test('the contract and the key rules answer 400 in the console error shape', async () => {
    const bad = [
      await start('x.bin', -1),
      await start('', 1),
      await start('../x.bin', 1),
      await start('folder/', 1),
      await start('x.bin', 1, { checksum_algorithm: 'MD5' }),
      await start('x.bin', 1, { surplus: true }),
      await sign('x.bin', 'id', []),
      await sign('x.bin', 'id', [0]),
      await sign('x.bin', 'id', [10_001]),
      await sign('x.bin', 'id', [1, 1]),
      await sign(
        'x.bin',
        'id',
        Array.from({ length: 101 }, (_, i) => i + 1),
      ),
      await call('POST', '/buckets/uploads/uploads/sign', {
        key: 'x.bin',
        upload_id: 'id',
        part_numbers: [1, 2],
        checksum_algorithm: 'SHA256',
        checksums: ['abc'],
      }),
      await call('GET', '/buckets/uploads/uploads/parts?key=x.bin'),
      await call('POST', '/buckets/uploads/uploads/complete', { key: 'x.bin', upload_id: 'id', parts: [] }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  test('completing with a wrong ETag, or an unknown upload, fails without an object', async () => {
    const { upload_id } = (await start('wrong.bin', 10)).json();
    const [{ url }] = (await sign('wrong.bin', upload_id, [1])).json().urls;
    await putPart(url, Buffer.from('0123456789'));
    const wrong = await call('POST', '/buckets/uploads/uploads/complete', {
      key: 'wrong.bin',
      upload_id,
      parts: [{ part_number: 1, etag: 'ffffffffffffffffffffffffffffffff' }],
    });
    expect(wrong.statusCode).toBe(400);
    const unknown = await call('POST', '/buckets/uploads/uploads/complete', {
      key: 'wrong.bin',
      upload_id: 'no-such-upload',
      parts: [{ part_number: 1, etag: 'ffffffffffffffffffffffffffffffff' }],
    });
    expect(unknown.statusCode).toBe(404);
    await expect(s3.statObject('uploads', 'wrong.bin')).rejects.toThrow();
    expect((await call('POST', '/buckets/missing/uploads', { key: 'a', size: 1 })).statusCode).toBe(404);
  });

  test('signing is a mutation: without the CSRF token, refused', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buckets/up/uploads/sign',
      headers: { cookie: root.cookie },
      payload: { key: 'a', upload_id: 'id', part_numbers: [1] },
    });
    expect(res.statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/uploads/settings' })).statusCode).toBe(401);
  });
});

describe('least privilege', () => {
  test('a user without s3:PutObject on the key gets 403 from the console, and from the store', async () => {
    const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
    await admin.policies.add('up-inbox', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:PutObject', 's3:GetObject'],
          Resource: ['arn:aws:s3:::uploads/inbox/*'],
        },
      ],
    });
    await admin.users.add('uploader', 'uploader-secret-1');
    await admin.policies.set(['up-inbox'], 'uploader', false);
    const uploader = await loginAs(h.app, 'uploader', 'uploader-secret-1');

    const allowed = await start('inbox/a.txt', 5, {}, uploader);
    expect(allowed.statusCode, allowed.body).toBe(200);
    const refused = await start('outside.txt', 5, {}, uploader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You may not upload to this path.');
    const { upload_id } = (await start('outside.txt', 5)).json();
    expect((await sign('outside.txt', upload_id, [1], uploader)).statusCode).toBe(403);

    // Signed anyway with the user's own temporary key (not through the console): the store refuses.
    const gateway = createStorageGateway(h.storeUrl, 'us-east-1');
    const sts = await gateway.assumeRole({ accessKey: 'uploader', secretKey: 'uploader-secret-1' }, 900);
    const url = presignUrl({
      method: 'PUT',
      url: new URL(`${h.storeUrl}/uploads/outside.txt?partNumber=1&uploadId=${q(upload_id)}`),
      creds: sts,
      region: 'us-east-1',
      expiresSeconds: 60,
    }).toString();
    expect((await putPart(url, Buffer.from('hello'))).status).toBe(403);
  });
});

describe('settings of the service', () => {
  const rules = [
    {
      effect: 'Allow',
      actions: ['s3:*'],
      resources: ['arn:aws:s3:::*'],
      notAction: false,
      notResource: false,
      conditional: false,
    },
  ] as const;

  test('a proxy body limit caps the part size; a file it cannot carry is refused before the store is asked', async () => {
    const config = { ...h.config, uploads: { maxPartBytes: 8 * MIB } };
    const created = await createUpload(s3, rules as never, config, 'uploads', {
      key: 'limited.bin',
      size: 100 * MIB,
    });
    expect(created.part_size).toBe(8 * MIB);
    expect(created.part_count).toBe(13);
    await s3.abortMultipartUpload('uploads', 'limited.bin', encodeURIComponent(created.upload_id));
    const refused = createUpload(s3, rules as never, config, 'uploads', {
      key: 'huge.bin',
      size: 10_001 * 8 * MIB,
    });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 400 });
  });

  test('part URLs name the address the browser uses', async () => {
    const browserUrl = h.storeUrl.replace('127.0.0.1', 'localhost');
    const config = { ...h.config, publicServerUrl: browserUrl };
    const { upload_id } = (await start('via-localhost.bin', 3)).json();
    const { urls } = signParts(ROOT, rules as never, config, 'uploads', {
      key: 'via-localhost.bin',
      uploadId: upload_id,
      partNumbers: [1],
    });
    expect(urls[0]!.url.startsWith(`${browserUrl}/uploads/via-localhost.bin?`)).toBe(true);
    expect((await putPart(urls[0]!.url, Buffer.from('abc'))).status).toBe(200);
  });
});

describe('credentials renewed in the middle of an upload', () => {
  // The sessions' clock runs ahead on demand: the first session's credentials expire between
  // two sign calls, a new login brings new ones, and the upload goes on with them.
  let renewing: Harness;
  let skewMs = 0;
  beforeAll(async () => {
    renewing = await startHarness(
      // Only the credentials' expiry ends a session here, not idleness.
      { sessionIdleSeconds: 4 * 3600, uploads: { maxPartBytes: 5 * MIB } },
      {},
      {
        sessions: new SessionStore(
          { idleMs: 4 * 3600_000, absoluteMs: 12 * 3600_000 },
          () => Date.now() + skewMs,
        ),
      },
    );
    await storeS3(renewing.storeUrl).makeBucket('renewed');
  });
  afterAll(() => renewing?.close());

  const at = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: unknown) =>
    callAs(renewing.app, who, method, `/buckets/renewed/uploads${url}`, payload);
  const accessKeyOf = (url: string) =>
    (new URL(url).searchParams.get('X-Amz-Credential') ?? '').split('/')[0];

  test('parts signed before and after the renewal make one object; the lapsed session is refused', async () => {
    const file = randomBytes(5 * MIB + 777);
    const parts = [file.subarray(0, 5 * MIB), file.subarray(5 * MIB)];
    const first = await loginAs(renewing.app, ROOT.accessKey, ROOT.secretKey);
    const created = await at(first, 'POST', '', { key: 'renewed.bin', size: file.length });
    expect(created.statusCode, created.body).toBe(200);
    const { upload_id, part_count } = created.json();
    expect(part_count).toBe(2);
    const sign = (who: LoggedIn, part: number) =>
      at(who, 'POST', '/sign', { key: 'renewed.bin', upload_id, part_numbers: [part] });

    const one = (await sign(first, 1)).json().urls[0].url as string;
    const etag1 = (await putPart(one, parts[0]!)).headers.get('etag');

    // The first session's STS credentials expire: its next sign call is refused, as a lapsed session.
    skewMs = (renewing.config.stsDurationSeconds + 1) * 1000;
    const lapsed = await sign(first, 2);
    expect(lapsed.statusCode).toBe(401);
    skewMs = 0;
    // Dropped for good, though the clock came back.
    expect((await sign(first, 2)).statusCode).toBe(401);

    const second = await loginAs(renewing.app, ROOT.accessKey, ROOT.secretKey);
    const two = (await sign(second, 2)).json().urls[0].url as string;
    // New temporary credentials sign the rest of the same upload.
    expect(accessKeyOf(two)).not.toBe(accessKeyOf(one));
    const etag2 = (await putPart(two, parts[1]!)).headers.get('etag');

    const listed = await at(second, 'GET', `/parts?key=renewed.bin&upload_id=${q(upload_id)}`);
    expect(listed.json().parts.map((p: { part_number: number }) => p.part_number)).toEqual([1, 2]);
    const done = await at(second, 'POST', '/complete', {
      key: 'renewed.bin',
      upload_id,
      parts: [etag1, etag2].map((etag, i) => ({ part_number: i + 1, etag: (etag ?? '').replace(/"/g, '') })),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().etag).toBe(multipartEtag(parts));
    const stored = await storeS3(renewing.storeUrl).getObject('renewed', 'renewed.bin');
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
  });
});
