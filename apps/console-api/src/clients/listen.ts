import {
  type Credentials,
  EMPTY_SHA256,
  madminErrorFromResponse,
  ndjson,
  signRequest,
} from '@stowage/madmin';

/** One S3 event record, as ListenBucketNotification and bucket notifications carry it. */
export interface S3EventRecord {
  eventName: string;
  eventTime: string;
  source?: { host?: string; port?: string; userAgent?: string };
  s3: {
    bucket: { name: string };
    object: { key: string; size?: number; userMetadata?: Record<string, string> };
  };
}

export interface ListenOptions {
  prefix?: string;
  suffix?: string;
  /** S3 event names, e.g. s3:ObjectCreated:* */
  events: string[];
  signal: AbortSignal;
}

/**
 * S3 ListenBucketNotification (MinIO's extension): a long GET whose body is one JSON line of
 * records per event, with blank keep-alives. Written here rather than taken from the SDK,
 * whose poller holds its connection open after it is stopped, until the next event arrives.
 */
export async function* listenBucketNotification(
  serverUrl: string,
  region: string,
  credentials: Credentials,
  bucket: string,
  opts: ListenOptions,
): AsyncGenerator<S3EventRecord> {
  const url = new URL(`/${encodeURIComponent(bucket)}`, serverUrl);
  const query = new URLSearchParams();
  for (const event of opts.events) query.append('events', event);
  if (opts.prefix) query.set('prefix', opts.prefix);
  if (opts.suffix) query.set('suffix', opts.suffix);
  url.search = query.toString();
  const headers = signRequest(
    { method: 'GET', url, headers: { 'accept-encoding': 'identity' }, payloadHash: EMPTY_SHA256 },
    credentials,
    { region, service: 's3' },
  );
  delete headers.host; // fetch sets it from the URL, as signed
  const res = await fetch(url, { headers, signal: opts.signal });
  if (res.status !== 200 || !res.body) {
    const body = new Uint8Array(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
    throw madminErrorFromResponse(res.status, res.statusText, body, res.headers.get('x-amz-request-id'));
  }
  for await (const line of ndjson<{ Records?: S3EventRecord[] | null }>(res.body, opts.signal)) {
    for (const record of line.Records ?? []) yield record;
  }
}
