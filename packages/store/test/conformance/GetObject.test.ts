import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../support/store.js';

const { CreateBucketCommand, GetObjectCommand, PutObjectCommand } = s3sdk;

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

  it('answers InvalidRange (416) past the end', async () => {
    await expect(
      t.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'dir/file.txt', Range: 'bytes=36-' })),
    ).rejects.toMatchObject({ name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
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
    const unicode = await t.s3.send(
      new GetObjectCommand({
        Bucket: 'media',
        Key: 'dir/file.txt',
        ResponseContentDisposition: 'attachment; filename="☃.txt"',
      }),
    );
    expect(Buffer.from(unicode.ContentDisposition!, 'latin1').toString('utf8')).toBe(
      'attachment; filename="☃.txt"',
    );
    await unicode.Body!.transformToString();
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
