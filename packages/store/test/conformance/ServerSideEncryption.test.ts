import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pattern } from '../faults/support.js';

// SSE-S3 and SSE-C on PutObject, GetObject (ranges), HeadObject, CopyObject, multipart, and
// bucket default encryption (PutBucketEncryption): the drives never hold the plaintext.

const {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketEncryptionCommand,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

let t: TestStore;
const MiB = 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const customerKey = randomBytes(32);
const sseC = {
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: customerKey.toString('base64'),
  SSECustomerKeyMD5: createHash('md5').update(customerKey).digest('base64'),
};

beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'enc' }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'dflt' }));
});
afterAll(() => t.close());

const get = async (input: s3sdk.GetObjectCommandInput) => {
  const out = await t.s3.send(new GetObjectCommand(input));
  return { out, body: Buffer.from(await out.Body!.transformToByteArray()) };
};

/** Whether any file on the drives holds these bytes (a 64-byte sample of them). */
async function onDisk(sample: Buffer): Promise<boolean> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else files.push(p);
    }
  };
  for (const d of t.drives) await walk(d);
  for (const f of files) if ((await readFile(f)).includes(sample)) return true;
  return false;
}

describe('server-side encryption', () => {
  it('SSE-S3: plaintext back, AES256 header, MD5 ETag, and no plaintext on the drives', async () => {
    const data = pattern(300_000, 11);
    const put = await t.s3.send(
      new PutObjectCommand({ Bucket: 'enc', Key: 's3', Body: data, ServerSideEncryption: 'AES256' }),
    );
    expect(put.ServerSideEncryption).toBe('AES256');
    expect(put.ETag).toBe(`"${md5(data)}"`);
    const { out, body } = await get({ Bucket: 'enc', Key: 's3' });
    expect(body.equals(data)).toBe(true);
    expect(out).toMatchObject({ ServerSideEncryption: 'AES256', ContentLength: data.length });
    const small = Buffer.from('a small secret that lives inline in the drive index, 64 bytes +');
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'enc', Key: 'small', Body: small, ServerSideEncryption: 'AES256' }),
    );
    expect((await get({ Bucket: 'enc', Key: 'small' })).body.equals(small)).toBe(true);
    expect(await onDisk(data.subarray(1000, 1064))).toBe(false);
    expect(await onDisk(small.subarray(0, 48))).toBe(false);
  });

  it('ranges map onto the encrypted packages', async () => {
    const data = pattern(3 * 65536 + 999, 12);
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'enc', Key: 'ranges', Body: data, ServerSideEncryption: 'AES256' }),
    );
    for (const [a, b] of [
      [0, 0],
      [65535, 65536],
      [100, 3 * 65536 + 998],
      [131072, 196607],
    ] as const) {
      const { out, body } = await get({ Bucket: 'enc', Key: 'ranges', Range: `bytes=${a}-${b}` });
      expect(out.ContentRange).toBe(`bytes ${a}-${b}/${data.length}`);
      expect(body.equals(data.subarray(a, b + 1))).toBe(true);
    }
  });

  it('SSE-C: the customer key is needed for every read, and a wrong one is AccessDenied', async () => {
    const data = pattern(200_000, 13);
    const put = await t.s3.send(new PutObjectCommand({ Bucket: 'enc', Key: 'c', Body: data, ...sseC }));
    expect(put.SSECustomerKeyMD5).toBe(sseC.SSECustomerKeyMD5);
    const { out, body } = await get({ Bucket: 'enc', Key: 'c', ...sseC });
    expect(body.equals(data)).toBe(true);
    expect(out.SSECustomerAlgorithm).toBe('AES256');
    await expect(t.s3.send(new GetObjectCommand({ Bucket: 'enc', Key: 'c' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 400 },
    });
    const other = randomBytes(32);
    const wrong = {
      SSECustomerAlgorithm: 'AES256',
      SSECustomerKey: other.toString('base64'),
      SSECustomerKeyMD5: createHash('md5').update(other).digest('base64'),
    };
    await expect(
      t.s3.send(new HeadObjectCommand({ Bucket: 'enc', Key: 'c', ...wrong })),
    ).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    // A conditional read is no way around the key: no 304 without it, or with a wrong one.
    await expect(
      t.s3.send(new GetObjectCommand({ Bucket: 'enc', Key: 'c', IfNoneMatch: put.ETag })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 } });
    await expect(
      t.s3.send(new GetObjectCommand({ Bucket: 'enc', Key: 'c', IfNoneMatch: put.ETag, ...wrong })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    // The SDK fills in the key's MD5 itself: a mismatched one needs a raw request.
    const mismatch = await signedRequest(t.store.port, {
      method: 'PUT',
      path: '/enc/bad',
      body: 'x',
      headers: {
        'x-amz-server-side-encryption-customer-algorithm': 'AES256',
        'x-amz-server-side-encryption-customer-key': sseC.SSECustomerKey,
        'x-amz-server-side-encryption-customer-key-md5': wrong.SSECustomerKeyMD5,
      },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain(
      'The calculated MD5 hash of the key did not match the hash that was provided.',
    );
    expect(await onDisk(data.subarray(5000, 5064))).toBe(false);
  });

  it('multipart: each part encrypted; ranges across parts decrypt', async () => {
    const p1 = pattern(5 * MiB, 14);
    const p2 = pattern(70_000, 15);
    for (const [Key, sse] of [
      ['mp-s3', { ServerSideEncryption: 'AES256' as const }],
      ['mp-c', sseC],
    ] as const) {
      const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'enc', Key, ...sse }));
      const partSse = 'SSECustomerKey' in sse ? sse : {};
      const parts = [];
      for (const [i, Body] of [p1, p2].entries()) {
        const r = await t.s3.send(
          new UploadPartCommand({ Bucket: 'enc', Key, UploadId, PartNumber: i + 1, Body, ...partSse }),
        );
        parts.push({ PartNumber: i + 1, ETag: r.ETag! });
      }
      await t.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'enc',
          Key,
          UploadId,
          MultipartUpload: { Parts: parts },
          ...partSse,
        }),
      );
      const whole = await get({ Bucket: 'enc', Key, ...partSse });
      expect(md5(whole.body)).toBe(md5(Buffer.concat([p1, p2])));
      // A part copied into the upload answers how it is encrypted, as UploadPart does.
      const { UploadId: again } = await t.s3.send(
        new CreateMultipartUploadCommand({ Bucket: 'enc', Key, ...sse }),
      );
      const copied = await t.s3.send(
        new s3sdk.UploadPartCopyCommand({
          Bucket: 'enc',
          Key,
          UploadId: again,
          PartNumber: 1,
          CopySource: `enc/${Key}`,
          CopySourceRange: 'bytes=0-99',
          ...partSse,
          ...('SSECustomerKey' in sse
            ? {
                CopySourceSSECustomerAlgorithm: 'AES256',
                CopySourceSSECustomerKey: sseC.SSECustomerKey,
                CopySourceSSECustomerKeyMD5: sseC.SSECustomerKeyMD5,
              }
            : {}),
        }),
      );
      if ('SSECustomerKey' in sse) expect(copied.SSECustomerAlgorithm).toBe('AES256');
      else expect(copied.ServerSideEncryption).toBe('AES256');
      await t.s3.send(new s3sdk.AbortMultipartUploadCommand({ Bucket: 'enc', Key, UploadId: again }));
      const a = 5 * MiB - 10;
      const span = await get({ Bucket: 'enc', Key, Range: `bytes=${a}-${a + 100}`, ...partSse });
      expect(span.body.equals(Buffer.concat([p1, p2]).subarray(a, a + 101))).toBe(true);
    }
  });

  it('SSE-C: a part sent again with the same bytes keeps its ETag, so Complete takes either (s3-tests)', async () => {
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'enc', Key: 'resent-c', ...sseC }),
    );
    const send = (PartNumber: number, Body: Buffer) =>
      t.s3.send(
        new UploadPartCommand({ Bucket: 'enc', Key: 'resent-c', UploadId, PartNumber, Body, ...sseC }),
      );
    const first = pattern(5 * 1024 * 1024, 7);
    const a = await send(1, first);
    const again = await send(1, first);
    expect(again.ETag).toBe(a.ETag);
    // The ETag is no MD5 of the plaintext (it would tell the content), nor the same in another object.
    expect(a.ETag).not.toBe(`"${createHash('md5').update(first).digest('hex')}"`);
    const other = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'enc', Key: 'other-c', ...sseC }),
    );
    const elsewhere = await t.s3.send(
      new UploadPartCommand({
        Bucket: 'enc',
        Key: 'other-c',
        UploadId: other.UploadId,
        PartNumber: 1,
        Body: first,
        ...sseC,
      }),
    );
    expect(elsewhere.ETag).not.toBe(a.ETag);
    const b = await send(2, Buffer.from('tail'));
    await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'enc',
        Key: 'resent-c',
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: a.ETag },
            { PartNumber: 2, ETag: b.ETag },
          ],
        },
        ...sseC,
      }),
    );
    const { body } = await get({ Bucket: 'enc', Key: 'resent-c', ...sseC });
    expect(body.equals(Buffer.concat([first, Buffer.from('tail')]))).toBe(true);
  });

  it("parts of an SSE-S3 upload may repeat the upload's header (minio-go does), not another method", async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'enc', Key: 'part-src', Body: 'x'.repeat(100) }));
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'enc', Key: 'mp-hdr', ServerSideEncryption: 'AES256' }),
    );
    const part = (n: number, method: string, copy: boolean) =>
      signedRequest(t.store.port, {
        method: 'PUT',
        path: `/enc/mp-hdr?partNumber=${n}&uploadId=${UploadId}`,
        headers: {
          'x-amz-server-side-encryption': method,
          ...(copy ? { 'x-amz-copy-source': '/enc/part-src' } : {}),
        },
        ...(copy ? {} : { body: 'y'.repeat(100) }),
      });
    for (const copy of [true, false]) {
      const ok = await part(copy ? 1 : 2, 'AES256', copy);
      expect(ok.status).toBe(200);
      expect(ok.headers['x-amz-server-side-encryption']).toBe('AES256');
      const kms = await part(3, 'aws:kms', copy);
      expect(kms.status).toBe(501);
      expect(xmlCode(kms.body)).toBe('NotImplemented');
    }
    await t.s3.send(new s3sdk.AbortMultipartUploadCommand({ Bucket: 'enc', Key: 'mp-hdr', UploadId }));
  });

  it('CopyObject decrypts the source and encrypts the copy as asked', async () => {
    const data = pattern(150_000, 16);
    await t.s3.send(new PutObjectCommand({ Bucket: 'enc', Key: 'copy-src', Body: data, ...sseC }));
    await t.s3.send(
      new CopyObjectCommand({
        Bucket: 'enc',
        Key: 'copy-dst',
        CopySource: 'enc/copy-src',
        CopySourceSSECustomerAlgorithm: 'AES256',
        CopySourceSSECustomerKey: sseC.SSECustomerKey,
        CopySourceSSECustomerKeyMD5: sseC.SSECustomerKeyMD5,
        ServerSideEncryption: 'AES256',
      }),
    );
    const { out, body } = await get({ Bucket: 'enc', Key: 'copy-dst' });
    expect(out.ServerSideEncryption).toBe('AES256');
    expect(body.equals(data)).toBe(true);
    await expect(
      t.s3.send(new CopyObjectCommand({ Bucket: 'enc', Key: 'x', CopySource: 'enc/copy-src' })),
    ).rejects.toMatchObject({
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('an encrypted object copied onto itself with no new encryption is decrypted, as in MinIO', async () => {
    const data = pattern(70_000, 17);
    await t.s3.send(
      new PutObjectCommand({ Bucket: 'enc', Key: 'to-clear', Body: data, ServerSideEncryption: 'AES256' }),
    );
    await t.s3.send(new CopyObjectCommand({ Bucket: 'enc', Key: 'to-clear', CopySource: 'enc/to-clear' }));
    const { out, body } = await get({ Bucket: 'enc', Key: 'to-clear' });
    expect(out.ServerSideEncryption).toBeUndefined();
    expect(body.equals(data)).toBe(true);
    // A plain object onto itself with nothing changed is still refused.
    await expect(
      t.s3.send(new CopyObjectCommand({ Bucket: 'enc', Key: 'to-clear', CopySource: 'enc/to-clear' })),
    ).rejects.toMatchObject({ name: 'InvalidRequest' });
  });

  it('bucket default encryption applies to writes that ask for none', async () => {
    await t.s3.send(
      new PutBucketEncryptionCommand({
        Bucket: 'dflt',
        ServerSideEncryptionConfiguration: {
          Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      }),
    );
    const put = await t.s3.send(new PutObjectCommand({ Bucket: 'dflt', Key: 'k', Body: 'default' }));
    expect(put.ServerSideEncryption).toBe('AES256');
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'dflt', Key: 'k' }));
    expect(head.ServerSideEncryption).toBe('AES256');
  });

  it('works through the minio SDK', async () => {
    await t.minio.putObject('enc', 'via-minio', Buffer.from('minio secret'), undefined, {
      'X-Amz-Server-Side-Encryption': 'AES256',
    });
    const stream = await t.minio.getObject('enc', 'via-minio');
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('minio secret');
  });
});
