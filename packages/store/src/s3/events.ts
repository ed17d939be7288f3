import type { RequestContext } from '../http/context.js';
import { type BucketEvent, type EventBus, type EventProbe, isEventName } from '../observe/bucket-events.js';
import { ApiError } from '../wire/errors.js';
import type { Reply } from '../wire/reply.js';
import type { XmlChild, XmlElement } from '../wire/xml-writer.js';
import { isReplicaRequest } from './request/replica.js';
import type { S3Operation } from './router.js';

// Bucket events (madmin-protocol.md §5): what a successful request did, named as S3 and
// MinIO name it, published for ListenBucketNotification (and, later, notification targets).
// The names and the event's shape are observe/bucket-events.ts's, re-exported here.
export {
  type BucketEvent,
  EVENT_NAMES,
  type EventBus,
  type EventProbe,
  eventMatches,
  isEventName,
} from '../observe/bucket-events.js';

/** Event names as a listener asks for them; unknown ones are refused. */
export function parseEventNames(names: readonly string[]): string[] {
  for (const n of names)
    if (!isEventName(n)) throw new ApiError('InvalidArgument', `A specified event is not supported: ${n}`);
  return [...names];
}

/** A reply header by its lower-case name (every request reads a few: no arrays made). */
function header(reply: Reply, name: string): string | undefined {
  const headers = reply.headers;
  if (!headers) return undefined;
  if (name in headers) return headers[name];
  for (const k in headers) if (k.length === name.length && k.toLowerCase() === name) return headers[k];
  return undefined;
}

function* deletedKeys(x: XmlChild): Generator<{ key: string; marker: boolean; versionId?: string }> {
  if (typeof x !== 'object' || x === null) return;
  const e = x as XmlElement;
  if (e.name === 'Deleted') {
    const text = (name: string) => {
      const c = e.children.find(
        (ch) => typeof ch === 'object' && ch !== null && (ch as XmlElement).name === name,
      ) as XmlElement | undefined;
      return c?.children.join('');
    };
    const versionId = text('DeleteMarkerVersionId') ?? text('VersionId');
    yield {
      key: text('Key') ?? '',
      marker: text('DeleteMarker') === 'true',
      ...(versionId ? { versionId } : {}),
    };
    return;
  }
  for (const c of e.children) yield* deletedKeys(c);
}

/** What a form upload stored: its key, size and type come from the form, not the request. */
export interface PostedObject {
  key: string;
  size: number;
  contentType: string;
}

/**
 * The events a successful operation caused, of those `wants` takes: an event nobody takes
 * is not built (a read's event record cost about 5% of a small GET).
 */
