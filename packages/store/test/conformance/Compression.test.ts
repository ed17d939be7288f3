import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveRecord } from '../faults/support.js';

// The compression subsystem, as MinIO applies it: with enable=on, new objects whose key
// or content type the settings name are stored compressed (and, with allow_encryption=on,
// encrypted ones too); clients see their own bytes, sizes and ETags as before.

const {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} = s3sdk;

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'squeeze' }));
});
afterAll(() => t.close());

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
/** Text that compresses well, and differs at every line (a misplaced block cannot pass). */
const text = (bytes: number, seed = 0) => {
  let s = '';
  for (let i = 0; s.length < bytes; i++)
    s += `${seed} line ${i}: the quick brown fox jumps over the lazy dog\n`;
  return Buffer.from(s.slice(0, bytes));
};

/** How drive 0 stores the key's latest version: compressed or not, and its stored bytes. */
function stored(key: string): { compressed: boolean; storedBytes: number; size: number } {
  const v = driveRecord(t.drives[0]!, 'squeeze', key)!.versions[0]!;
  return {
    compressed: v.internal.compression !== undefined,
    storedBytes: v.data!.parts.reduce((s, p) => s + p.size, 0),
    size: v.size,
  };
}

const put = (Key: string, Body: Buffer, extra: Partial<s3sdk.PutObjectCommandInput> = {}) =>
  t.s3.send(new PutObjectCommand({ Bucket: 'squeeze', Key, Body, ...extra }));
async function get(Key: string, Range?: string, PartNumber?: number) {
  const res = await t.s3.send(
    new GetObjectCommand({
      Bucket: 'squeeze',
      Key,
      ...(Range ? { Range } : {}),
      ...(PartNumber ? { PartNumber } : {}),
    }),
  );
  return { bytes: Buffer.from(await res.Body!.transformToByteArray()), res };
}

