import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Client as S3Client } from 'minio';
import yazl from 'yazl';
import { fromStorageError } from '../../clients/errors.js';
import { latestPages } from './list.js';
import { zipEntryName } from './zip-entry-name.js';

/** One object to put in a ZIP: its key, and its entry name (made safe by zipEntryName). */
export interface ZipSource {
  key: string;
  name: string;
}

/** The last entry of a ZIP some of whose objects could not be read: one line per object and why. */
export const ZIP_ERRORS_ENTRY = 'download-errors.txt';

/**
 * Every latest object under `folder` (delete markers are not listed; folder markers are
 * skipped), named relative to `relativeTo`, read one listing page at a time as the ZIP asks.
 */
export async function* folderSources(
  s3: S3Client,
  bucket: string,
  folder: string,
  relativeTo: string,
): AsyncGenerator<ZipSource> {
  for await (const entries of latestPages(s3, bucket, folder)) {
    for (const e of entries) {
      if (!e.name || e.name.endsWith('/')) continue;
      yield { key: e.name, name: zipEntryName(e.name.slice(relativeTo.length)) };
    }
  }
}

/**
 * One ZIP of the objects `sources` yields, written as it is read: one object is open at a time
 * and the next is asked of `sources` only once the ZIP has taken the one before, so a folder's
 * next listing page is read only when needed and memory holds one page plus the central
 * directory (a name per entry), whatever the selection's size. yazl switches to ZIP64 past 4 GiB.
 * An object that cannot be opened (deleted since it was listed, access denied) is left out and
 * named, with the storage server's reason, in a last entry `download-errors.txt`; a failure in
 * the middle of an object cannot be mended inside a ZIP, so it ends the download with an error
 * (the browser reports the download failed rather than saving a silently short archive).
 */
export function zipObjects(s3: S3Client, bucket: string, sources: AsyncIterable<ZipSource>): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | undefined;
  const fail = (err: Error) => {
    current?.destroy();
    output.destroy(err);
  };
  // A reader that went away (the browser cancelled) releases the object being read.
  output.once('close', () => current?.destroy());
  zip.on('error', fail);
  const write = async () => {
    const failures: string[] = [];
    for await (const source of sources) {
      if (output.destroyed) return;
      let body: IncomingMessage;
      try {
        body = (await s3.getObject(bucket, source.key)) as IncomingMessage;
      } catch (err) {
        const reason = fromStorageError(err, 'call');
        failures.push(`${source.key}: ${reason.detailedMessage || reason.message}`);
        continue;
      }
      if (output.destroyed) {
        body.destroy();
        return;
      }
      current = body;
      // The object as read now, not as listed: it may have been replaced in between.
      const length = Number(body.headers?.['content-length']);
      const modified = new Date(String(body.headers?.['last-modified']));
      zip.addReadStream(body, source.name, {
        compress: false,
        mtime: Number.isNaN(modified.getTime()) ? new Date() : modified,
        ...(Number.isFinite(length) ? { size: length } : {}),
      });
      await finished(body);
      current = undefined;
    }
    if (failures.length > 0) {
      const report = `${failures.length} object(s) could not be read and are not in this archive:\n${failures.join('\n')}\n`;
      zip.addBuffer(Buffer.from(report), ZIP_ERRORS_ENTRY, { mtime: new Date(), compress: false });
    }
    zip.end();
  };
  write().catch((err: unknown) => fail(err instanceof Error ? err : new Error(String(err))));
  return output;
}
