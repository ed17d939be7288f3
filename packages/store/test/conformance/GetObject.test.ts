import { crc32 } from 'node:zlib';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

const crc32Base64 = (b: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(b));
  return out.toString('base64');
};

let t: TestStore;
const data = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'media' }));
  await t.s3.send(
    new PutObjectCommand({
      Bucket: 'media',
      Key: 'dir/file.txt',
      Body: data,
      ContentType: 'text/plain',
      ContentLanguage: 'en',
      Metadata: { origin: 'test' },
    }),
  );
});
afterAll(() => t.close());

describe('GetObject', () => {
  it("reads a part by position, with that part's checksum; only a part read gets the part count", async () => {
    // A Complete may skip part numbers: the n-th part kept is part n, as MinIO reads it, and
    // its checksum must be the one of the bytes served (the SDK checks it).
    const Key = 'skipped-parts';
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({
        Bucket: 'media',
        Key,
        ChecksumAlgorithm: 'CRC32',
        ChecksumType: 'COMPOSITE',
      }),
    );
    const bodies = [Buffer.alloc(5 << 20, 1), Buffer.alloc((5 << 20) + 1, 2), Buffer.alloc(777, 3)];
    const parts: s3sdk.UploadPartCommandOutput[] = [];
    for (const [i, Body] of bodies.entries())
      parts.push(
        await t.s3.send(
          new UploadPartCommand({
            Bucket: 'media',
            Key,
            UploadId,
            PartNumber: i + 1,
            Body,
            ChecksumCRC32: crc32Base64(Body),
          }),
        ),
      );
    const kept = [2, 3].map((n) => ({
      PartNumber: n,
      ETag: parts[n - 1]!.ETag!,
      ChecksumCRC32: parts[n - 1]!.ChecksumCRC32!,
    }));
    await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'media',
        Key,
        UploadId,
        MultipartUpload: { Parts: kept },
      }),
    );

    const second = await t.s3.send(
      new GetObjectCommand({ Bucket: 'media', Key, PartNumber: 2, ChecksumMode: 'ENABLED' }),
    );
    expect(Buffer.from(await second.Body!.transformToByteArray()).equals(bodies[2]!)).toBe(true);
    expect([second.ChecksumCRC32, second.ChecksumType, second.PartsCount]).toEqual([
      crc32Base64(bodies[2]!),
      'COMPOSITE',
      2,
    ]);
    const first = await t.s3.send(
      new HeadObjectCommand({ Bucket: 'media', Key, PartNumber: 1, ChecksumMode: 'ENABLED' }),
    );
    expect([first.ContentLength, first.ChecksumCRC32]).toEqual([bodies[1]!.length, crc32Base64(bodies[1]!)]);
    // Without partNumber, no part count (S3's PartsCount; MinIO sets it for part reads only).
    const whole = await t.s3.send(new HeadObjectCommand({ Bucket: 'media', Key }));
    expect(whole.PartsCount).toBeUndefined();
    const ranged = await signedRequest(t.store.port, {
      method: 'GET',
      path: `/media/${Key}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(ranged.headers['x-amz-mp-parts-count']).toBeUndefined();
    // Any Range with partNumber is refused, even one that would be ignored as unreadable.
    const both = await signedRequest(t.store.port, {
      method: 'GET',
      path: `/media/${Key}?partNumber=1`,
      headers: { range: 'bytes=10-5' },
    });
    expect([both.status, xmlCode(both.body)]).toEqual([400, 'InvalidRequest']);
  });

  it('streams the object with its headers', async () => {
    const out = await t.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'dir/file.txt' }));
    expect(Buffer.from(await out.Body!.transformToByteArray())).toEqual(data);
    expect(out.ContentLength).toBe(data.length);
    expect(out.ContentType).toBe('text/plain');
    expect(out.ContentLanguage).toBe('en');
    expect(out.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(out.LastModified).toBeInstanceOf(Date);
    expect(Math.abs(out.LastModified!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(out.Metadata).toEqual({ origin: 'test' });
    expect(out.AcceptRanges).toBe('bytes');
  });

  it('serves byte ranges with 206 and Content-Range', async () => {
    const cases: Array<[string, string, string]> = [
      ['bytes=0-9', '0123456789', 'bytes 0-9/36'],
      ['bytes=30-', 'uvwxyz', 'bytes 30-35/36'],
      ['bytes=-3', 'xyz', 'bytes 33-35/36'],
      ['bytes=34-100', 'yz', 'bytes 34-35/36'],
    ];
    for (const [range, body, contentRange] of cases) {
      const out = await t.s3.send(
        new GetObjectCommand({ Bucket: 'media', Key: 'dir/file.txt', Range: range }),
      );
      expect(out.$metadata.httpStatusCode).toBe(206);
      expect(await out.Body!.transformToString()).toBe(body);
      expect(out.ContentRange).toBe(contentRange);
      expect(out.ContentLength).toBe(body.length);
    }
  });

  it('If-Range: the range only while the validator still matches, else the whole object', async () => {
    const old = await t.s3.send(
      new PutObjectCommand({ Bucket: 'media', Key: 'resumed', Body: 'OLD-CONTENT-0123' }),
    );
    const now = await t.s3.send(
      new PutObjectCommand({ Bucket: 'media', Key: 'resumed', Body: 'NEW-content-9876' }),
    );
    const get = async (IfRange: string) => {
      const res = await signedRequest(t.store.port, {
        method: 'GET',
        path: '/media/resumed',
        headers: { range: 'bytes=4-', 'if-range': IfRange },
      });
      return [res.status, res.body];
    };
    expect(await get(old.ETag!)).toEqual([200, 'NEW-content-9876']);
    expect(await get(now.ETag!)).toEqual([206, 'content-9876']);
    expect(await get(`W/${now.ETag!}`)).toEqual([200, 'NEW-content-9876']);
    const head = await t.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'resumed' }));
    expect(await get(head.LastModified!.toUTCString())).toEqual([206, 'content-9876']);
    expect(await get('Tue, 01 Jan 2015 00:00:00 GMT')).toEqual([200, 'NEW-content-9876']);
  });

  it('answers InvalidRange (416) past the end, with Content-Range bytes */size', async () => {
    await expect(
      t.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'dir/file.txt', Range: 'bytes=36-' })),
    ).rejects.toMatchObject({ name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
    const raw = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/media/dir/file.txt',
      headers: { range: 'bytes=100-200' },
    });
    expect(raw.status).toBe(416);
    expect(raw.headers['content-range']).toBe('bytes */36');
    expect(xmlCode(raw.body)).toBe('InvalidRange');
  });

  it('ignores malformed, reversed and multiple ranges (whole object, 200)', async () => {
    for (const range of ['bytes=9-2', 'bytes=0-1,4-5', 'items=0-3', 'bytes=x-']) {
      const raw = await signedRequest(t.store.port, {
        method: 'GET',
        path: '/media/dir/file.txt',
        headers: { range },
      });
      expect(raw.status, range).toBe(200);
      expect(raw.body).toBe(data.toString());
    }
  });

  it('conditional GET: If-Match / If-Unmodified-Since → 412, If-None-Match / If-Modified-Since → 304', async () => {
    const head = await t.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'dir/file.txt' }));
    await head.Body!.transformToString();
    const etag = head.ETag!;
    const past = new Date(head.LastModified!.getTime() - 3600_000);
    const future = new Date(head.LastModified!.getTime() + 3600_000);
    const get = (p: Partial<s3sdk.GetObjectCommandInput>) =>
      t.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'dir/file.txt', ...p }));

    const ok = await get({ IfMatch: etag, IfNoneMatch: '"other"', IfModifiedSince: past });
    expect(await ok.Body!.transformToString()).toBe(data.toString());
    await expect(get({ IfMatch: '"0000"' })).rejects.toMatchObject({
      name: 'PreconditionFailed',
      $metadata: { httpStatusCode: 412 },
    });
    await expect(get({ IfUnmodifiedSince: past })).rejects.toMatchObject({ name: 'PreconditionFailed' });
    await expect(get({ IfNoneMatch: etag })).rejects.toMatchObject({ $metadata: { httpStatusCode: 304 } });
    await expect(get({ IfModifiedSince: future })).rejects.toMatchObject({
      $metadata: { httpStatusCode: 304 },
    });
    // AWS precedence: If-Match true wins over If-Unmodified-Since false ...
    const both = await get({ IfMatch: etag, IfUnmodifiedSince: past });
    await both.Body!.transformToString();
    // ... and If-None-Match false (no match) wins over If-Modified-Since false.
    const none = await get({ IfNoneMatch: '"other"', IfModifiedSince: future });
    await none.Body!.transformToString();
    // 304 carries the validators and no body.
    const raw = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/media/dir/file.txt',
      headers: { 'if-none-match': etag },
    });
    expect(raw.status).toBe(304);
    expect(raw.headers.etag).toBe(etag);
    expect(raw.body).toBe('');
    // ... and what a cache needs to keep its copy fresh: Cache-Control and Expires (RFC 9110).
    const expires = 'Thu, 01 Jan 2099 00:00:00 GMT';
    const cached = await t.s3.send(
      new PutObjectCommand({
        Bucket: 'media',
        Key: 'cached.txt',
        Body: 'c',
        CacheControl: 'max-age=60',
        Expires: new Date(expires),
      }),
    );
    const fresh = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/media/cached.txt',
      headers: { 'if-none-match': cached.ETag! },
    });
    expect([fresh.status, fresh.headers['cache-control'], fresh.headers.expires]).toEqual([
      304,
      'max-age=60',
      expires,
    ]);
  });

  it('honours response-* overrides', async () => {
    const out = await t.s3.send(
      new GetObjectCommand({
        Bucket: 'media',
        Key: 'dir/file.txt',
        ResponseContentType: 'application/x-override',
        ResponseContentDisposition: 'attachment',
      }),
    );
    expect(out.ContentType).toBe('application/x-override');
    expect(out.ContentDisposition).toBe('attachment');
    await out.Body!.transformToString();
    const all = await t.s3.send(
      new GetObjectCommand({
        Bucket: 'media',
        Key: 'dir/file.txt',
        ResponseCacheControl: 'no-cache',
        ResponseContentEncoding: 'identity',
        ResponseContentLanguage: 'fr',
        ResponseExpires: new Date('2030-01-01T00:00:00Z'),
      }),
    );
    expect(all.CacheControl).toBe('no-cache');
    expect(all.ContentEncoding).toBe('identity');
    expect(all.ContentLanguage).toBe('fr');
    expect(all.ExpiresString ?? all.Expires?.toUTCString()).toBe('Tue, 01 Jan 2030 00:00:00 GMT');
    await all.Body!.transformToString();
    // Text beyond ASCII goes out as its UTF-8 bytes, Latin-1's range (é) included.
    for (const disposition of ['attachment; filename="☃.txt"', 'attachment; filename="café.txt"']) {
      const out = await t.s3.send(
        new GetObjectCommand({
          Bucket: 'media',
          Key: 'dir/file.txt',
          ResponseContentDisposition: disposition,
        }),
      );
      expect(Buffer.from(out.ContentDisposition!, 'latin1').toString('utf8')).toBe(disposition);
      await out.Body!.transformToString();
    }
  });

  it('answers NoSuchKey and NoSuchBucket', async () => {
    await expect(t.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'missing' }))).rejects.toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(t.s3.send(new GetObjectCommand({ Bucket: 'nobucket', Key: 'k' }))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('works through the minio SDK, presigned URLs included', async () => {
    const stream = await t.minio.getObject('media', 'dir/file.txt');
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(data);

    const partial = await t.minio.getPartialObject('media', 'dir/file.txt', 10, 5);
    const part: Buffer[] = [];
    for await (const c of partial) part.push(c as Buffer);
    expect(Buffer.concat(part).toString()).toBe('abcde');

    const url = await t.minio.presignedGetObject('media', 'dir/file.txt', 60, {
      'response-content-disposition': 'attachment; filename="x.txt"',
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="x.txt"');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(data);

    const tampered = await fetch(url.replace('file.txt', 'file.tx%74x'));
    expect(tampered.status).toBe(403);
  });
});
