import { createHash } from 'node:crypto';
import { cp, readdir } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dropRecord,
  dropUploadRecord,
  restoreUploadRecord,
  uploadOnDrive,
  uploadRecordBytes,
} from '../../../../test/faults/support.js';
import { decodeUploadRecord } from '../../../format/upload-record.js';
import { dataDir, objectDir } from '../../fs/layout.js';
import { MIN_PART_SIZE } from '../../object-layer.js';
import {
  body,
  bytes,
  type EngineFixture,
  engineFixture,
  externalWritesSeen,
} from '../../test-support/engine.js';
import type { ErasureObjectLayer } from '../erasure-layer.js';

let f: EngineFixture;
let layer: ErasureObjectLayer;
beforeEach(async () => {
  f = await engineFixture();
  layer = await f.open();
  await layer.makeBucket('bkt');
});
afterEach(() => f.close());

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const part = (n: number, size: number) => Buffer.alloc(size, n);
/** Part `partNumber` of an upload of `key`. */
const putPart = (key: string, uploadId: string, partNumber: number, data: Buffer) =>
  layer.putObjectPart({ bucket: 'bkt', key, uploadId, partNumber, body: body(data), size: data.length });
/** Completes an upload of `key` with `parts` as parts 1, 2, ... */
const completeWith = (key: string, uploadId: string, parts: Buffer[]) =>
  layer.completeMultipartUpload({
    bucket: 'bkt',
    key,
    uploadId,
    versioning: 'unversioned',
    parts: parts.map((p, i) => ({ number: i + 1, etag: md5(p) })),
  });
/** The MD5 of what a GET of `key` reads. */
const readBack = async (key: string) => md5(await bytes((await layer.getObject('bkt', key)).stream));

const upload = (uploadId: string, partNumber: number, data: Buffer) =>
  layer.putObjectPart({
    bucket: 'bkt',
    key: 'big',
    uploadId,
    partNumber,
    body: body(data),
    size: data.length,
  });

