import type { Bus } from './bus.js';

// Bucket events (madmin-protocol.md §5): what happened to a bucket or object, named as S3
// and MinIO name them. The S3 protocol publishes those of requests (s3/events.ts); lifecycle
// and replication publish their own; listeners and notification targets receive them.

export const EVENT_NAMES = [
  's3:ObjectCreated:*',
  's3:ObjectCreated:Put',
  's3:ObjectCreated:Post',
  's3:ObjectCreated:Copy',
  's3:ObjectCreated:CompleteMultipartUpload',
  's3:ObjectCreated:PutTagging',
  's3:ObjectCreated:DeleteTagging',
  's3:ObjectCreated:PutRetention',
  's3:ObjectCreated:PutLegalHold',
  's3:ObjectRemoved:*',
  's3:ObjectRemoved:Delete',
  's3:ObjectRemoved:DeleteMarkerCreated',
  's3:ObjectRemoved:DeleteAllVersions',
  's3:ObjectRemoved:NoOP',
  's3:ObjectAccessed:*',
  's3:ObjectAccessed:Get',
  's3:ObjectAccessed:Head',
  's3:ObjectAccessed:GetRetention',
  's3:ObjectAccessed:GetLegalHold',
  's3:ObjectAccessed:Attributes',
  's3:BucketCreated:*',
  's3:BucketRemoved:*',
  's3:Replication:*',
  's3:Replication:OperationFailedReplication',
  's3:Replication:OperationCompletedReplication',
  's3:Replication:OperationMissedThreshold',
  's3:Replication:OperationReplicatedAfterThreshold',
  's3:Replication:OperationNotTracked',
  's3:ObjectRestore:*',
  's3:ObjectRestore:Post',
  's3:ObjectRestore:Completed',
  's3:ObjectTransition:*',
  's3:ObjectTransition:Failed',
  's3:ObjectTransition:Complete',
  // MinIO's own (internal/event/name.go): consoles subscribe to them by name.
  's3:Scanner:ManyVersions',
  's3:Scanner:LargeVersions',
  's3:Scanner:BigPrefix',
  's3:LifecycleDelMarkerExpiration:Delete',
] as const;

const KNOWN = new Set<string>(EVENT_NAMES);
export const isEventName = (name: string): boolean => KNOWN.has(name);

export interface BucketEvent {
  name: string;
  bucket: string;
  key: string;
  time: Date;
  size?: number;
  etag?: string;
  contentType?: string;
  versionId?: string;
  principal: string;
  requestId: string;
  host: string;
  sourceIp: string;
  userAgent: string;
  /** Written by another store's replication: never replicated on (no loops). */
  replica?: true;
}

/**
 * What a publisher knows of a bucket event before it builds it: subscribers say from this
 * whether they take it (observe/bus.ts), and an event nobody takes is never built.
 */
export interface EventProbe {
  name: string;
  bucket: string;
  replica: boolean;
}

/** The channel bucket events travel on. */
export type EventBus = Bus<BucketEvent, EventProbe>;

/** `s3:ObjectCreated:*` covers every `s3:ObjectCreated:…`. */
export const eventMatches = (pattern: string, name: string): boolean =>
  pattern.endsWith(':*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
