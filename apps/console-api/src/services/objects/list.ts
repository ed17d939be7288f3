import { text } from 'node:stream/consumers';
import type { ListObjectsResponse, ObjectItem } from '@stowage/contract';
import { uriEncode } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { storageCall } from '../../clients/errors.js';
import { type ListedEntry, type ListedPage, parseListPage } from '../../clients/list-xml.js';
import { ApiError } from '../../http/errors.js';
import { objectDetails, userMetadata } from './details.js';

// Object listings, one page per call: a bucket with millions of keys is never read whole.

export const PAGE_SIZE = 1000;

export interface ListRequest {
  prefix?: string | undefined;
  with_versions?: boolean | undefined;
  with_metadata?: boolean | undefined;
  recursive?: boolean | undefined;
  limit?: number | undefined;
  continuation?: string | undefined;
}

interface VersionMarker {
  key: string;
  version?: string | undefined;
}

const encodeMarker = (m: VersionMarker) => Buffer.from(JSON.stringify(m)).toString('base64url');

function decodeMarker(token: string): VersionMarker {
  try {
    const m = JSON.parse(Buffer.from(token, 'base64url').toString()) as VersionMarker;
    if (typeof m.key === 'string') return m;
  } catch {
    // fall through
  }
  throw new ApiError('badRequest', 'query/continuation is not a token this API returned');
}

export function toItem(e: ListedEntry): ObjectItem {
  if (e.prefix !== undefined) return { name: e.prefix, size: 0 };
  const item: ObjectItem = { name: e.name ?? '', size: e.size ?? 0 };
  if (e.lastModified) item.last_modified = e.lastModified.toISOString();
  if (e.etag) item.etag = e.etag;
  if (e.versionId) item.version_id = e.versionId;
  if (e.isLatest !== undefined) item.is_latest = e.isLatest;
  if (e.isDeleteMarker) item.is_delete_marker = true;
  return item;
}

/** Folders first, then keys by name, each key's versions newest first. */
export function byListingOrder(a: ObjectItem, b: ObjectItem): number {
  const folderA = a.name.endsWith('/') && a.last_modified === undefined;
  const folderB = b.name.endsWith('/') && b.last_modified === undefined;
  if (folderA !== folderB) return folderA ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return (b.last_modified ?? '').localeCompare(a.last_modified ?? '');
}

/** One listing request through the SDK's signed transport, read by the lean listing reader. */
export async function fetchListing(
  s3: S3Client,
  bucket: string,
  params: Record<string, string | true>,
): Promise<ListedPage> {
  // `true` is a bare flag (`versions`); values are RFC 3986 encoded, as SigV4 canonicalises them.
  const query = Object.entries(params)
    .map(([k, v]) => (v === true ? k : `${k}=${uriEncode(v, true)}`))
    .join('&');
  const res = await storageCall(s3.makeRequestAsync({ method: 'GET', bucketName: bucket, query }, '', [200]));
  const xml = await storageCall(text(res));
  try {
    return parseListPage(xml);
  } catch (err) {
    throw new ApiError(
      'backendError',
      `the storage server sent a listing this console cannot read: ${String(err)}`,
    );
  }
}

/** One page of object versions (and delete markers) under a prefix. */
export async function listVersionsPage(
  s3: S3Client,
  bucket: string,
  opts: { prefix: string; recursive: boolean; limit: number; continuation?: string | undefined },
): Promise<{ items: ObjectItem[]; next?: string }> {
  const marker = opts.continuation ? decodeMarker(opts.continuation) : undefined;
  const page = await fetchListing(s3, bucket, {
    versions: true,
    prefix: opts.prefix,
    delimiter: opts.recursive ? '' : '/',
    'encoding-type': 'url',
    'max-keys': String(opts.limit),
    ...(marker ? { 'key-marker': marker.key } : {}),
    ...(marker?.version ? { 'version-id-marker': marker.version } : {}),
  });
  const items = page.entries.map(toItem).sort(byListingOrder);
  const next =
    page.isTruncated && page.nextKeyMarker
      ? encodeMarker({ key: page.nextKeyMarker, version: page.nextVersionIdMarker })
      : undefined;
  return next ? { items, next } : { items };
}