export function eventsOf(
  op: S3Operation,
  reply: Reply,
  ctx: RequestContext,
  principal: string,
  posted?: PostedObject,
  wants: (probe: EventProbe) => boolean = () => true,
): BucketEvent[] {
  const replica = isReplicaRequest(ctx);
  let base: Omit<BucketEvent, 'name' | 'bucket' | 'key'> | undefined;
  const made = (name: string, bucket: string, key: string) => {
    base ??= {
      time: new Date(),
      principal,
      requestId: ctx.requestId,
      host: ctx.host,
      sourceIp: ctx.client,
      userAgent: String(ctx.headers['user-agent'] ?? ''),
      ...(replica ? { replica: true as const } : {}),
    };
    return { ...base, name, bucket, key };
  };
  const one = (
    name: string,
    bucket: string,
    key: string,
    extra?: () => Partial<BucketEvent>,
  ): BucketEvent[] => {
    if (!wants({ name, bucket, replica })) return [];
    const versionId = header(reply, 'x-amz-version-id');
    const etag = header(reply, 'etag')?.replace(/"/g, '');
    return [
      {
        ...made(name, bucket, key),
        ...(versionId ? { versionId } : {}),
        ...(etag ? { etag } : {}),
        ...extra?.(),
      },
    ];
  };
  const size = () =>
    Number(ctx.headers['x-amz-decoded-content-length'] ?? ctx.headers['content-length'] ?? 0) || 0;
  switch (op.op) {
    case 'CreateBucket':
      return one('s3:BucketCreated:*', op.bucket, '');
    case 'DeleteBucket':
      return one('s3:BucketRemoved:*', op.bucket, '');
    case 'PutObject':
      return one('s3:ObjectCreated:Put', op.bucket, op.key, () => ({
        size: size(),
        contentType: String(ctx.headers['content-type'] ?? 'binary/octet-stream'),
      }));
    case 'PostObject':
      return posted
        ? one('s3:ObjectCreated:Post', op.bucket, posted.key, () => ({
            size: posted.size,
            contentType: posted.contentType,
          }))
        : [];
    case 'CopyObject':
      return one('s3:ObjectCreated:Copy', op.bucket, op.key);
    case 'CompleteMultipartUpload':
      return one('s3:ObjectCreated:CompleteMultipartUpload', op.bucket, op.key);
    case 'GetObject':
    case 'HeadObject':
      return one(
        op.op === 'GetObject' ? 's3:ObjectAccessed:Get' : 's3:ObjectAccessed:Head',
        op.bucket,
        op.key,
        () => ({
          size: Number(header(reply, 'content-length') ?? 0) || 0,
          contentType: header(reply, 'content-type') ?? '',
        }),
      );
    case 'DeleteObject':
      return one(
        header(reply, 'x-amz-delete-marker') === 'true' && op.versionId === undefined
          ? 's3:ObjectRemoved:DeleteMarkerCreated'
          : 's3:ObjectRemoved:Delete',
        op.bucket,
        op.key,
      );
    case 'DeleteObjects': {
      if (reply.body?.type !== 'xml') return [];
      const name = (d: { marker: boolean }) =>
        d.marker ? 's3:ObjectRemoved:DeleteMarkerCreated' : 's3:ObjectRemoved:Delete';
      return [...deletedKeys(reply.body.value)]
        .filter((d) => wants({ name: name(d), bucket: op.bucket, replica }))
        .map((d) => ({
          ...made(name(d), op.bucket, d.key),
          ...(d.versionId ? { versionId: d.versionId } : {}),
        }));
    }
    // Started or extended; the copy's return is s3:ObjectRestore:Completed (ilm/transition).
    case 'RestoreObject':
      return one('s3:ObjectRestore:Post', op.bucket, op.key, () =>
        op.versionId ? { versionId: op.versionId } : {},
      );
    case 'PutObjectConfig':
    case 'DeleteObjectConfig': {
      const names = {
        tagging:
          op.op === 'PutObjectConfig' ? 's3:ObjectCreated:PutTagging' : 's3:ObjectCreated:DeleteTagging',
        retention: 's3:ObjectCreated:PutRetention',
        'legal-hold': 's3:ObjectCreated:PutLegalHold',
      };
      return one(names[op.kind], op.bucket, op.key);
    }
    case 'GetObjectConfig':
      if (op.kind === 'retention') return one('s3:ObjectAccessed:GetRetention', op.bucket, op.key);
      if (op.kind === 'legal-hold') return one('s3:ObjectAccessed:GetLegalHold', op.bucket, op.key);
      return [];
    default:
      return [];
  }
}

/**
 * Publishes what a successful request did; nothing when nobody listens. A stored form may
 * answer with a redirect (303): `posted` says it stored.
 */
export function publishEvents(
  bus: EventBus,
  op: S3Operation,
  reply: Reply,
  ctx: RequestContext,
  principal: string,
  posted?: PostedObject,
): void {
  if (!bus.active || (reply.status >= 300 && !posted)) return;
  for (const e of eventsOf(op, reply, ctx, principal, posted, (probe) => bus.wants(probe))) bus.publish(e);
}

/** The S3 event record MinIO sends (on the listen stream the key is not URL-escaped). */
export function eventRecord(e: BucketEvent, region: string, deploymentId: string): unknown {
  const object: Record<string, unknown> = {
    key: e.key,
    sequencer: (BigInt(e.time.getTime()) * 1_000_000n).toString(16).toUpperCase(),
  };
  if (e.size !== undefined) object.size = e.size;
  if (e.etag) object.eTag = e.etag;
  if (e.contentType) object.contentType = e.contentType;
  if (e.versionId) object.versionId = e.versionId;
  return {
    eventVersion: '2.0',
    eventSource: 'minio:s3',
    awsRegion: region,
    eventTime: e.time.toISOString(),
    eventName: e.name,
    userIdentity: { principalId: e.principal },
    requestParameters: { principalId: e.principal, region, sourceIPAddress: e.sourceIp },
    responseElements: {
      'x-amz-request-id': e.requestId,
      'x-minio-origin-endpoint': `http://${e.host}`,
      'x-minio-deployment-id': deploymentId,
    },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'Config',
      bucket: {
        name: e.bucket,
        ownerIdentity: { principalId: e.principal },
        arn: `arn:aws:s3:::${e.bucket}`,
      },
      object,
    },
    source: { host: e.sourceIp, port: '', userAgent: e.userAgent },
  };
}
