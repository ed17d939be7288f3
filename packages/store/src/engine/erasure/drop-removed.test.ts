import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DriveIndex } from '../fs/drive-index.js';
import { body, bucketEachTest, put } from '../test-support/engine.js';
import type { EngineContext } from './context.js';

// Replacing a version removes its data folder, unless an upload still in progress shares it
// (a Complete cut short): only a completed upload's version can, so only then are the key's
// uploads read (there may be thousands).

const t = bucketEachTest();
const big = (fill: number) => Buffer.alloc(200 * 1024, fill);

/** Counts the range reads of every drive's upload records from now on. */
function countUploadReads(): () => number {
  const { ctx } = t.layer as unknown as { ctx: EngineContext };
  let reads = 0;
  for (const ix of ctx.drives.all() as DriveIndex[]) {
    const getRange = ix.uploads.getRange.bind(ix.uploads);
    ix.uploads.getRange = ((...args: Parameters<typeof getRange>) => {
      reads++;
      return getRange(...args);
    }) as typeof getRange;
  }
  return () => reads;
}

describe('dropping a replaced version', () => {
  it("reads the key's uploads only when the version replaced came from an upload", async () => {
    for (let i = 0; i < 5; i++) await t.layer.newMultipartUpload('bkt', 'k', {});
    await t.layer.putObject(put('bkt', 'k', big(1)));
    const reads = countUploadReads();
    await t.layer.putObject(put('bkt', 'k', big(2)));
    expect(reads()).toBe(0);

    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'k', {});
    const data = big(3);
    await t.layer.putObjectPart({
      bucket: 'bkt',
      key: 'k',
      uploadId,
      partNumber: 1,
      body: body(data),
      size: data.length,
    });
    await t.layer.completeMultipartUpload({
      bucket: 'bkt',
      key: 'k',
      uploadId,
      versioning: 'unversioned',
      parts: [{ number: 1, etag: createHash('md5').update(data).digest('hex') }],
    });
    const before = reads();
    await t.layer.putObject(put('bkt', 'k', big(4)));
    expect(reads()).toBeGreaterThan(before);
  });
});
