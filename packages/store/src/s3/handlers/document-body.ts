import { createHash } from 'node:crypto';
import { readAll } from '../../http/body.js';
import { header } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import { CHECKSUM_NAME } from '../auth/checksum.js';
import type { S3Call } from '../call.js';
import { contentMd5 } from './objects.js';

// The XML document a configuration request carries (DeleteObjects, bucket and object
// settings): read whole, within a size, and checked against its Content-MD5. Flexible
// checksums (x-amz-checksum-*) are checked by the body stream itself.

/** Whether the request carries any integrity check: Content-MD5 or a flexible checksum. */
function hasIntegrityCheck(call: S3Call, md5: Buffer | undefined): boolean {
  if (md5) return true;
  const headers = call.ctx.headers;
  // Only a checksum S3 knows, whose value the body stream then checks.
  if (Object.keys(headers).some((h) => CHECKSUM_NAME.test(h))) return true;
  return CHECKSUM_NAME.test(header(headers, 'x-amz-trailer')?.trim().toLowerCase() ?? '');
}

export async function readDocument(
  call: S3Call,
  maxBody: number,
  opts: {
    /** S3 refuses the request without an integrity check (DeleteObjects, object lock, lifecycle). */
    integrityRequired?: boolean;
    /** What an oversized body is (MalformedXML unless said otherwise). */
    tooLarge?: ApiError;
  } = {},
): Promise<Buffer> {
  const md5 = contentMd5(call);
  if (opts.integrityRequired && !hasIntegrityCheck(call, md5))
    throw new ApiError(
      'InvalidRequest',
      'Missing required header for this request: Content-MD5 OR x-amz-checksum-*',
    );
  const body = await readAll(call.body(), maxBody, opts.tooLarge ?? new ApiError('MalformedXML'));
  if (md5 && !createHash('md5').update(body).digest().equals(md5)) throw new ApiError('BadDigest');
  return body;
}
