import { readAll } from '../../http/body.js';
import { ApiError } from '../../wire/errors.js';
import { listOf, objectOf, parseRequestXml, textOf } from '../../wire/xml-parse.js';
import type { S3Call } from '../call.js';

export interface RequestedPart {
  partNumber: number;
  /** Hex MD5, quotes removed. */
  etag: string;
  /** Checksum elements given for the part (algorithm → base64). */
  checksums: Record<string, string>;
}

const CHECKSUM_ELEMENTS: Record<string, string> = {
  ChecksumCRC32: 'crc32',
  ChecksumCRC32C: 'crc32c',
  ChecksumCRC64NVME: 'crc64nvme',
  ChecksumSHA1: 'sha1',
  ChecksumSHA256: 'sha256',
};
// 10,000 parts of about 150 bytes of markup each.
const MAX_BODY = 2 * 1024 * 1024;
// Each part: Part, PartNumber, ETag and its checksums, each opened and closed.
const MAX_TAGS = 10_000 * 2 * (3 + Object.keys(CHECKSUM_ELEMENTS).length) + 100;

/** The <CompleteMultipartUpload> document's parts, as sent. */
export async function parseCompleteParts(call: S3Call): Promise<RequestedPart[]> {
  const body = await readAll(call.body(), MAX_BODY, new ApiError('MalformedXML'));
  const doc = parseRequestXml(body, 'CompleteMultipartUpload', { maxTags: MAX_TAGS });
  const parts = listOf(doc.Part).map((raw) => {
    const part = objectOf(raw);
    // Whitespace around the number is allowed (Go's encoding/xml, which MinIO uses, trims it).
    const number = textOf(part, 'PartNumber')?.trim();
    const etag = textOf(part, 'ETag');
    if (number === undefined || !/^\d{1,5}$/.test(number) || etag === undefined)
      throw new ApiError('MalformedXML');
    if (Number(number) < 1 || Number(number) > 10000)
      throw new ApiError('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
    const checksums: Record<string, string> = {};
    for (const [element, alg] of Object.entries(CHECKSUM_ELEMENTS)) {
      const v = textOf(part, element);
      if (v !== undefined) checksums[alg] = v;
    }
    return { partNumber: Number(number), etag: etag.replaceAll('"', '').trim(), checksums };
  });
  if (parts.length === 0) throw new ApiError('MalformedXML');
  return parts;
}
