import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
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

export function uploadObjects(
  s3: S3Client,
  bucket: string,
  prefix: string,
  headers: IncomingHttpHeaders,
  body: Readable,
): Promise<{ uploaded: { name: string; size: number }[] }> {
  return new Promise((resolve, reject) => {
    let form: busboy.Busboy;
    try {
      form = busboy({ headers, limits: { files: MAX_FILES, fields: 100, fieldSize: 1024 } });
    } catch (err) {
      reject(new ApiError('badRequest', `not a multipart form: ${(err as Error).message}`));
      return;
    }
    const uploaded: { name: string; size: number }[] = [];
    let chain: Promise<void> = Promise.resolve();
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      // Read the rest of the request so the client gets the answer instead of a reset.
      body.unpipe(form);
      body.resume();
      reject(err instanceof ApiError ? err : fromStorageError(err, 'call'));
    };
    form.on('file', (field, file, info) => {
      if (failed) {
        file.resume();
        return;
      }
      let key: string;
      try {
        key = uploadKey(prefix, field, info.filename ?? '');
      } catch (err) {
        file.resume();
        fail(err);
        return;
      }
      const contentType = info.mimeType || 'application/octet-stream';
      // busboy hands out files one after the other, so the puts run in order.
      const put = putStream(s3, bucket, key, file, { 'Content-Type': contentType }).then(
        (written) => ({ ok: true as const, size: written.size }),
        (err: unknown) => ({ ok: false as const, err }),
      );
      chain = chain.then(async () => {
        const outcome = await put;
        if (outcome.ok) {
          uploaded.push({ name: key, size: outcome.size });
          return;
        }
        // Drain the rest of this file so busboy can finish the form.
        file.resume();
        fail(outcome.err);
      });
    });
    form.on('filesLimit', () => fail(new ApiError('badRequest', `at most ${MAX_FILES} files per upload`)));
    form.on('error', (err: Error) => fail(new ApiError('badRequest', `malformed form: ${err.message}`)));
    form.on('close', () => {
      chain.then(() => {
        if (failed) return;
        if (uploaded.length === 0) fail(new ApiError('badRequest', 'the form holds no file'));
        else resolve({ uploaded });
      }, fail);
    });
    body.on('error', fail);
    body.pipe(form);
  });
}