describe('compression', () => {
  it('is off by default', async () => {
    await put('before.txt', text(100_000));
    expect(stored('before.txt').compressed).toBe(false);
  });

  it('stores named objects compressed; reads, ranges, HEAD and listings show the client bytes', async () => {
    await admin.config.setKV('compression enable=on');
    const body = text(300_000);
    const put1 = await put('logs/app.txt', body);
    expect(put1.ETag).toBe(`"${md5(body)}"`);
    const s = stored('logs/app.txt');
    expect(s.compressed).toBe(true);
    expect(s.size).toBe(body.length);
    expect(s.storedBytes).toBeLessThan(body.length / 5);

    const whole = await get('logs/app.txt');
    expect(md5(whole.bytes)).toBe(md5(body));
    expect([whole.res.ContentLength, whole.res.ETag]).toEqual([body.length, `"${md5(body)}"`]);
    for (const [range, from, to] of [
      ['bytes=1000-1999', 1000, 2000],
      ['bytes=-777', body.length - 777, body.length],
      ['bytes=299990-', 299_990, body.length],
    ] as const) {
      const part = await get('logs/app.txt', range);
      expect([range, md5(part.bytes)]).toEqual([range, md5(body.subarray(from, to))]);
    }
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'squeeze', Key: 'logs/app.txt' }));
    expect(head.ContentLength).toBe(body.length);
    const listed = await t.s3.send(new ListObjectsV2Command({ Bucket: 'squeeze', Prefix: 'logs/' }));
    expect(listed.Contents?.map((c) => c.Size)).toEqual([body.length]);
  });

  it('ranges of a big object read the blocks they cover: across blocks, at the end, sealed too', async () => {
    await admin.config.setKV('compression enable=on allow_encryption=on');
    const body = text(9 * 1024 * 1024 + 333, 7);
    for (const [key, extra] of [
      ['big-plain.log', {}],
      ['big-sealed.log', { ServerSideEncryption: 'AES256' as const }],
    ] as const) {
      await put(key, body, extra);
      expect(stored(key).compressed).toBe(true);
      const block = 4 * 1024 * 1024;
      for (const [from, to] of [
        [block - 10, block + 10],
        [2 * block, 2 * block],
        [body.length - 500, body.length - 1],
        [0, body.length - 1],
      ] as const) {
        const got = await get(key, `bytes=${from}-${to}`);
        expect([key, from, md5(got.bytes)]).toEqual([key, from, md5(body.subarray(from, to + 1))]);
      }
    }
  });

  it('follows the extensions and content types, never formats compressed already, nor small bodies', async () => {
    await admin.config.setKV('compression enable=on');
    const body = text(50_000);
    await put('by-type.dat', body, { ContentType: 'application/json' });
    await put('not-named.dat', body, { ContentType: 'application/x-custom' });
    await put('photo.jpg', body, { ContentType: 'text/plain' });
    await put('clip.txt', body, { ContentType: 'video/mp4' });
    await put('tiny.txt', text(4096));
    expect(
      ['by-type.dat', 'not-named.dat', 'photo.jpg', 'clip.txt', 'tiny.txt'].map((k) => [
        k,
        stored(k).compressed,
      ]),
    ).toEqual([
      ['by-type.dat', true],
      ['not-named.dat', false],
      ['photo.jpg', false],
      ['clip.txt', false],
      ['tiny.txt', false],
    ]);
    for (const k of ['by-type.dat', 'photo.jpg']) expect(md5((await get(k)).bytes)).toBe(md5(body));
  });

  it('compresses each part of a multipart upload; part reads and ranges across parts', async () => {
    await admin.config.setKV('compression enable=on');
    const parts = [text(5 * 1024 * 1024, 1), text(200_000, 2)];
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'squeeze', Key: 'multi.log', ContentType: 'text/plain' }),
    );
    const etags = [];
    for (const [i, Body] of parts.entries())
      etags.push(
        (
          await t.s3.send(
            new UploadPartCommand({ Bucket: 'squeeze', Key: 'multi.log', UploadId, PartNumber: i + 1, Body }),
          )
        ).ETag,
      );
    expect(etags).toEqual(parts.map((p) => `"${md5(p)}"`));
    await t.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'squeeze',
        Key: 'multi.log',
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    const all = Buffer.concat(parts);
    expect(stored('multi.log')).toMatchObject({ compressed: true, size: all.length });
    expect(stored('multi.log').storedBytes).toBeLessThan(all.length / 5);
    expect(md5((await get('multi.log')).bytes)).toBe(md5(all));
    const second = await get('multi.log', undefined, 2);
    expect([md5(second.bytes), second.res.PartsCount]).toEqual([md5(parts[1]!), 2]);
    const across = parts[0]!.length - 100;
    expect(md5((await get('multi.log', `bytes=${across}-${across + 199}`)).bytes)).toBe(
      md5(all.subarray(across, across + 200)),
    );
  });

  it('takes encrypted objects only with allow_encryption=on, and reads them back', async () => {
    await admin.config.setKV('compression enable=on allow_encryption=off');
    const body = text(200_000, 3);
    await put('sealed-off.txt', body, { ServerSideEncryption: 'AES256' });
    expect(stored('sealed-off.txt').compressed).toBe(false);
    await admin.config.setKV('compression enable=on allow_encryption=on');
    const res = await put('sealed-on.txt', body, { ServerSideEncryption: 'AES256' });
    expect([res.ETag, res.ServerSideEncryption]).toEqual([`"${md5(body)}"`, 'AES256']);
    const s = stored('sealed-on.txt');
    expect(s.compressed).toBe(true);
    expect(s.storedBytes).toBeLessThan(body.length / 5);
    const back = await get('sealed-on.txt');
    expect([md5(back.bytes), back.res.ServerSideEncryption]).toEqual([md5(body), 'AES256']);
    expect(md5((await get('sealed-on.txt', 'bytes=150000-150099')).bytes)).toBe(
      md5(body.subarray(150_000, 150_100)),
    );
  });

  it('a copy is stored as its own key and type say; a bad Content-MD5 stores nothing', async () => {
    await admin.config.setKV('compression enable=on allow_encryption=off');
    const body = text(100_000, 4);
    await put('src.txt', body);
    for (const Key of ['copy.txt', 'copy.jpg'])
      await t.s3.send(new CopyObjectCommand({ Bucket: 'squeeze', Key, CopySource: 'squeeze/src.txt' }));
    expect([stored('copy.txt').compressed, stored('copy.jpg').compressed]).toEqual([true, false]);
    for (const k of ['copy.txt', 'copy.jpg']) expect(md5((await get(k)).bytes)).toBe(md5(body));
    await expect(
      put('bad.txt', body, { ContentMD5: createHash('md5').update('other').digest('base64') }),
    ).rejects.toMatchObject({ name: 'BadDigest' });
    expect(driveRecord(t.drives[0]!, 'squeeze', 'bad.txt')).toBeUndefined();
  });
});
