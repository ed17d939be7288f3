import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { body, bucketEachTest } from '../../test-support/engine.js';

// A body whose stored size is known only at its end (a compressed one) comes with a bound:
// the drives' room is claimed for it before a byte is read, and it may not pass it.

const t = bucketEachTest();

describe('a body of unknown size with a bound', () => {
  it('claims its bound on the drives first: past their room, StorageFull before reading it', async () => {
    let read = false;
    const lazy = Readable.from(
      (async function* () {
        read = true;
        yield Buffer.alloc(10);
      })(),
    );
    await expect(
      t.layer.putObject({ bucket: 'bkt', key: 'k', body: lazy, versioning: 'unversioned', maxSize: 2 ** 52 }),
    ).rejects.toMatchObject({ code: 'XMinioStorageFull' });
    expect(read).toBe(false);
    const { uploadId } = await t.layer.newMultipartUpload('bkt', 'k', {});
    await expect(
      t.layer.putObjectPart({
        bucket: 'bkt',
        key: 'k',
        uploadId,
        partNumber: 1,
        body: body('x'),
        size: undefined,
        maxSize: 2 ** 52,
      }),
    ).rejects.toMatchObject({ code: 'XMinioStorageFull' });
  });

  it('is EntityTooLarge past it, and takes what stays within it', async () => {
    const put = (n: number) =>
      t.layer.putObject({
        bucket: 'bkt',
        key: `k${n}`,
        body: body(Buffer.alloc(n, 1)),
        versioning: 'unversioned',
        maxSize: 300_000,
      });
    await expect(put(300_001)).rejects.toMatchObject({ code: 'EntityTooLarge' });
    expect((await put(300_000)).size).toBe(300_000);
  });
});
