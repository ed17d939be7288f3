import type { Readable } from 'node:stream';
import type { Client as S3Client } from 'minio';
import { storageCall } from '../../clients/errors.js';
import { ApiError } from '../../http/errors.js';
import { versionQuery } from './version.js';
import { folderSources, zipObjects } from './zip-objects.js';

// Downloads stream from the storage server to the browser: one object (with Range), or a
// folder as a ZIP written while its listing is still being read.

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The single byte range a Range header asks for, clamped to the object; null for a header that
 * is absent, malformed or multi-range (served whole, as RFC 9110 allows); 'unsatisfiable' when
 * it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Whether a Range still applies under If-Range (RFC 9110 §13.1.5): the validator must name the
 * object as it is now, by the same strong entity tag or exactly its Last-Modified date. A
 * browser resuming the download of an object replaced since then gets the whole new object.
 */
export function ifRangeHolds(header: string | undefined, etag: string, lastModified: Date): boolean {
  const validator = header?.trim();
  if (!validator) return true;
  if (validator.startsWith('W/')) return false;
  if (validator.startsWith('"')) return validator === etag;
  const date = Date.parse(validator);
  return !Number.isNaN(date) && Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}

/** attachment (or inline) with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function contentDisposition(key: string, inline: boolean): string {
  const base = key.replace(/\/+$/, '').split('/').pop() || 'download';
  const ascii = base.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(base).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

export interface ObjectDownload {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
}

export async function downloadObject(
  s3: S3Client,
  bucket: string,
  key: string,
  opts: {
    versionId?: string | undefined;
    preview: boolean;
    range?: string | undefined;
    ifRange?: string | undefined;
  },
): Promise<ObjectDownload> {
  const version = versionQuery(opts.versionId);
  const stat = await storageCall(s3.statObject(bucket, key, version));
  const etag = `"${stat.etag}"`;
  const range = ifRangeHolds(opts.ifRange, etag, stat.lastModified)
    ? parseRange(opts.range, stat.size)
    : null;
  if (range === 'unsatisfiable') {
    throw new ApiError(
      'rangeNotSatisfiable',
      `bytes */${stat.size}`,
      'the requested range is not satisfiable',
    );
  }
  const contentType = String(stat.metaData?.['content-type'] ?? 'application/octet-stream');
  const headers: Record<string, string> = {
    'content-type': contentType,
    'content-disposition': contentDisposition(key, opts.preview),
    'accept-ranges': 'bytes',
    etag,
    'last-modified': stat.lastModified.toUTCString(),
  };
  if (!range) {
    const body = await storageCall(s3.getObject(bucket, key, version));
    return { status: 200, headers: { ...headers, 'content-length': String(stat.size) }, body };
  }
  const length = range.end - range.start + 1;
  const body = await storageCall(s3.getPartialObject(bucket, key, range.start, length, version));
  return {
    status: 206,
    headers: {
      ...headers,
      'content-length': String(length),
      'content-range': `bytes ${range.start}-${range.end}/${stat.size}`,
    },
    body,
  };
}

/** A folder as a ZIP stream; entries are named relative to the folder, made safe to unzip. */
export async function downloadFolder(s3: S3Client, bucket: string, folder: string): Promise<ObjectDownload> {
  const sources = folderSources(s3, bucket, folder, folder);
  // Fail before any byte is sent when the folder cannot be listed.
  const first = await storageCall(sources.next());
  async function* all() {
    if (first.done) return;
    yield first.value;
    yield* sources;
  }
  const name = `${folder.replace(/\/+$/, '').split('/').pop() || bucket}.zip`;
  return {
    status: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': contentDisposition(name, false) },
    body: zipObjects(s3, bucket, all()),
  };
}
