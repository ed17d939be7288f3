import { crc32 } from 'node:zlib';
import * as s3sdk from '@aws-sdk/client-s3';
import { startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsignedTrailerPut } from './trailers.js';

// The parts of an upload created with a checksum algorithm carry that checksum, in a header
// or in a trailer declared by x-amz-trailer (its name matched without regard to case, as
// MinIO matches it).

const { CreateBucketCommand, CreateMultipartUploadCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'parts' }));
});
afterAll(() => t.close());

const crcB64 = (data: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(data) >>> 0);
  return out.toString('base64');
};

describe('UploadPart checksums', () => {
  it("takes the upload's checksum in a trailer declared in any case, and refuses a wrong one", async () => {
    const { UploadId } = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'parts', Key: 'k', ChecksumAlgorithm: 'CRC32' }),
    );
    const data = Buffer.from('part bytes');
    const path = `/parts/k?partNumber=1&uploadId=${UploadId}`;
    const ok = await unsignedTrailerPut(
      t.store.port,
      path,
      data,
      'X-Amz-Checksum-Crc32',
      `x-amz-checksum-crc32:${crcB64(data)}`,
    );
    expect([ok.status, ok.headers['x-amz-checksum-crc32']]).toEqual([200, crcB64(data)]);
    const wrong = await unsignedTrailerPut(
      t.store.port,
      path,
      data,
      'x-amz-checksum-crc32',
      `x-amz-checksum-crc32:${crcB64(Buffer.from('other'))}`,
    );
    expect([wrong.status, xmlCode(wrong.body)]).toEqual([400, 'BadDigest']);
  });
});
