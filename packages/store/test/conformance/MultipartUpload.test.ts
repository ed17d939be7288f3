import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32c } from '../../src/s3/auth/crc32c.js';

const {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
} = s3sdk;

const MiB = 1024 * 1024;
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'mpu' }));
});
afterAll(() => t.close());

const fill = (size: number, seed: number) => Buffer.alloc(size, seed);
const md5hex = (b: Buffer) => createHash('md5').update(b).digest('hex');

async function create(Key: string, extra: Partial<s3sdk.CreateMultipartUploadCommandInput> = {}) {
  const out = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'mpu', Key, ...extra }));
  return out.UploadId!;
}
async function part(Key: string, UploadId: string, PartNumber: number, Body: Buffer) {
  const out = await t.s3.send(new UploadPartCommand({ Bucket: 'mpu', Key, UploadId, PartNumber, Body }));
  return { PartNumber, ETag: out.ETag! };
}

describe('multipart upload', () => {
  it('create → upload parts → complete gives the concatenated object with the upload metadata', async () => {
    const id = await create('big.bin', { ContentType: 'application/x-big', Metadata: { who: 'me' } });
    const p1 = fill(5 * MiB, 1);
    const p2 = fill(1234, 2);
    const parts = [await part('big.bin', id, 1, p1), await part('big.bin', id, 2, p2)];
    expect(parts[0]!.ETag).toBe(`"${md5hex(p1)}"`);
    const done = await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'mpu',
        Key: 'big.bin',
        UploadId: id,
        MultipartUpload: { Parts: parts },
      }),
    );
    expect(done.Bucket).toBe('mpu');
    expect(done.Key).toBe('big.bin');
    expect(done.Location).toBe(`${t.store.url}/mpu/big.bin`);
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'big.bin' }));
    const bytes = Buffer.from(await got.Body!.transformToByteArray());
    expect(md5hex(bytes)).toBe(md5hex(Buffer.concat([p1, p2])));
    expect(got.ContentType).toBe('application/x-big');
    expect(got.Metadata).toEqual({ who: 'me' });
    expect(got.ETag).toBe(done.ETag);
    // The upload is gone once completed.
    await expect(
      t.s3.send(new ListPartsCommand({ Bucket: 'mpu', Key: 'big.bin', UploadId: id })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });
  });

  it('the completed object carries the multipart ETag md5(part md5s)-N, and reads by part number', async () => {
    const id = await create('etag.bin');
    const p1 = fill(5 * MiB, 5);
    const p2 = fill(4321, 6);
    const parts = [await part('etag.bin', id, 1, p1), await part('etag.bin', id, 2, p2)];
    const done = await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'mpu',
        Key: 'etag.bin',
        UploadId: id,
        MultipartUpload: { Parts: parts },
      }),
    );
    const md5s = Buffer.concat([p1, p2].map((p) => createHash('md5').update(p).digest()));
    expect(done.ETag).toBe(`"${md5hex(md5s)}-2"`);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'mpu', Key: 'etag.bin', PartNumber: 2 }));
    expect(head.PartsCount).toBe(2);
    // A multipart object of one part says so too.
    const oneId = await create('one-part.bin');
    const only = await part('one-part.bin', oneId, 1, fill(1000, 7));
    await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'mpu',
        Key: 'one-part.bin',
        UploadId: oneId,
        MultipartUpload: { Parts: [only] },
      }),
    );
    const one = await t.s3.send(new HeadObjectCommand({ Bucket: 'mpu', Key: 'one-part.bin', PartNumber: 1 }));
    expect([one.ETag?.endsWith('-1"'), one.PartsCount]).toEqual([true, 1]);
    expect(head.ContentLength).toBe(p2.length);
    const second = await t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'etag.bin', PartNumber: 2 }));
    expect(second.ContentRange).toBe(
      `bytes ${p1.length}-${p1.length + p2.length - 1}/${p1.length + p2.length}`,
    );
    expect(md5hex(Buffer.from(await second.Body!.transformToByteArray()))).toBe(md5hex(p2));
    await expect(
      t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'etag.bin', PartNumber: 3 })),
    ).rejects.toMatchObject({
      // s3-tests' multipart_get_part and non_multipart_get_part (MinIO: 416 InvalidPartNumber).
      name: 'InvalidPart',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(
      t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'mpu', Key: 'whole.bin', Body: 'body' })),
    ).resolves.toBeDefined();
    await expect(
      t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'whole.bin', PartNumber: 2 })),
    ).rejects.toMatchObject({ name: 'InvalidPart', $metadata: { httpStatusCode: 400 } });
  });

  it('an empty last part read by part number is InvalidRange, never the other parts', async () => {
    const id = await create('empty-last.bin');
    const parts = [
      await part('empty-last.bin', id, 1, fill(5 * MiB, 8)),
      await part('empty-last.bin', id, 2, fill(0, 0)),
    ];
    await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'mpu',
        Key: 'empty-last.bin',
        UploadId: id,
        MultipartUpload: { Parts: parts },
      }),
    );
    for (const send of [
      () => t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'empty-last.bin', PartNumber: 2 })),
      () => t.s3.send(new HeadObjectCommand({ Bucket: 'mpu', Key: 'empty-last.bin', PartNumber: 2 })),
    ])
      await expect(send()).rejects.toMatchObject({ $metadata: { httpStatusCode: 416 } });
    const first = await t.s3.send(
      new GetObjectCommand({ Bucket: 'mpu', Key: 'empty-last.bin', PartNumber: 1 }),
    );
    expect([first.ContentLength, first.PartsCount]).toEqual([5 * MiB, 2]);
  });

  it('Complete checks: InvalidPart, InvalidPartOrder, EntityTooSmall, MalformedXML, NoSuchUpload', async () => {
    const id = await create('checks');
    const a = await part('checks', id, 1, fill(100, 3));
    const b = await part('checks', id, 2, fill(100, 4));
    const complete = (Parts: s3sdk.CompletedPart[]) =>
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpu',
          Key: 'checks',
          UploadId: id,
          MultipartUpload: { Parts },
        }),
      );
    await expect(complete([a, { PartNumber: 3, ETag: b.ETag }])).rejects.toMatchObject({
      name: 'InvalidPart',
    });
    await expect(complete([a, { PartNumber: 2, ETag: '"00"' }])).rejects.toMatchObject({
      name: 'InvalidPart',
    });
    await expect(complete([b, a])).rejects.toMatchObject({ name: 'InvalidPartOrder' });
    await expect(complete([a, b])).rejects.toMatchObject({
      name: 'EntityTooSmall',
      $metadata: { httpStatusCode: 400 },
    });
    const raw = await signedRequest(t.store.port, {
      method: 'POST',
      path: `/mpu/checks?uploadId=${id}`,
      body: '<CompleteMultipartUpload></CompleteMultipartUpload>',
    });
    expect(xmlCode(raw.body)).toBe('MalformedXML');
    const completeXml = (number: string) =>
      signedRequest(t.store.port, {
        method: 'POST',
        path: `/mpu/checks?uploadId=${id}`,
        body: `<CompleteMultipartUpload><Part><PartNumber>${number}</PartNumber><ETag>${a.ETag}</ETag></Part></CompleteMultipartUpload>`,
      });
    const zero = await completeXml('0');
    expect([zero.status, xmlCode(zero.body)]).toEqual([400, 'InvalidArgument']);
    // A single small part is fine: only non-last parts have a minimum. A pretty-printed
    // document (whitespace around the number) is read as Go's encoding/xml reads it.
    const pretty = await completeXml('\n      1\n    ');
    expect(pretty.status).toBe(200);
    // Completed: other parts than the ones it was completed with name no upload.
    await expect(complete([a, b])).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });

  it('a Complete repeated with the same parts after it succeeded answers the same object, as S3 does', async () => {
    const Bucket = 'mpu-again';
    await t.s3.send(new CreateBucketCommand({ Bucket }));
    await t.s3.send(
      new s3sdk.PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket, Key: 'twice' }));
    const parts: s3sdk.CompletedPart[] = [];
    for (const [PartNumber, Body] of [fill(5 * MiB, 1), fill(10, 2)].entries())
      parts.push({
        PartNumber: PartNumber + 1,
        ETag: (
          await t.s3.send(
            new UploadPartCommand({ Bucket, Key: 'twice', UploadId, PartNumber: PartNumber + 1, Body }),
          )
        ).ETag!,
      });
    const complete = (Parts: s3sdk.CompletedPart[], Key = 'twice') =>
      t.s3.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
    const first = await complete(parts);
    const again = await complete(parts);
    expect([again.ETag, again.VersionId, again.Key]).toEqual([first.ETag, first.VersionId, 'twice']);
    // ETags written without their quotes name the same parts.
    const bare = parts.map((p) => ({ ...p, ETag: p.ETag!.replaceAll('"', '') }));
    expect((await complete(bare)).VersionId).toBe(first.VersionId);
    // Not the parts it was completed with, nor another key: no such upload.
    for (const attempt of [complete(parts.slice(0, 1)), complete(parts, 'other')])
      await expect(attempt).rejects.toMatchObject({
        name: 'NoSuchUpload',
        $metadata: { httpStatusCode: 404 },
      });
    // Only one version was made.
    const versions = await t.s3.send(new s3sdk.ListObjectVersionsCommand({ Bucket, Prefix: 'twice' }));
    expect(versions.Versions?.map((v) => v.VersionId)).toEqual([first.VersionId]);
    // Once the key holds another object, the upload is over for good.
    const newer = await t.s3.send(new PutObjectCommand({ Bucket, Key: 'twice', Body: 'newer' }));
    await expect(complete(parts)).rejects.toMatchObject({ name: 'NoSuchUpload' });
    for (const VersionId of [first.VersionId, newer.VersionId])
      await t.s3.send(new s3sdk.DeleteObjectCommand({ Bucket, Key: 'twice', VersionId }));
    await t.s3.send(new s3sdk.DeleteBucketCommand({ Bucket }));
  });

  it('per-part checksums: recorded on upload, checked on complete', async () => {
    const id = await create('sums', { ChecksumAlgorithm: 'SHA256' });
    const body = fill(300, 5);
    const up = await t.s3.send(
      new UploadPartCommand({
        Bucket: 'mpu',
        Key: 'sums',
        UploadId: id,
        PartNumber: 1,
        Body: body,
        ChecksumAlgorithm: 'SHA256',
      }),
    );
    const sha = createHash('sha256').update(body).digest('base64');
    expect(up.ChecksumSHA256).toBe(sha);
    const listed = await t.s3.send(new ListPartsCommand({ Bucket: 'mpu', Key: 'sums', UploadId: id }));
    expect(listed.Parts?.[0]?.ChecksumSHA256).toBe(sha);
    const complete = (ChecksumSHA256: string) =>
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpu',
          Key: 'sums',
          UploadId: id,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: up.ETag, ChecksumSHA256 }] },
        }),
      );
    await expect(complete(createHash('sha256').update('x').digest('base64'))).rejects.toMatchObject({
      name: 'InvalidPart',
    });
    await complete(sha);
  });

  it('complete with If-None-Match: * fails on a taken key and leaves the upload to finish', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'mpu', Key: 'taken', Body: 'first' }));
    const id = await create('taken');
    const parts = [await part('taken', id, 1, fill(100, 9))];
    const complete = (IfNoneMatch?: string) =>
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpu',
          Key: 'taken',
          UploadId: id,
          MultipartUpload: { Parts: parts },
          ...(IfNoneMatch ? { IfNoneMatch } : {}),
        }),
      );
    await expect(complete('*')).rejects.toMatchObject({
      name: 'PreconditionFailed',
      $metadata: { httpStatusCode: 412 },
    });
    const kept = await t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'taken' }));
    expect(await kept.Body!.transformToString()).toBe('first');
    await complete();
    const replaced = await t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'taken' }));
    expect((await replaced.Body!.transformToByteArray()).length).toBe(100);
  });

  it('a part streamed with its checksum in a trailer keeps it, and complete checks it', async () => {
    const id = await create('trailed', { ChecksumAlgorithm: 'CRC32' });
    const body = fill(300, 6);
    const up = await t.s3.send(
      new UploadPartCommand({
        Bucket: 'mpu',
        Key: 'trailed',
        UploadId: id,
        PartNumber: 1,
        Body: Readable.from([body]),
        ContentLength: body.length,
        ChecksumAlgorithm: 'CRC32',
      }),
    );
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    expect(up.ChecksumCRC32).toBe(crc.toString('base64'));
    const complete = (ChecksumCRC32: string) =>
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpu',
          Key: 'trailed',
          UploadId: id,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: up.ETag, ChecksumCRC32 }] },
        }),
      );
    await expect(complete('AAAAAA==')).rejects.toMatchObject({ name: 'InvalidPart' });
    await complete(crc.toString('base64'));
  });

  it('UploadPartCopy copies a whole object or a range (x-amz-copy-source-range)', async () => {
    const src = Buffer.from('0123456789'.repeat(10));
    await t.s3.send(new PutObjectCommand({ Bucket: 'mpu', Key: 'source', Body: src }));
    const id = await create('copied');
    const whole = await t.s3.send(
      new UploadPartCopyCommand({
        Bucket: 'mpu',
        Key: 'copied',
        UploadId: id,
        PartNumber: 1,
        CopySource: 'mpu/source',
      }),
    );
    expect(whole.CopyPartResult?.ETag).toBe(`"${md5hex(src)}"`);
    const ranged = await t.s3.send(
      new UploadPartCopyCommand({
        Bucket: 'mpu',
        Key: 'copied',
        UploadId: id,
        PartNumber: 2,
        CopySource: 'mpu/source',
        CopySourceRange: 'bytes=10-19',
      }),
    );
    expect(ranged.CopyPartResult?.ETag).toBe(`"${md5hex(src.subarray(10, 20))}"`);
    const third = (more: Partial<s3sdk.UploadPartCopyCommandInput>) =>
      t.s3.send(
        new UploadPartCopyCommand({
          Bucket: 'mpu',
          Key: 'copied',
          UploadId: id,
          PartNumber: 3,
          CopySource: 'mpu/source',
          ...more,
        }),
      );
    // Past the end, or starting at it: InvalidRange, as S3 documents for UploadPartCopy.
    for (const CopySourceRange of ['bytes=50-100', 'bytes=100-102'])
      await expect(third({ CopySourceRange })).rejects.toMatchObject({
        name: 'InvalidRange',
        $metadata: { httpStatusCode: 416 },
      });
    // Not of the form bytes=first-last: InvalidArgument.
    for (const CopySourceRange of ['bytes=19-10', 'bytes=-5', 'bytes=abc'])
      await expect(third({ CopySourceRange })).rejects.toMatchObject({
        name: 'InvalidArgument',
        $metadata: { httpStatusCode: 400 },
      });
    await expect(third({ CopySourceIfMatch: '"nope"' })).rejects.toMatchObject({
      name: 'PreconditionFailed',
    });
    await t.s3.send(new AbortMultipartUploadCommand({ Bucket: 'mpu', Key: 'copied', UploadId: id }));
  });

  it('a part sent twice whose first upload finishes last: Complete takes the one whose ETag it names', async () => {
    const id = await create('resent');
    const first = fill(5 * MiB, 1);
    const second = fill(5 * MiB, 2);
    // The first upload of part 1 is held back before its last byte.
    const held = new PassThrough();
    const slow = t.s3.send(
      new UploadPartCommand({
        Bucket: 'mpu',
        Key: 'resent',
        UploadId: id,
        PartNumber: 1,
        Body: held,
        ContentLength: first.length,
      }),
    );
    held.write(first.subarray(0, first.length - 1));
    // Its resend goes through meanwhile, then the first finishes.
    const resent = await part('resent', id, 1, second);
    held.end(first.subarray(first.length - 1));
    const late = { PartNumber: 1, ETag: (await slow).ETag! };
    expect(late.ETag).toBe(`"${md5hex(first)}"`);
    // A part uploaded again after the first upload finished replaces it, as S3 does.
    const replaced = await part('resent', id, 2, fill(10, 4));
    const tail = await part('resent', id, 2, fill(10, 3));
    await expect(
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpu',
          Key: 'resent',
          UploadId: id,
          MultipartUpload: { Parts: [resent, replaced] },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPart' });
    const done = await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'mpu',
        Key: 'resent',
        UploadId: id,
        MultipartUpload: { Parts: [resent, tail] },
      }),
    );
    expect(done.ETag).toBeDefined();
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'resent', PartNumber: 1 }));
    expect(md5hex(Buffer.from(await got.Body!.transformToByteArray()))).toBe(md5hex(second));
  });

  it('a Complete naming both uploads of a resent part takes the last one listed (s3-tests resend_first_finishes_last)', async () => {
    const id = await create('resent-both');
    const first = fill(8, 0x41);
    const held = new PassThrough();
    const slow = t.s3.send(
      new UploadPartCommand({
        Bucket: 'mpu',
        Key: 'resent-both',
        UploadId: id,
        PartNumber: 1,
        Body: held,
        ContentLength: first.length,
      }),
    );
    held.write(first.subarray(0, first.length - 1));
    const resent = await part('resent-both', id, 1, fill(8, 0x42));
    held.end(first.subarray(first.length - 1));
    const late = { PartNumber: 1, ETag: (await slow).ETag! };
    const complete = (Parts: s3sdk.CompletedPart[]) =>
      t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpu',
          Key: 'resent-both',
          UploadId: id,
          MultipartUpload: { Parts },
        }),
      );
    // Each listed upload must exist.
    await expect(complete([resent, { PartNumber: 1, ETag: '"00"' }])).rejects.toMatchObject({
      name: 'InvalidPart',
    });
    await complete([resent, late]);
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'mpu', Key: 'resent-both' }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(first);
  });

  it('ListParts pages with max-parts and part-number-marker', async () => {
    const id = await create('paged');
    for (const n of [1, 2, 3]) await part('paged', id, n, fill(10, n));
    const first = await t.s3.send(
      new ListPartsCommand({ Bucket: 'mpu', Key: 'paged', UploadId: id, MaxParts: 2 }),
    );
    expect(first.Parts?.map((p) => p.PartNumber)).toEqual([1, 2]);
    expect(first.IsTruncated).toBe(true);
    expect(first.NextPartNumberMarker).toBe('2');
    const rest = await t.s3.send(
      new ListPartsCommand({
        Bucket: 'mpu',
        Key: 'paged',
        UploadId: id,
        PartNumberMarker: first.NextPartNumberMarker,
      }),
    );
    expect(rest.Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([[3, 10]]);
    expect(rest.IsTruncated).toBe(false);
    // max-parts=0 lists nothing and says so; a truncated empty page would send a client
    // following NextPartNumberMarker round the same page forever.
    const none = await t.s3.send(
      new ListPartsCommand({ Bucket: 'mpu', Key: 'paged', UploadId: id, MaxParts: 0, PartNumberMarker: '1' }),
    );
    expect([none.Parts ?? [], none.IsTruncated, none.NextPartNumberMarker]).toEqual([[], false, '1']);
    // A marker past the last part number lists nothing, and is echoed as sent.
    const past = await t.s3.send(
      new ListPartsCommand({ Bucket: 'mpu', Key: 'paged', UploadId: id, PartNumberMarker: '20000' }),
    );
    expect([past.Parts ?? [], past.IsTruncated, past.PartNumberMarker]).toEqual([[], false, '20000']);
    await t.s3.send(new AbortMultipartUploadCommand({ Bucket: 'mpu', Key: 'paged', UploadId: id }));
  });

  it('ListMultipartUploads with encoding-type=url encodes keys and prefixes', async () => {
    const key = 'enc/sp ace\u0001☃';
    const id = await create(key);
    const raw = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/mpu?uploads&prefix=enc%2F&encoding-type=url',
    });
    expect(raw.body).toContain('<EncodingType>url</EncodingType>');
    expect(raw.body).toContain('<Key>enc/sp%20ace%01%E2%98%83</Key>');
    expect(raw.body).toContain('<Prefix>enc/</Prefix>');
    const sdk = await t.s3.send(
      new ListMultipartUploadsCommand({ Bucket: 'mpu', Prefix: 'enc/', EncodingType: 'url' }),
    );
    expect(sdk.Uploads?.map((u) => decodeURIComponent(u.Key!))).toEqual([key]);
    await t.s3.send(new AbortMultipartUploadCommand({ Bucket: 'mpu', Key: key, UploadId: id }));
  });

  it('ListMultipartUploads lists open uploads with prefix, delimiter and paging; Abort removes them', async () => {
    const ids = [await create('up/a'), await create('up/b'), await create('up/dir/c'), await create('other')];
    const all = await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'mpu', Prefix: 'up/' }));
    expect(all.Uploads?.map((u) => u.Key)).toEqual(['up/a', 'up/b', 'up/dir/c']);
    const rolled = await t.s3.send(
      new ListMultipartUploadsCommand({ Bucket: 'mpu', Prefix: 'up/', Delimiter: '/' }),
    );
    expect(rolled.Uploads?.map((u) => u.Key)).toEqual(['up/a', 'up/b']);
    expect(rolled.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['up/dir/']);
    const page = await t.s3.send(
      new ListMultipartUploadsCommand({ Bucket: 'mpu', Prefix: 'up/', MaxUploads: 1 }),
    );
    expect(page.IsTruncated).toBe(true);
    expect(page.NextKeyMarker).toBe('up/a');
    const next = await t.s3.send(
      new ListMultipartUploadsCommand({
        Bucket: 'mpu',
        Prefix: 'up/',
        KeyMarker: page.NextKeyMarker,
        UploadIdMarker: page.NextUploadIdMarker,
      }),
    );
    expect(next.Uploads?.map((u) => u.Key)).toEqual(['up/b', 'up/dir/c']);
    const keys = ['up/a', 'up/b', 'up/dir/c', 'other'];
    for (const [i, id] of ids.entries()) {
      await t.s3.send(new AbortMultipartUploadCommand({ Bucket: 'mpu', Key: keys[i]!, UploadId: id }));
    }
    const after = await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'mpu', Prefix: 'up/' }));
    expect(after.Uploads ?? []).toEqual([]);
    await expect(
      t.s3.send(new AbortMultipartUploadCommand({ Bucket: 'mpu', Key: 'other', UploadId: ids[3]! })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });

  it('UploadPart to an unknown upload is NoSuchUpload; uploads add no bucket of their own', async () => {
    await expect(
      t.s3.send(
        new UploadPartCommand({ Bucket: 'mpu', Key: 'k', UploadId: 'nope', PartNumber: 1, Body: 'x' }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
    const names = (await t.s3.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name);
    expect(names).toEqual(['mpu']);
  });

  it('works through the minio SDK (multipart putObject above its part size)', async () => {
    const body = Buffer.alloc(11 * MiB, 7);
    await t.minio.putObject('mpu', 'via-minio', body, body.length, { 'Content-Type': 'application/x-m' });
    const stat = await t.minio.statObject('mpu', 'via-minio');
    expect(stat.size).toBe(body.length);
    const stream = await t.minio.getObject('mpu', 'via-minio');
    const hash = createHash('md5');
    for await (const c of stream) hash.update(c as Buffer);
    expect(hash.digest('hex')).toBe(md5hex(body));

    const id = await create('pending/one');
    await part('pending/one', id, 1, fill(10, 9));
    const uploads: Array<{ key: string; uploadId: string; size: number }> = [];
    for await (const u of t.minio.listIncompleteUploads('mpu', 'pending/', true)) uploads.push(u);
    expect(uploads).toEqual([expect.objectContaining({ key: 'pending/one', uploadId: id, size: 10 })]);
    await t.minio.removeIncompleteUpload('mpu', 'pending/one');
    await expect(
      t.s3.send(new ListPartsCommand({ Bucket: 'mpu', Key: 'pending/one', UploadId: id })),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });

  describe('the checksum of a multipart object', () => {
    const crcB64 = (value: number) => {
      const out = Buffer.alloc(4);
      out.writeUInt32BE(value >>> 0);
      return out.toString('base64');
    };
    const bodies = [fill(5 * MiB, 21), fill(3000, 22)];

    it("COMPOSITE (the default): the checksum of the parts' checksums, on Complete, HEAD and ListParts", async () => {
      const created = await t.s3.send(
        new CreateMultipartUploadCommand({ Bucket: 'mpu', Key: 'composite', ChecksumAlgorithm: 'CRC32' }),
      );
      expect([created.ChecksumAlgorithm, created.ChecksumType]).toEqual(['CRC32', 'COMPOSITE']);
      const UploadId = created.UploadId!;
      const parts = [];
      for (const [i, Body] of bodies.entries()) {
        const up = await t.s3.send(
          new UploadPartCommand({
            Bucket: 'mpu',
            Key: 'composite',
            UploadId,
            PartNumber: i + 1,
            Body,
            ChecksumAlgorithm: 'CRC32',
          }),
        );
        parts.push({ PartNumber: i + 1, ETag: up.ETag!, ChecksumCRC32: up.ChecksumCRC32! });
      }
      const listed = await t.s3.send(new ListPartsCommand({ Bucket: 'mpu', Key: 'composite', UploadId }));
      expect([listed.ChecksumAlgorithm, listed.ChecksumType]).toEqual(['CRC32', 'COMPOSITE']);
      const raw = Buffer.concat(bodies.map((b) => Buffer.from(crcB64(crc32(b)), 'base64')));
      const expected = `${crcB64(crc32(raw))}-2`;
      const done = await t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpu',
          Key: 'composite',
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      expect([done.ChecksumCRC32, done.ChecksumType]).toEqual([expected, 'COMPOSITE']);
      const head = await t.s3.send(
        new HeadObjectCommand({ Bucket: 'mpu', Key: 'composite', ChecksumMode: 'ENABLED' }),
      );
      expect([head.ChecksumCRC32, head.ChecksumType]).toEqual([expected, 'COMPOSITE']);
    });

    it('FULL_OBJECT: the CRC of the whole object, checked against the one Complete names', async () => {
      const whole = crcB64(crc32c(Buffer.concat(bodies)));
      const run = async (Key: string, ChecksumCRC32C: string) => {
        const { UploadId } = await t.s3.send(
          new CreateMultipartUploadCommand({
            Bucket: 'mpu',
            Key,
            ChecksumAlgorithm: 'CRC32C',
            ChecksumType: 'FULL_OBJECT',
          }),
        );
        const parts = [];
        for (const [i, Body] of bodies.entries()) {
          const up = await t.s3.send(
            new UploadPartCommand({
              Bucket: 'mpu',
              Key,
              UploadId,
              PartNumber: i + 1,
              Body,
              ChecksumAlgorithm: 'CRC32C',
            }),
          );
          parts.push({ PartNumber: i + 1, ETag: up.ETag!, ChecksumCRC32C: up.ChecksumCRC32C! });
        }
        return t.s3.send(
          new CompleteMultipartUploadCommand({
            Bucket: 'mpu',
            Key,
            UploadId,
            MultipartUpload: { Parts: parts },
            ChecksumCRC32C,
            ChecksumType: 'FULL_OBJECT',
          }),
        );
      };
      const done = await run('full', whole);
      expect([done.ChecksumCRC32C, done.ChecksumType]).toEqual([whole, 'FULL_OBJECT']);
      const head = await t.s3.send(
        new HeadObjectCommand({ Bucket: 'mpu', Key: 'full', ChecksumMode: 'ENABLED' }),
      );
      expect([head.ChecksumCRC32C, head.ChecksumType]).toEqual([whole, 'FULL_OBJECT']);
      await expect(run('full-wrong', crcB64(1234))).rejects.toMatchObject({ name: 'BadDigest' });
    });

    it("refuses an unknown algorithm, and a part without the upload's checksum", async () => {
      const md5 = await signedRequest(t.store.port, {
        method: 'POST',
        path: '/mpu/bad-alg?uploads',
        headers: { 'x-amz-checksum-algorithm': 'MD5' },
      });
      expect([md5.status, xmlCode(md5.body)]).toEqual([400, 'InvalidRequest']);
      const { UploadId } = await t.s3.send(
        new CreateMultipartUploadCommand({ Bucket: 'mpu', Key: 'needs-crc', ChecksumAlgorithm: 'CRC32' }),
      );
      const bare = await signedRequest(t.store.port, {
        method: 'PUT',
        path: `/mpu/needs-crc?partNumber=1&uploadId=${UploadId}`,
        body: 'x',
      });
      expect([bare.status, xmlCode(bare.body)]).toEqual([400, 'InvalidRequest']);
      // A copied part gets the upload's checksum computed as it is copied.
      await t.s3.send(new PutObjectCommand({ Bucket: 'mpu', Key: 'copy-src', Body: 'copied bytes' }));
      const copied = await t.s3.send(
        new UploadPartCopyCommand({
          Bucket: 'mpu',
          Key: 'needs-crc',
          UploadId,
          PartNumber: 1,
          CopySource: 'mpu/copy-src',
        }),
      );
      // A COMPOSITE checksum is built from the parts': Complete must name each, as S3 asks.
      const complete = (part: s3sdk.CompletedPart) =>
        t.s3.send(
          new CompleteMultipartUploadCommand({
            Bucket: 'mpu',
            Key: 'needs-crc',
            UploadId,
            MultipartUpload: { Parts: [part] },
          }),
        );
      await expect(complete({ PartNumber: 1, ETag: copied.CopyPartResult!.ETag! })).rejects.toMatchObject({
        name: 'InvalidRequest',
        message: expect.stringContaining('It was missing for part 1'),
      });
      const done = await complete({
        PartNumber: 1,
        ETag: copied.CopyPartResult!.ETag!,
        ChecksumCRC32: copied.CopyPartResult!.ChecksumCRC32!,
      });
      const raw = Buffer.from(crcB64(crc32(Buffer.from('copied bytes'))), 'base64');
      expect(done.ChecksumCRC32).toBe(`${crcB64(crc32(raw))}-1`);
    });
  });
});
