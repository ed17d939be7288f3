import type { Readable } from 'node:stream';
import type { Client as S3Client } from 'minio';

// Writes a stream of unknown length to the store holding one part in memory at a time.
// (The SDK's putObject queues up to sixteen parts ahead of the network, and resumes any
// unfinished upload of the same key it finds, even one someone else started.)

const MIB = 1024 * 1024;

/** Parts of 8 MiB; after 4000 of them (31 GiB), 128 MiB, so 10 000 parts reach ~781 GiB. */
export function partSizeFor(partNumber: number): number {
  return partNumber <= 4000 ? 8 * MIB : 128 * MIB;
}

export async function putStream(
  s3: S3Client,
  bucket: string,
  key: string,
  body: Readable,
  headers: Record<string, string>,
): Promise<{ size: number }> {
  // One part buffer, refilled for every part: no garbage per part, no copy to join chunks.
  let part = Buffer.allocUnsafe(partSizeFor(1));
  let filled = 0;
  let size = 0;
  let uploadId: string | undefined;
  const etags: { part: number; etag: string }[] = [];

  const flush = async () => {
    uploadId ??= await s3.initiateNewMultipartUpload(bucket, key, headers);
    const partNumber = etags.length + 1;
    const res = await s3.uploadPart(
      {
        bucketName: bucket,
        objectName: key,
        uploadID: encodeURIComponent(uploadId),
        partNumber,
        headers: {},
      },
      part.subarray(0, filled),
    );
    etags.push({ part: partNumber, etag: res.etag });
    filled = 0;
    const next = partSizeFor(etags.length + 1);
    if (next !== part.length) part = Buffer.allocUnsafe(next);
  };

  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      let at = 0;
      while (at < chunk.length) {
        const n = chunk.copy(part, filled, at);
        filled += n;
        at += n;
        if (filled === part.length) await flush();
      }
    }
    if (uploadId === undefined) {
      // Small enough for one part: a single PUT, no multipart bookkeeping.
      await s3.putObject(bucket, key, part.subarray(0, filled), filled, headers);
      return { size };
    }
    if (filled > 0) await flush();
    await s3.completeMultipartUpload(bucket, key, uploadId, etags);
    return { size };
  } catch (err) {
    if (uploadId !== undefined) await s3.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    throw err;
  }
}
