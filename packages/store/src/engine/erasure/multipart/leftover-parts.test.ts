import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dropRecord,
  restoreUploadRecord,
  uploadOnDrive,
  uploadRecordBytes,
} from '../../../../test/faults/support.js';
import { decodeUploadRecord } from '../../../format/upload-record.js';
import { dataDir } from '../../fs/layout.js';
import { MIN_PART_SIZE } from '../../object-layer.js';
import { body, bucketEachTest, bytes, externalWritesSeen } from '../../test-support/engine.js';

// A CompleteMultipartUpload removes the parts the object leaves out after its commit: a
// crash between the two leaves them in the object's folder, for the retried Complete or
// heal to take, never an upload that may still complete.

const t = bucketEachTest();
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const p1 = Buffer.alloc(MIN_PART_SIZE, 1);
const p2 = Buffer.alloc(1000, 2);
const parts = [
  { number: 1, etag: md5(p1) },
  { number: 2, etag: md5(p2) },
];

/** An upload of `key` with parts 1 and 2; its id and data folder. */
async function uploaded(key: string): Promise<{ uploadId: string; dataId: string }> {
  const { uploadId } = await t.layer.newMultipartUpload('bkt', key, {});
  for (const [n, data] of [p1, p2].entries())
    await t.layer.putObjectPart({
      bucket: 'bkt',
      key,
      uploadId,
      partNumber: n + 1,
      body: body(data),
      size: data.length,
    });
  const dataId = decodeUploadRecord(uploadRecordBytes(t.f.drives[0]!, 'bkt', key, uploadId)!).dataId;
  return { uploadId, dataId };
}

const complete = (key: string, uploadId: string) =>
  t.layer.completeMultipartUpload({ bucket: 'bkt', key, uploadId, versioning: 'unversioned', parts });

/** A part file the Complete left out, as a crash before its removal leaves it, on every drive. */
const LEFT_OUT = 'part.3.0123456789abcdef';
const leaveOutPart = (key: string, dataId: string) =>
  Promise.all(
    t.f.drives.map((d) => writeFile(join(dataDir(d, 'bkt', key, dataId), LEFT_OUT), 'left-out part')),
  );
const filesIn = (key: string, dataId: string) =>
  Promise.all(t.f.drives.map((d) => readdir(dataDir(d, 'bkt', key, dataId)).then((l) => l.sort())));
const readBack = async (key: string) => md5(await bytes((await t.layer.getObject('bkt', key)).stream));

describe('parts a Complete cut short left behind', () => {
  it('heal removes them from a completed object, and the object still reads back', async () => {
    const { uploadId, dataId } = await uploaded('whole');
    await complete('whole', uploadId);
    const kept = (await filesIn('whole', dataId))[0]!;
    expect(kept).toHaveLength(2);
    await leaveOutPart('whole', dataId);

    await t.layer.heal('bkt', 'whole');
    expect(await filesIn('whole', dataId)).toEqual(t.f.drives.map(() => kept));
    expect(await readBack('whole')).toBe(md5(Buffer.concat([p1, p2])));
  });

  it('the retried Complete removes them', async () => {
    const { uploadId, dataId } = await uploaded('retried');
    const saved = t.f.drives.map((d) => uploadOnDrive(d, 'bkt', 'retried', uploadId));
    await complete('retried', uploadId);
    const kept = (await filesIn('retried', dataId))[0]!;
    // The crash: drives 0 and 1 never took the Complete, and the left-out part stayed.
    for (const [i, d] of t.f.drives.slice(0, 2).entries()) {
      dropRecord(d, 'bkt', 'retried');
      restoreUploadRecord(d, 'bkt', 'retried', uploadId, saved[i]!);
    }
    await leaveOutPart('retried', dataId);
    externalWritesSeen(t.layer);

    await complete('retried', uploadId);
    expect(await filesIn('retried', dataId)).toEqual(t.f.drives.map(() => kept));
    expect(await readBack('retried')).toBe(md5(Buffer.concat([p1, p2])));
  });

  it('heal leaves the folder of an upload that may still complete alone', async () => {
    const { uploadId, dataId } = await uploaded('pending');
    const saved = t.f.drives.map((d) => uploadOnDrive(d, 'bkt', 'pending', uploadId));
    await complete('pending', uploadId);
    for (const [i, d] of t.f.drives.slice(0, 2).entries()) {
      dropRecord(d, 'bkt', 'pending');
      restoreUploadRecord(d, 'bkt', 'pending', uploadId, saved[i]!);
    }
    await leaveOutPart('pending', dataId);
    externalWritesSeen(t.layer);

    await t.layer.heal('bkt', 'pending');
    for (const [i, files] of (await filesIn('pending', dataId)).entries())
      expect(files, `drive ${i}`).toContain(LEFT_OUT);
    // The client's retry still completes, and takes the part then.
    await complete('pending', uploadId);
    for (const files of await filesIn('pending', dataId)) expect(files).not.toContain(LEFT_OUT);
    expect(await readBack('pending')).toBe(md5(Buffer.concat([p1, p2])));
  });
});
