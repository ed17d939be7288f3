import type { WatchFrame, WatchQuery } from '@stowage/contract';
import type { S3EventRecord } from '../clients/listen.js';
import type { StorageGateway } from '../clients/storage.js';
import type { Session } from '../session/store.js';

const EVENTS = {
  put: 's3:ObjectCreated:*',
  get: 's3:ObjectAccessed:*',
  delete: 's3:ObjectRemoved:*',
} as const;

/** The page's event kinds in S3 event names; all three when none is given. */
export function watchEvents(query: WatchQuery): string[] {
  const kinds = (query.events || 'put,get,delete').split(',') as (keyof typeof EVENTS)[];
  return [...new Set(kinds.map((k) => EVENTS[k]))];
}

export function toWatchFrame(record: S3EventRecord): WatchFrame {
  const { bucket, object } = record.s3;
  // Keys arrive URL-encoded in S3 event records.
  let key = object.key;
  try {
    key = decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {}
  const host = record.source?.host ?? '';
  const port = record.source?.port ?? '';
  return {
    Time: record.eventTime,
    Size: object.size ?? 0,
    Type: record.eventName,
    Path: `${bucket.name}/${key}`,
    Host: port ? `${host}:${port}` : host,
    UserAgent: record.source?.userAgent ?? '',
    UserMetadata: object.userMetadata ?? {},
  };
}

export async function* watchFrames(
  gateway: StorageGateway,
  session: Session,
  bucket: string,
  query: WatchQuery,
  signal: AbortSignal,
): AsyncGenerator<WatchFrame> {
  const records = gateway.listen(session.credentials, bucket, {
    events: watchEvents(query),
    ...(query.prefix ? { prefix: query.prefix } : {}),
    ...(query.suffix ? { suffix: query.suffix } : {}),
    signal,
  });
  for await (const record of records) yield toWatchFrame(record);
}
