import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { boundaryOf, MultipartError, MultipartReader } from '@stowage/multipart';
import type { Client as S3Client } from 'minio';
import { fromStorageError } from '../../clients/errors.js';
import { putStream } from '../../clients/streamed-put.js';
import { ApiError } from '../../http/errors.js';

// Uploads stream straight from the browser's multipart form to the storage server: each file
// goes out in parts as it arrives (see putStream), never buffered whole or spilled to disk.

/** Files per form; a browser upload of a whole folder stays well below. */
const MAX_FILES = 10_000;

/** The object key for a form field: the field name (else the file name) under the prefix. */
export function uploadKey(prefix: string, fieldName: string, fileName: string): string {
  const name = (fieldName || fileName).replace(/^\/+/, '');
  if (!name || name.length > 1024)
    throw new ApiError('badRequest', `invalid object name '${name.slice(0, 64)}'`);
  const folder = prefix.replace(/^\/+/, '');
  return folder === '' || folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`;
}

/** A file name without the client's folders (`.` and `..` name nothing). */
function baseName(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  return base === '.' || base === '..' ? '' : base;
}

export async function uploadObjects(
  s3: S3Client,
  bucket: string,
  prefix: string,
  headers: IncomingHttpHeaders,
  body: Readable,
): Promise<{ uploaded: { name: string; size: number }[] }> {
  let boundary: string;
  try {
    boundary = boundaryOf(headers['content-type']);
  } catch (err) {
    throw new ApiError('badRequest', `not a multipart form: ${(err as Error).message}`);
  }
  const form = new MultipartReader(body as AsyncIterable<Buffer>, {
    boundary,
    limits: { files: MAX_FILES, fields: 100, fieldBytes: 1024 },
    // A part with a file name, or of unnamed binary type, is a file (RFC 7578's defaults).
    isFile: (head) => head.filename !== undefined || head.contentType === 'application/octet-stream',
  });
  const uploaded: { name: string; size: number }[] = [];
  try {
    // One file at a time: each is stored before the next is read, so the puts run in order.
    for (let part = await form.next(); part; part = await form.next()) {
      if (part.type === 'field') continue;
      const key = uploadKey(prefix, part.name, baseName(part.filename));
      const contentType = part.contentType || 'text/plain';
      const written = await putStream(s3, bucket, key, part.body, { 'Content-Type': contentType });
      uploaded.push({ name: key, size: written.size });
    }
  } catch (err) {
    // Read the rest of the request so the client gets the answer instead of a reset.
    form.drain().catch(() => undefined);
    throw uploadError(err);
  }
  if (uploaded.length === 0) throw new ApiError('badRequest', 'the form holds no file');
  return { uploaded };
}

function uploadError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  if (err instanceof MultipartError)
    return err.limit === 'files'
      ? new ApiError('badRequest', `at most ${MAX_FILES} files per upload`)
      : new ApiError('badRequest', `malformed form: ${err.message}`);
  return fromStorageError(err, 'call');
}