describe('multipart uploads in the engine', () => {
  it("lists one key's uploads in the order they were initiated, however close together", async () => {
    // Hundreds begun in the same few milliseconds: ids of one millisecond still sort in order.
    const made = await Promise.all(
      Array.from({ length: 300 }, () => layer.newMultipartUpload('bkt', 'same', {})),
    );
    const listed = await layer.listMultipartUploads({
      bucket: 'bkt',
      prefix: '',
      delimiter: '',
      keyMarker: '',
      uploadIdMarker: '',
      maxUploads: 1000,
    });
    expect(listed.uploads.map((u) => u.uploadId)).toEqual(made.map((u) => u.uploadId));
    const times = listed.uploads.map((u) => u.initiated.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('completes without copying: the object is its parts, with the -N ETag and part reads', async () => {
    const { uploadId } = await layer.newMultipartUpload('bkt', 'big', {
      contentType: 'text/x',
      userMeta: { a: '1' },
    });
    const p1 = part(1, MIN_PART_SIZE);
    const p2 = part(2, 1000);
    await upload(uploadId, 1, part(9, MIN_PART_SIZE)); // replaced by the next upload of part 1
    await upload(uploadId, 1, p1);
    await upload(uploadId, 2, p2);
    await upload(uploadId, 3, part(3, 10)); // left out of the completion
    expect((await layer.listObjectParts('bkt', 'big', uploadId)).map((p) => [p.number, p.etag])).toEqual([
      [1, md5(p1)],
      [2, md5(p2)],
      [3, md5(part(3, 10))],
    ]);
    const info = await layer.completeMultipartUpload({
      bucket: 'bkt',
      key: 'big',
      uploadId,
      versioning: 'unversioned',
      parts: [
        { number: 1, etag: md5(p1) },
        { number: 2, etag: md5(p2) },
      ],
    });
    const expectedEtag = `${createHash('md5')
      .update(Buffer.concat([Buffer.from(md5(p1), 'hex'), Buffer.from(md5(p2), 'hex')]))
      .digest('hex')}-2`;
    expect(info).toMatchObject({
      etag: expectedEtag,
      size: p1.length + p2.length,
      contentType: 'text/x',
      userMeta: { a: '1' },
    });
    expect((await bytes((await layer.getObject('bkt', 'big')).stream)).equals(Buffer.concat([p1, p2]))).toBe(
      true,
    );
    const second = await layer.getObject('bkt', 'big', { partNumber: 2 });
    expect(second.range).toEqual({ start: p1.length, end: p1.length + p2.length - 1 });
    expect((await bytes(second.stream)).equals(p2)).toBe(true);
    // Only the two chosen part files remain on each drive; the upload is gone.
    for (const d of f.drives)
      expect(await readdir(dataDir(d, 'bkt', 'big', (await readdirId(d))!))).toHaveLength(2);
    await expect(layer.listObjectParts('bkt', 'big', uploadId)).rejects.toMatchObject({
      code: 'NoSuchUpload',
    });
  });

  it('refuses wrong parts with S3 codes', async () => {
    const { uploadId } = await layer.newMultipartUpload('bkt', 'big', {});
    const small = part(1, 100);
    await upload(uploadId, 1, small);
    await upload(uploadId, 2, small);
    const complete = (parts: { number: number; etag: string }[]) =>
      layer.completeMultipartUpload({
        bucket: 'bkt',
        key: 'big',
        uploadId,
        versioning: 'unversioned',
        parts,
      });
    await expect(complete([{ number: 1, etag: 'ffff' }])).rejects.toMatchObject({ code: 'InvalidPart' });
    await expect(complete([{ number: 4, etag: md5(small) }])).rejects.toMatchObject({ code: 'InvalidPart' });
    await expect(
      complete([
        { number: 2, etag: md5(small) },
        { number: 1, etag: md5(small) },
      ]),
    ).rejects.toMatchObject({ code: 'InvalidPartOrder' });
    await expect(
      complete([
        { number: 1, etag: md5(small) },
        { number: 2, etag: md5(small) },
      ]),
    ).rejects.toMatchObject({ code: 'EntityTooSmall' });
    await expect(
      layer.putObjectPart({
        bucket: 'bkt',
        key: 'other',
        uploadId,
        partNumber: 1,
        body: body(small),
        size: 100,
      }),
    ).rejects.toMatchObject({ code: 'NoSuchUpload' });
  });

  it('an abort while a part is written leaves no folder behind', async () => {
    const { uploadId } = await layer.newMultipartUpload('bkt', 'raced', {});
    const slow = new PassThrough();
    const writing = layer.putObjectPart({
      bucket: 'bkt',
      key: 'raced',
      uploadId,
      partNumber: 1,
      body: slow,
      size: 512 * 1024,
    });
    slow.write(Buffer.alloc(256 * 1024, 1));
    // The part's folder is on the drives: its write is under way.
    await expect
      .poll(async () => (await readdir(objectDir(f.drives[0]!, 'bkt', 'raced')).catch(() => [])).length)
      .toBeGreaterThan(0);
    await layer.abortMultipartUpload('bkt', 'raced', uploadId);
    slow.end(Buffer.alloc(256 * 1024, 2));
    await expect(writing).rejects.toMatchObject({ code: 'NoSuchUpload' });
    for (const d of f.drives)
      await expect(readdir(objectDir(d, 'bkt', 'raced'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a Complete a crash cut after two drives: a retry finishes it, an abort keeps the object', async () => {
    for (const finish of ['retry', 'abort'] as const) {
      const key = `torn-${finish}`;
      const { uploadId } = await layer.newMultipartUpload('bkt', key, {});
      const p1 = part(1, MIN_PART_SIZE);
      const p2 = part(2, 1000);
      const put = (n: number, data: Buffer) =>
        layer.putObjectPart({
          bucket: 'bkt',
          key,
          uploadId,
          partNumber: n,
          body: body(data),
          size: data.length,
        });
      await put(1, p1);
      await put(2, p2);
      const saved = f.drives.map((d) => uploadOnDrive(d, 'bkt', key, uploadId));
      const parts = [
        { number: 1, etag: md5(p1) },
        { number: 2, etag: md5(p2) },
      ];
      const done = await layer.completeMultipartUpload({
        bucket: 'bkt',
        key,
        uploadId,
        versioning: 'unversioned',
        parts,
      });
      // As if drives 0 and 1 never took the Complete: the upload, and no object, on them.
      for (const [i, d] of f.drives.slice(0, 2).entries()) {
        dropRecord(d, 'bkt', key);
        restoreUploadRecord(d, 'bkt', key, uploadId, saved[i]!);
      }
      externalWritesSeen(layer);
      if (finish === 'retry') {
        const again = await layer.completeMultipartUpload({
          bucket: 'bkt',
          key,
          uploadId,
          versioning: 'unversioned',
          parts,
        });
        expect(again.etag).toBe(done.etag);
      } else {
        await layer.abortMultipartUpload('bkt', key, uploadId);
      }
      const listed = await layer.listMultipartUploads({
        bucket: 'bkt',
        prefix: key,
        delimiter: '',
        keyMarker: '',
        uploadIdMarker: '',
        maxUploads: 10,
      });
      expect(listed.uploads).toEqual([]);
      const read = await layer.getObject('bkt', key);
      expect(md5(await bytes(read.stream))).toBe(md5(Buffer.concat([p1, p2])));
    }
  });

  it('a Complete cut after one drive, then a PUT of the key: the retried Complete still reads back', async () => {
    const key = 'torn-then-put';
    const { uploadId } = await layer.newMultipartUpload('bkt', key, {});
    const p1 = part(3, MIN_PART_SIZE);
    const p2 = part(4, 2000);
    for (const [n, data] of [p1, p2].entries()) await putPart(key, uploadId, n + 1, data);
    const saved = f.drives.map((d) => uploadOnDrive(d, 'bkt', key, uploadId));
    await completeWith(key, uploadId, [p1, p2]);
    // As if only drive 0 took the Complete: elsewhere the upload, and no object.
    for (const [i, d] of f.drives.entries()) {
      if (i === 0) continue;
      dropRecord(d, 'bkt', key);
      restoreUploadRecord(d, 'bkt', key, uploadId, saved[i]!);
    }
    externalWritesSeen(layer);
    // A PUT replaces drive 0's one-drive version: the upload's folder must stay.
    await layer.putObject({ bucket: 'bkt', key, body: body('put between'), versioning: 'unversioned' });
    await completeWith(key, uploadId, [p1, p2]);
    expect(await readBack(key)).toBe(md5(Buffer.concat([p1, p2])));
  });

  it('a part re-upload a crash cut on half the drives: the acknowledged part is listed and completes', async () => {
    const key = 'half-reupload';
    const { uploadId } = await layer.newMultipartUpload('bkt', key, {});
    const first = part(5, 4000);
    await putPart(key, uploadId, 1, first);
    // The drives' state after the acknowledged upload: records, and the part's files.
    const records = f.drives.map((d) => uploadOnDrive(d, 'bkt', key, uploadId));
    const record = decodeUploadRecord(records[0]!.record!);
    const folder = (d: string) => dataDir(d, 'bkt', key, record.dataId);
    const saved = await Promise.all(
      f.drives.map((d) => cp(folder(d), `${folder(d)}.saved`, { recursive: true })),
    );
    expect(saved).toHaveLength(4);
    await putPart(key, uploadId, 1, part(6, 4000));
    // As if the re-upload reached drives 0 and 1 only, and the crash came before any cleanup.
    for (const [i, d] of f.drives.entries()) {
      await cp(`${folder(d)}.saved`, folder(d), { recursive: true });
      if (i >= 2) restoreUploadRecord(d, 'bkt', key, uploadId, records[i]!);
    }
    externalWritesSeen(layer);
    const listed = await layer.listObjectParts('bkt', key, uploadId);
    expect(listed.map((p) => p.etag)).toEqual([md5(first)]);
    await completeWith(key, uploadId, [first]);
    expect(await readBack(key)).toBe(md5(first));
  });

  it('an upload a crash made on only half the drives takes parts on all of them, and completes', async () => {
    const key = 'half-created';
    const { uploadId } = await layer.newMultipartUpload('bkt', key, {});
    for (const d of f.drives.slice(2)) dropUploadRecord(d, 'bkt', key, uploadId);
    externalWritesSeen(layer);
    const data = part(7, 3000);
    await putPart(key, uploadId, 1, data);
    for (const d of f.drives) expect(uploadRecordBytes(d, 'bkt', key, uploadId), d).toBeDefined();
    await completeWith(key, uploadId, [data]);
    expect(await readBack(key)).toBe(md5(data));
  });

  it('a part still arriving when the upload completes fails, and the object keeps its data', async () => {
    const { uploadId } = await layer.newMultipartUpload('bkt', 'late', {});
    const p1 = part(1, MIN_PART_SIZE);
    const p2 = part(2, 1000);
    await layer.putObjectPart({
      bucket: 'bkt',
      key: 'late',
      uploadId,
      partNumber: 1,
      body: body(p1),
      size: p1.length,
    });
    // Part 2 twice: a first attempt that stalls, and the retry that lands.
    const slow = new PassThrough();
    const stalled = layer.putObjectPart({
      bucket: 'bkt',
      key: 'late',
      uploadId,
      partNumber: 2,
      body: slow,
      size: p2.length,
    });
    slow.write(p2.subarray(0, 500));
    await layer.putObjectPart({
      bucket: 'bkt',
      key: 'late',
      uploadId,
      partNumber: 2,
      body: body(p2),
      size: p2.length,
    });
    const parts = (await layer.listObjectParts('bkt', 'late', uploadId)).map((p) => ({
      number: p.number,
      etag: p.etag,
    }));
    await layer.completeMultipartUpload({
      bucket: 'bkt',
      key: 'late',
      uploadId,
      versioning: 'unversioned',
      parts,
    });
    slow.end(p2.subarray(500));
    await expect(stalled).rejects.toMatchObject({ code: 'NoSuchUpload' });
    const read = await layer.getObject('bkt', 'late');
    expect(md5(await bytes(read.stream))).toBe(md5(Buffer.concat([p1, p2])));
  });
});

/** The one data folder of 'big' on a drive. */
async function readdirId(drive: string): Promise<string | undefined> {
  const entries = await readdir(dataDir(drive, 'bkt', 'big', ''));
  return entries[0];
}
