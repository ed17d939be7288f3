import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  dropUploadRecord,
  partEntries,
  putUploadRecordBytes,
  restoreUploadRecord,
  uploadEntries,
  uploadOnDrive,
  uploadRecordBytes,
} from '../../../../test/faults/support.js';
import { packRecord, unpackRecord } from '../../../format/record.js';
import { decodeUploadPart, decodeUploadRecord } from '../../../format/upload-record.js';
import type { DriveIndex } from '../../fs/drive-index.js';
import { dataDir } from '../../fs/layout.js';
import { MIN_PART_SIZE } from '../../object-layer.js';
import { body, bucketEachTest, bytes, externalWritesSeen } from '../../test-support/engine.js';
import type { EngineContext } from '../context.js';

// Each part of an upload is an index entry of its own (upload record version 3): a part's
// write costs the same whatever came before it. Uploads a version 2 store began hold their
// parts in their record; they list, take parts, complete and abort as they are.

const t = bucketEachTest();
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const big = (fill: number) => Buffer.alloc(MIN_PART_SIZE, fill);
const small = (fill: number) => Buffer.alloc(1000, fill);

const putPart = (key: string, uploadId: string, partNumber: number, data: Buffer) =>
  t.layer.putObjectPart({ bucket: 'bkt', key, uploadId, partNumber, body: body(data), size: data.length });
const complete = (key: string, uploadId: string, parts: [number, Buffer][]) =>
  t.layer.completeMultipartUpload({
    bucket: 'bkt',
    key,
    uploadId,
    versioning: 'unversioned',
    parts: parts.map(([number, data]) => ({ number, etag: md5(data) })),
  });
const readBack = async (key: string) => md5(await bytes((await t.layer.getObject('bkt', key)).stream));
const drives = () => (t.layer as unknown as { ctx: EngineContext }).ctx.drives.all() as DriveIndex[];

/** Rewrites every drive's copy of the upload as a version 2 store kept it: parts in the record. */
async function asVersion2(key: string, uploadId: string): Promise<Buffer[]> {
  const written = t.f.drives.map((d) => {
    const held = uploadOnDrive(d, 'bkt', key, uploadId);
    const { v: _v, ...header } = unpackRecord(held.record!, 'upload record');
    const v2 = packRecord({ ...header, v: 2, parts: held.parts.map(([, value]) => decodeUploadPart(value)) });
    dropUploadRecord(d, 'bkt', key, uploadId);
    putUploadRecordBytes(d, 'bkt', key, uploadId, v2);
    return v2;
  });
  externalWritesSeen(t.layer);
  for (const d of t.f.drives)
    expect(decodeUploadRecord(uploadRecordBytes(d, 'bkt', key, uploadId)!).parts).toHaveLength(2);
  return written;
}

describe('the parts of a multipart upload in the index', () => {
  it("are entries of their own: a part's write leaves the upload's record as it was", async () => {
    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'many', {});
    await putPart('many', uploadId, 1, small(1));
    const first = t.f.drives.map((d) => uploadRecordBytes(d, 'bkt', 'many', uploadId));
    for (let n = 2; n <= 40; n++) await putPart('many', uploadId, n, small(n));
    await putPart('many', uploadId, 7, small(77)); // a re-upload replaces its entry
    for (const [i, d] of t.f.drives.entries()) {
      expect(uploadRecordBytes(d, 'bkt', 'many', uploadId)).toEqual(first[i]);
      expect(partEntries(d, 'bkt')).toHaveLength(40);
    }
    const listed = await t.layer.listObjectParts('bkt', 'many', uploadId);
    expect(listed.map((p) => p.number)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(listed[6]!.etag).toBe(md5(small(77)));
  });

  it('list a page at a time, each drive read a window at a time, quorum deciding', async () => {
    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'paged', {});
    for (let n = 1; n <= 25; n++) await putPart('paged', uploadId, n, small(n));
    // Part 10 as if a write reached drive 0 alone: below read quorum, it is not listed.
    for (const d of t.f.drives.slice(1)) dropPartEntry(d, 'paged', uploadId, 10);
    externalWritesSeen(t.layer);
    const page = (after: number, limit: number) =>
      t.layer
        .listObjectParts('bkt', 'paged', uploadId, { after, limit })
        .then((ps) => ps.map((p) => p.number));
    expect(await page(8, 3)).toEqual([9, 11, 12]);
    expect(await page(23, 5)).toEqual([24, 25]);
    expect(await page(25, 5)).toEqual([]);
    const all: number[] = [];
    for (let next = await page(0, 4); next.length > 0; next = await page(all.at(-1)!, 4)) all.push(...next);
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => i + 1).filter((n) => n !== 10));
  });

  it('go with the upload: on abort, on complete, and with the bucket', async () => {
    const aborted = await t.layer.newMultipartUpload('bkt', 'a', {});
    await putPart('a', aborted.uploadId, 1, small(1));
    const done = await t.layer.newMultipartUpload('bkt', 'b', {});
    await putPart('b', done.uploadId, 1, small(2));
    const kept = await t.layer.newMultipartUpload('bkt', 'c', {});
    await putPart('c', kept.uploadId, 1, small(3));
    await putPart('c', kept.uploadId, 2, small(4));
    for (const d of t.f.drives) expect(partEntries(d, 'bkt')).toHaveLength(4);

    await t.layer.abortMultipartUpload('bkt', 'a', aborted.uploadId);
    await complete('b', done.uploadId, [[1, small(2)]]);
    for (const d of t.f.drives) expect(partEntries(d, 'bkt')).toHaveLength(2);
    await t.layer.deleteBucket('bkt', { force: true });
    for (const d of t.f.drives) {
      expect(partEntries(d, 'bkt')).toEqual([]);
      expect(uploadEntries(d, 'bkt')).toEqual([]);
    }
  });

  it('a part write below write quorum is undone where it landed', async () => {
    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'undo', {});
    await putPart('undo', uploadId, 1, small(1));
    const before = uploadOnDrive(t.f.drives[0]!, 'bkt', 'undo', uploadId);
    failPartWrites(drives().slice(1));
    await expect(putPart('undo', uploadId, 1, small(2))).rejects.toThrow();
    await expect(putPart('undo', uploadId, 2, small(3))).rejects.toThrow();
    externalWritesSeen(t.layer);
    expect(uploadOnDrive(t.f.drives[0]!, 'bkt', 'undo', uploadId)).toEqual(before);
  });
});

