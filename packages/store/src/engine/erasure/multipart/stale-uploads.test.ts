import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  dropUploadRecord,
  restoreUploadRecord,
  uploadEntries,
  uploadOnDrive,
  uploadRecordBytes,
} from '../../../../test/faults/support.js';
import { decodeUploadRecord } from '../../../format/upload-record.js';
import { dataDir } from '../../fs/layout.js';
import { body, bucketEachTest, bytes, externalWritesSeen, uploadIds } from '../../test-support/engine.js';

const t = bucketEachTest();
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** A new upload of `key` with one part; its id and data folder. */
async function uploadWithPart(key: string): Promise<{ uploadId: string; dataId: string }> {
  const { uploadId } = await t.layer.newMultipartUpload('bkt', key, {});
  const data = Buffer.alloc(1000, 7);
  await t.layer.putObjectPart({
    bucket: 'bkt',
    key,
    uploadId,
    partNumber: 1,
    body: body(data),
    size: data.length,
  });
  const dataId = decodeUploadRecord(uploadRecordBytes(t.f.drives[0]!, 'bkt', key, uploadId)!).dataId;
  return { uploadId, dataId };
}

const listedIds = () => uploadIds(t.layer, 'bkt');

/** On how many drives the upload's data folder is still there. */
const foldersLeft = async (key: string, dataId: string) =>
  (
    await Promise.all(
      t.f.drives.map((d) =>
        readdir(dataDir(d, 'bkt', key, dataId)).then(
          () => true,
          () => false,
        ),
      ),
    )
  ).filter(Boolean).length;

describe('aborting stale multipart uploads', () => {
  it('aborts the uploads begun before the cut-off, with their parts, and keeps the newer ones', async () => {
    const old = await uploadWithPart('a/old');
    const older = await uploadWithPart('b/older');
    // The real clock must pass: the cut-off falls strictly between the uploads' initiation times.
    await sleep(5);
    const cutoff = Date.now();
    await sleep(5);
    const fresh = await uploadWithPart('a/fresh');
    expect(await foldersLeft('a/old', old.dataId)).toBe(4);

    expect(await t.layer.abortStaleUploads(cutoff)).toBe(2);
    expect(await listedIds()).toEqual([fresh.uploadId]);
    expect(await foldersLeft('a/old', old.dataId)).toBe(0);
    expect(await foldersLeft('b/older', older.dataId)).toBe(0);
    for (const d of t.f.drives) expect(uploadEntries(d, 'bkt')).toHaveLength(1);
    await expect(t.layer.listObjectParts('bkt', 'a/old', old.uploadId)).rejects.toMatchObject({
      code: 'NoSuchUpload',
    });
    // The newer upload is whole: it completes.
    const info = await t.layer.completeMultipartUpload({
      bucket: 'bkt',
      key: 'a/fresh',
      uploadId: fresh.uploadId,
      versioning: 'unversioned',
      parts: [{ number: 1, etag: md5(Buffer.alloc(1000, 7)) }],
    });
    expect(info.size).toBe(1000);
    // A second walk finds nothing more.
    expect(await t.layer.abortStaleUploads(cutoff)).toBe(0);
  });

  it('takes copies left on fewer drives than read quorum, which no client can name', async () => {
    // A crash mid-Abort: the record went from three drives, one keeps it and the folder.
    const left = await uploadWithPart('torn');
    for (const d of t.f.drives.slice(1)) dropUploadRecord(d, 'bkt', 'torn', left.uploadId);
    externalWritesSeen(t.layer);
    expect(await listedIds()).toEqual([]);
    expect(uploadEntries(t.f.drives[0]!, 'bkt')).toHaveLength(1);

    expect(await t.layer.abortStaleUploads(Date.now() + 1)).toBe(1);
    for (const d of t.f.drives) expect(uploadEntries(d, 'bkt')).toHaveLength(0);
    expect(await foldersLeft('torn', left.dataId)).toBe(0);
  });

  it('keeps the data folder an object took over (a Complete cut short on one drive)', async () => {
    const done = await uploadWithPart('kept');
    const record = uploadOnDrive(t.f.drives[2]!, 'bkt', 'kept', done.uploadId);
    const data = Buffer.alloc(1000, 7);
    await t.layer.completeMultipartUpload({
      bucket: 'bkt',
      key: 'kept',
      uploadId: done.uploadId,
      versioning: 'unversioned',
      parts: [{ number: 1, etag: md5(data) }],
    });
    // The completed upload's record is back on one drive, as if the Complete never reached it.
    restoreUploadRecord(t.f.drives[2]!, 'bkt', 'kept', done.uploadId, record);
    externalWritesSeen(t.layer);

    expect(await t.layer.abortStaleUploads(Date.now() + 1)).toBe(1);
    expect(uploadEntries(t.f.drives[2]!, 'bkt')).toHaveLength(0);
    expect(await foldersLeft('kept', done.dataId)).toBe(4);
    expect((await bytes((await t.layer.getObject('bkt', 'kept')).stream)).equals(data)).toBe(true);
  });

  it('walks past a page of uploads', async () => {
    const count = 1005;
    for (let i = 0; i < count; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, count - i) }, (_, j) =>
          t.layer.newMultipartUpload('bkt', `k/${String(i + j).padStart(4, '0')}`, {}),
        ),
      );
    expect(await t.layer.abortStaleUploads(Date.now() + 1)).toBe(count);
    for (const d of t.f.drives) expect(uploadEntries(d, 'bkt')).toHaveLength(0);
  });
});
