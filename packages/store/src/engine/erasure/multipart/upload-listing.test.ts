import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dataDir } from '../../fs/layout.js';
import { body, bucketEachTest } from '../../test-support/engine.js';

// Uploads in progress: listed by key then initiation, rolled up by delimiter, and gone with
// their part files once aborted.

const t = bucketEachTest();

describe('uploads in progress', () => {
  it('abort removes the upload and its part files; uploads list by key then initiation', async () => {
    const a = await t.layer.newMultipartUpload('bkt', 'dir/a', {});
    const b1 = await t.layer.newMultipartUpload('bkt', 'b', {});
    // The real clock must pass: the two uploads of 'b' list by distinct initiation times.
    await new Promise((r) => setTimeout(r, 2));
    const b2 = await t.layer.newMultipartUpload('bkt', 'b', {});
    const all = await t.layer.listMultipartUploads({
      bucket: 'bkt',
      prefix: '',
      delimiter: '',
      keyMarker: '',
      uploadIdMarker: '',
      maxUploads: 10,
    });
    expect(all.uploads.map((u) => u.uploadId)).toEqual([b1.uploadId, b2.uploadId, a.uploadId]);
    const rolled = await t.layer.listMultipartUploads({
      bucket: 'bkt',
      prefix: '',
      delimiter: '/',
      keyMarker: '',
      uploadIdMarker: '',
      maxUploads: 2,
    });
    expect(rolled).toMatchObject({
      prefixes: [],
      isTruncated: true,
      nextKeyMarker: 'b',
      nextUploadIdMarker: b2.uploadId,
    });
    const rest = await t.layer.listMultipartUploads({
      bucket: 'bkt',
      prefix: '',
      delimiter: '/',
      keyMarker: 'b',
      uploadIdMarker: b2.uploadId,
      maxUploads: 2,
    });
    expect(rest).toMatchObject({ uploads: [], prefixes: ['dir/'], isTruncated: false });
    await t.layer.putObjectPart({
      bucket: 'bkt',
      key: 'b',
      uploadId: b1.uploadId,
      partNumber: 1,
      body: body('x'),
      size: 1,
    });
    await t.layer.abortMultipartUpload('bkt', 'b', b1.uploadId);
    await expect(t.layer.abortMultipartUpload('bkt', 'b', b1.uploadId)).rejects.toMatchObject({
      code: 'NoSuchUpload',
    });
    for (const d of t.f.drives) expect(await readdir(dataDir(d, 'bkt', 'b', '')).catch(() => [])).toEqual([]);
  });
});