async function listLatestPage(
  s3: S3Client,
  bucket: string,
  opts: { prefix: string; recursive: boolean; limit: number; continuation?: string | undefined },
): Promise<{ items: ObjectItem[]; next?: string }> {
  // A store may end a page early where it passed over many deleted keys (Stowage does, to
  // bound one request's work): pages are chained until the limit is reached, so that the
  // browser never gets an empty page with more to come.
  const entries = [];
  let token = opts.continuation;
  let next: string | undefined;
  do {
    const page = await latestPage(
      s3,
      bucket,
      opts.prefix,
      opts.recursive ? '' : '/',
      opts.limit - entries.length,
      token,
    );
    entries.push(...page.entries);
    next = page.isTruncated ? page.nextContinuationToken : undefined;
    token = next;
  } while (next && entries.length < opts.limit);
  const items = entries.map(toItem).sort(byListingOrder);
  return next ? { items, next } : { items };
}

export function latestPage(
  s3: S3Client,
  bucket: string,
  prefix: string,
  delimiter: string,
  limit: number,
  continuation: string | undefined,
) {
  return fetchListing(s3, bucket, {
    'list-type': '2',
    prefix,
    delimiter,
    'encoding-type': 'url',
    'max-keys': String(limit),
    ...(continuation ? { 'continuation-token': continuation } : {}),
  });
}

/** Every current object under a prefix, all levels down, one page of entries at a time. */
export async function* latestPages(s3: S3Client, bucket: string, prefix: string) {
  let token: string | undefined;
  do {
    const page = await latestPage(s3, bucket, prefix, '', PAGE_SIZE, token);
    yield page.entries;
    token = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (token);
}

/** Every version and delete marker under a prefix, all levels down, a page at a time. */
export async function* versionPages(s3: S3Client, bucket: string, prefix: string, recursive = true) {
  let continuation: string | undefined;
  do {
    const page = await listVersionsPage(s3, bucket, { prefix, recursive, limit: PAGE_SIZE, continuation });
    yield page.items;
    continuation = page.next;
  } while (continuation);
}

export async function listObjects(
  s3: S3Client,
  bucket: string,
  req: ListRequest,
): Promise<ListObjectsResponse> {
  const opts = {
    prefix: req.prefix ?? '',
    recursive: req.recursive ?? false,
    limit: req.limit ?? PAGE_SIZE,
    continuation: req.continuation,
  };
  const page = req.with_versions
    ? await listVersionsPage(s3, bucket, opts)
    : await listLatestPage(s3, bucket, opts);
  let objects = page.items;
  if (req.with_versions && opts.prefix && !opts.prefix.endsWith('/')) {
    // The versions of one object: the prefix names it exactly, not its neighbours.
    objects = objects.filter((o) => o.name === opts.prefix);
  }
  if (req.with_metadata) objects = await withMetadata(s3, bucket, objects, opts.prefix);
  return page.next ? { objects, next: page.next } : { objects };
}

/**
 * Adds user metadata to each object of the page; when the listing names one object exactly
 * (the detail view), also its tags, legal hold and retention.
 */
async function withMetadata(s3: S3Client, bucket: string, objects: ObjectItem[], prefix: string) {
  const single = objects.length === 1 && objects[0]?.name === prefix && !prefix.endsWith('/');
  const out: ObjectItem[] = [];
  // A few stats at a time: enough to hide latency without flooding the server.
  for (let i = 0; i < objects.length; i += 8) {
    const batch = objects.slice(i, i + 8).map(async (o) => {
      if (o.last_modified === undefined || o.is_delete_marker) return o;
      if (single) return { ...o, ...(await objectDetails(s3, bucket, o.name, o.version_id)) };
      return { ...o, ...(await userMetadata(s3, bucket, o.name, o.version_id)) };
    });
    out.push(...(await Promise.all(batch)));
  }
  return out;
}
