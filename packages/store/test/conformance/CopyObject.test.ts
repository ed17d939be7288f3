import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { CopyConditions } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

let t: TestStore;
const body = 'copy me, please';
let etag = '';
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'src' }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'dst' }));
  const put = await t.s3.send(
    new PutObjectCommand({
      Bucket: 'src',
      Key: 'dir/a file ☃.txt',
      Body: body,
      ContentType: 'text/plain',
      CacheControl: 'max-age=60',
      Metadata: { colour: 'blue' },
    }),
  );
  etag = put.ETag!;
});
afterAll(() => t.close());

const source = `src/${encodeURIComponent('dir/a file ☃.txt')}`;

describe('CopyObject', () => {
  it('copies data and metadata (COPY directive) and answers CopyObjectResult', async () => {
    const out = await t.s3.send(
      new CopyObjectCommand({ Bucket: 'dst', Key: 'copy.txt', CopySource: source }),
    );
    expect(out.CopyObjectResult?.ETag).toBe(etag);
    expect(out.CopyObjectResult?.LastModified).toBeInstanceOf(Date);
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'dst', Key: 'copy.txt' }));
    expect(await got.Body!.transformToString()).toBe(body);
    expect(got.ContentType).toBe('text/plain');
    expect(got.CacheControl).toBe('max-age=60');
    expect(got.Metadata).toEqual({ colour: 'blue' });
  });

  it('REPLACE takes metadata from the request; copying onto itself needs REPLACE', async () => {
    await t.s3.send(
      new CopyObjectCommand({
        Bucket: 'dst',
        Key: 'copy.txt',
        CopySource: 'dst/copy.txt',
        MetadataDirective: 'REPLACE',
        ContentType: 'application/x-new',
        Metadata: { colour: 'red' },
      }),
    );
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'dst', Key: 'copy.txt' }));
    expect(head.ContentType).toBe('application/x-new');
    expect(head.Metadata).toEqual({ colour: 'red' });
    expect(head.CacheControl).toBeUndefined();
    expect(head.ContentLength).toBe(body.length);
    await expect(
      t.s3.send(new CopyObjectCommand({ Bucket: 'dst', Key: 'copy.txt', CopySource: '/dst/copy.txt' })),
    ).rejects.toMatchObject({ name: 'InvalidRequest', $metadata: { httpStatusCode: 400 } });
  });

  it('a large object copied onto itself (REPLACE) keeps its bytes', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) % 251;
    await t.s3.send(new PutObjectCommand({ Bucket: 'dst', Key: 'big', Body: big }));
    await t.s3.send(
      new CopyObjectCommand({
        Bucket: 'dst',
        Key: 'big',
        CopySource: 'dst/big',
        MetadataDirective: 'REPLACE',
        Metadata: { v: '2' },
      }),
    );
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'dst', Key: 'big' }));
    expect(got.Metadata).toEqual({ v: '2' });
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(big)).toBe(true);
  });

  it('conditional copy: any failing x-amz-copy-source-if-* is 412 PreconditionFailed', async () => {
    const later = new Date(Date.now() + 3600_000);
    const earlier = new Date(Date.now() - 3600_000);
    const copy = (p: Partial<s3sdk.CopyObjectCommandInput>) =>
      t.s3.send(new CopyObjectCommand({ Bucket: 'dst', Key: 'cond', CopySource: source, ...p }));
    for (const p of [
      { CopySourceIfMatch: '"0123"' },
      { CopySourceIfNoneMatch: etag },
      { CopySourceIfModifiedSince: later },
      { CopySourceIfUnmodifiedSince: earlier },
    ]) {
      await expect(copy(p)).rejects.toMatchObject({
        name: 'PreconditionFailed',
        $metadata: { httpStatusCode: 412 },
      });
    }
    const ok = await copy({ CopySourceIfMatch: etag, CopySourceIfModifiedSince: earlier });
    expect(ok.CopyObjectResult?.ETag).toBe(etag);
  });

  it('If-None-Match: * on the destination copies only onto a free key', async () => {
    const copy = (Key: string) =>
      t.s3.send(new CopyObjectCommand({ Bucket: 'dst', Key, CopySource: source, IfNoneMatch: '*' }));
    await copy('guarded');
    await t.s3.send(new PutObjectCommand({ Bucket: 'dst', Key: 'guarded', Body: 'newer' }));
    await expect(copy('guarded')).rejects.toMatchObject({
      name: 'PreconditionFailed',
      $metadata: { httpStatusCode: 412 },
    });
    const kept = await t.s3.send(new GetObjectCommand({ Bucket: 'dst', Key: 'guarded' }));
    expect(await kept.Body!.transformToString()).toBe('newer');
  });

  it('a missing source is NoSuchKey / NoSuchBucket; a bad directive is InvalidArgument', async () => {
    await expect(
      t.s3.send(new CopyObjectCommand({ Bucket: 'dst', Key: 'x', CopySource: 'src/missing' })),
    ).rejects.toMatchObject({ name: 'NoSuchKey' });
    await expect(
      t.s3.send(new CopyObjectCommand({ Bucket: 'dst', Key: 'x', CopySource: 'nobucket/k' })),
    ).rejects.toMatchObject({ name: 'NoSuchBucket' });
    const raw = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/dst/x',
      headers: { 'x-amz-copy-source': source, 'x-amz-metadata-directive': 'MOVE' },
    });
    expect(raw.status).toBe(400);
    expect(xmlCode(raw.body)).toBe('InvalidArgument');
  });

  it("keeps the source's checksum, computes one asked for, and refuses an unknown algorithm", async () => {
    const data = 'checked bytes';
    const sha256 = createHash('sha256').update(data).digest('base64');
    const sha1 = createHash('sha1').update(data).digest('base64');
    const put = await t.s3.send(
      new PutObjectCommand({ Bucket: 'src', Key: 'summed', Body: data, ChecksumSHA256: sha256 }),
    );
    // "For PutObject uploads, the checksum type is always FULL_OBJECT" (S3); a copy's too.
    expect(put.ChecksumType).toBe('FULL_OBJECT');
    const kept = await t.s3.send(
      new CopyObjectCommand({ Bucket: 'dst', Key: 'summed', CopySource: 'src/summed' }),
    );
    expect([kept.CopyObjectResult?.ChecksumSHA256, kept.CopyObjectResult?.ChecksumType]).toEqual([
      sha256,
      'FULL_OBJECT',
    ]);
    const head = await t.s3.send(
      new HeadObjectCommand({ Bucket: 'dst', Key: 'summed', ChecksumMode: 'ENABLED' }),
    );
    expect([head.ChecksumSHA256, head.ChecksumType]).toEqual([sha256, 'FULL_OBJECT']);
    const other = await t.s3.send(
      new CopyObjectCommand({
        Bucket: 'dst',
        Key: 'summed-sha1',
        CopySource: 'src/summed',
        ChecksumAlgorithm: 'SHA1',
      }),
    );
    expect([other.CopyObjectResult?.ChecksumSHA1, other.CopyObjectResult?.ChecksumSHA256]).toEqual([
      sha1,
      undefined,
    ]);
    const headSha1 = await t.s3.send(
      new HeadObjectCommand({ Bucket: 'dst', Key: 'summed-sha1', ChecksumMode: 'ENABLED' }),
    );
    expect(headSha1.ChecksumSHA1).toBe(sha1);
    const bogus = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/dst/bogus',
      headers: { 'x-amz-copy-source': '/src/summed', 'x-amz-checksum-algorithm': 'BOGUS' },
    });
    expect([bogus.status, xmlCode(bogus.body)]).toEqual([400, 'InvalidRequest']);
  });

  it("carries a multipart source's algorithm over: its composite checksum becomes the copy's full-object one", async () => {
    const Key = 'composite';
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'src', Key, ChecksumAlgorithm: 'SHA256' }),
    );
    const bodies = [Buffer.alloc(5 << 20, 7), Buffer.from('tail bytes')];
    const Parts = [];
    for (const [i, Body] of bodies.entries()) {
      const ChecksumSHA256 = createHash('sha256').update(Body).digest('base64');
      const { ETag } = await t.s3.send(
        new UploadPartCommand({ Bucket: 'src', Key, UploadId, PartNumber: i + 1, Body, ChecksumSHA256 }),
      );
      Parts.push({ PartNumber: i + 1, ETag: ETag!, ChecksumSHA256 });
    }
    await t.s3.send(
      new CompleteMultipartUploadCommand({ Bucket: 'src', Key, UploadId, MultipartUpload: { Parts } }),
    );
    const whole = createHash('sha256').update(Buffer.concat(bodies)).digest('base64');
    const copied = await t.s3.send(new CopyObjectCommand({ Bucket: 'dst', Key, CopySource: `src/${Key}` }));
    expect([copied.CopyObjectResult?.ChecksumSHA256, copied.CopyObjectResult?.ChecksumType]).toEqual([
      whole,
      'FULL_OBJECT',
    ]);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'dst', Key, ChecksumMode: 'ENABLED' }));
    expect([head.ChecksumSHA256, head.ChecksumType]).toEqual([whole, 'FULL_OBJECT']);
  });

  it('works through the minio SDK with its copy conditions', async () => {
    const conds = new CopyConditions();
    conds.setMatchETag(etag.replaceAll('"', ''));
    // The SDK URL-encodes the source itself.
    await t.minio.copyObject('dst', 'via-minio', '/src/dir/a file ☃.txt', conds);
    const stat = await t.minio.statObject('dst', 'via-minio');
    expect(stat.size).toBe(body.length);
    const bad = new CopyConditions();
    bad.setMatchETagExcept(etag.replaceAll('"', ''));
    await expect(t.minio.copyObject('dst', 'via-minio', '/src/dir/a file ☃.txt', bad)).rejects.toMatchObject({
      code: 'PreconditionFailed',
    });
  });
});
