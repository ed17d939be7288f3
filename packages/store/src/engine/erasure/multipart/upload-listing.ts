import { decodeUploadRecord } from '../../../format/upload-record.js';
import { commonPrefix, listPage } from '../../listing.js';
import type { ListUploadsInput, ListUploadsResult, PartInfo, PartsPage } from '../../object-layer.js';
import type { EngineContext } from '../context.js';
import { agreedParts, agreedUpload, readUpload, toPartInfo, toUploadInfo, uploadName } from './uploads.js';

// What multipart uploads are in progress, and which parts each holds: read quorum decides.

/**
 * The upload's parts numbered after `after`, at most `limit` of them. Each drive is read a
 * window at a time: a part counts once every holder has been read up to its number.
 */
export function listObjectParts(
  ctx: EngineContext,
  bucket: string,
  key: string,
  uploadId: string,
  { after = 0, limit = Number.POSITIVE_INFINITY }: PartsPage = {},
): PartInfo[] {
  const out: PartInfo[] = [];
  const window = { after, limit: Math.max(limit, 1) };
  for (;;) {
    const read = readUpload(ctx, bucket, key, uploadId, window);
    const bound = read.partsRead ?? Number.POSITIVE_INFINITY;
    for (const p of agreedParts(read, ctx.params.readQuorum))
      if (p.number <= bound && out.length < limit) out.push(toPartInfo(p));
    if (out.length >= limit || !Number.isFinite(bound)) return out;
    window.after = bound;
  }
}

export function listMultipartUploads(ctx: EngineContext, input: ListUploadsInput): ListUploadsResult {
  const cursor = ctx.drives.cursor('uploads', input.bucket, ctx.params.readQuorum, decodeUploadRecord);
  const keyOf = (name: string) => name.slice(0, name.indexOf('\u0000'));
  const { keyMarker, uploadIdMarker, prefix, delimiter } = input;
  // A marker that is a common prefix skips the prefix; without an upload-id marker every
  // upload of the marker key is skipped (S3).
  const marker =
    keyMarker === '' || commonPrefix(keyMarker, prefix, delimiter) === keyMarker
      ? keyMarker
      : uploadIdMarker !== ''
        ? uploadName(keyMarker, uploadIdMarker)
        : `${keyMarker}\u0001`;
  try {
    const page = listPage(
      cursor,
      { prefix, delimiter, marker, maxKeys: input.maxUploads },
      (name, answers) => {
        const agreed = agreedUpload(answers, ctx.params.readQuorum);
        if (!agreed) return undefined;
        const key = keyOf(name);
        return toUploadInfo(input.bucket, key, name.slice(key.length + 1), agreed.record);
      },
      keyOf,
    );
    const result: ListUploadsResult = {
      uploads: page.items,
      prefixes: page.prefixes,
      isTruncated: page.isTruncated,
    };
    if (page.nextMarker !== undefined) {
      const at = page.nextMarker.indexOf('\u0000');
      result.nextKeyMarker = at < 0 ? page.nextMarker : page.nextMarker.slice(0, at);
      if (at >= 0) result.nextUploadIdMarker = page.nextMarker.slice(at + 1);
    }
    return result;
  } finally {
    cursor.close();
  }
}
