import * as s3sdk from '@aws-sdk/client-s3';
import {
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, HeadObjectCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'heads' }));
  await t.s3.send(
    new PutObjectCommand({
      Bucket: 'heads',
      Key: 'obj',
      Body: 'twelve bytes',
      ContentType: 'text/x-test',
      Metadata: { a: '1' },
    }),
  );
});
afterAll(() => t.close());

describe('HeadObject', () => {
  it('conditional HEAD: 304 for If-None-Match, 412 for If-Match; InvalidRange with bytes */size', async () => {
    const { ETag } = await t.s3.send(new HeadObjectCommand({ Bucket: 'heads', Key: 'obj' }));
    await expect(
      t.s3.send(new HeadObjectCommand({ Bucket: 'heads', Key: 'obj', IfNoneMatch: ETag })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 304 } });
    await expect(
      t.s3.send(new HeadObjectCommand({ Bucket: 'heads', Key: 'obj', IfMatch: '"nope"' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 412 } });
    const ok = await t.s3.send(
      new HeadObjectCommand({ Bucket: 'heads', Key: 'obj', IfMatch: ETag, Range: 'bytes=2-5' }),
    );
    expect(ok.ContentLength).toBe(4);
    expect(ok.ContentRange).toBe('bytes 2-5/12');
    const raw = await signedRequest(t.store.port, {
      method: 'HEAD',
      path: '/heads/obj',
      headers: { range: 'bytes=12-' },
    });
    expect(raw.status).toBe(416);
    expect(raw.headers['content-range']).toBe('bytes */12');
  });

  it('answers the object headers without a body', async () => {
    const out = await t.s3.send(new HeadObjectCommand({ Bucket: 'heads', Key: 'obj' }));
    expect(out.ContentLength).toBe(12);
    expect(out.ContentType).toBe('text/x-test');
    expect(out.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(out.LastModified).toBeInstanceOf(Date);
    expect(out.Metadata).toEqual({ a: '1' });
  });

  it('answers 404 NotFound for a missing key, saying it is no delete marker (s3-tests)', async () => {
    await expect(t.s3.send(new HeadObjectCommand({ Bucket: 'heads', Key: 'nope' }))).rejects.toMatchObject({
      name: 'NotFound',
      $metadata: { httpStatusCode: 404 },
    });
    const raw = await signedRequest(t.store.port, { method: 'HEAD', path: '/heads/nope' });
    expect([raw.status, raw.headers['x-amz-delete-marker']]).toEqual([404, 'false']);
  });

  it('sends no body even for errors', async () => {
    const res = await rawRequest(t.store.port, 'HEAD', '/heads/obj');
    expect(res.status).toBe(403);
    expect(res.body).toBe('');
  });

  it('works through the minio SDK', async () => {
    const stat = await t.minio.statObject('heads', 'obj');
    expect(stat.size).toBe(12);
    expect(stat.metaData['content-type']).toBe('text/x-test');
  });
});