/** Removes one part's entry from one drive. */
function dropPartEntry(drive: string, key: string, uploadId: string, n: number): void {
  const held = uploadOnDrive(drive, 'bkt', key, uploadId);
  restoreUploadRecord(drive, 'bkt', key, uploadId, {
    record: held.record,
    parts: held.parts.filter(([, value]) => decodeUploadPart(value).number !== n),
  });
}

/** Makes the drives' part writes fail, as an I/O error in their commit would. */
function failPartWrites(on: DriveIndex[]): void {
  for (const ix of on) ix.parts.put = (() => Promise.reject(new Error('I/O error'))) as typeof ix.parts.put;
}

describe('an upload a version 2 store began (parts in its record)', () => {
  it('lists its parts, takes more (moving them to entries of their own), and completes', async () => {
    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'old', {});
    await putPart('old', uploadId, 1, big(1));
    await putPart('old', uploadId, 2, big(2));
    await asVersion2('old', uploadId);

    const listed = await t.layer.listObjectParts('bkt', 'old', uploadId);
    expect(listed.map((p) => [p.number, p.etag])).toEqual([
      [1, md5(big(1))],
      [2, md5(big(2))],
    ]);
    await putPart('old', uploadId, 2, big(22)); // replaces a part the record held
    await putPart('old', uploadId, 3, small(3));
    const { dataId } = decodeUploadRecord(uploadRecordBytes(t.f.drives[0]!, 'bkt', 'old', uploadId)!);
    for (const d of t.f.drives) {
      const raw = unpackRecord(uploadRecordBytes(d, 'bkt', 'old', uploadId)!, 'upload record');
      expect([raw.v, raw.parts]).toEqual([3, undefined]);
      expect(partEntries(d, 'bkt')).toHaveLength(3);
      // The replaced part's file went.
      expect(await readdir(dataDir(d, 'bkt', 'old', dataId))).toHaveLength(3);
    }
    await complete('old', uploadId, [
      [1, big(1)],
      [2, big(22)],
      [3, small(3)],
    ]);
    expect(await readBack('old')).toBe(md5(Buffer.concat([big(1), big(22), small(3)])));
  });

  it('completes and aborts as it is', async () => {
    const a = await t.layer.newMultipartUpload('bkt', 'done', {});
    const b = await t.layer.newMultipartUpload('bkt', 'dropped', {});
    for (const [key, id] of [
      ['done', a.uploadId],
      ['dropped', b.uploadId],
    ] as const) {
      await putPart(key, id, 1, big(5));
      await putPart(key, id, 2, small(6));
      await asVersion2(key, id);
    }
    await complete('done', a.uploadId, [
      [1, big(5)],
      [2, small(6)],
    ]);
    expect(await readBack('done')).toBe(md5(Buffer.concat([big(5), small(6)])));
    await t.layer.abortMultipartUpload('bkt', 'dropped', b.uploadId);
    for (const d of t.f.drives) expect(uploadEntries(d, 'bkt')).toEqual([]);
    await expect(t.layer.listObjectParts('bkt', 'dropped', b.uploadId)).rejects.toThrow(/NoSuchUpload/);
  });

  it('a part write below write quorum puts the version 2 record back as it was', async () => {
    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'old-undo', {});
    await putPart('old-undo', uploadId, 1, big(1));
    await putPart('old-undo', uploadId, 2, small(2));
    const [v2] = await asVersion2('old-undo', uploadId);
    failPartWrites(drives().slice(1));
    await expect(putPart('old-undo', uploadId, 3, small(3))).rejects.toThrow();
    externalWritesSeen(t.layer);
    expect(uploadOnDrive(t.f.drives[0]!, 'bkt', 'old-undo', uploadId)).toEqual({ record: v2, parts: [] });
  });
});
