import type { Readable } from 'node:stream';
import type { CompressionRule } from '../config/compression.js';
import type { MasterKey } from '../crypto/index.js';
import type { ObjectLayer } from '../engine/object-layer.js';
import type { SystemStore } from '../engine/system-store.js';
import type { RequestContext } from '../http/context.js';
import type { CredentialStore } from '../iam/credentials.js';
import type { RestoreOutcome } from '../ilm/transition/transitions.js';
import type { Logger } from '../observe/logger.js';
import type { ReplicationView } from '../replication/engine.js';
import type { AuthResult, SignerGuard } from './auth/common.js';
import type { Access } from './authorize.js';
import type { EventBus } from './events.js';

/** What S3 handlers depend on: the engine and the store's settings, never the socket. */
export interface S3Deps {
  layer: ObjectLayer;
  /** The system namespace: bucket configuration and multipart upload state live here. */
  system: SystemStore;
  /** The store's region ('' when none): what it reports. */
  region: string;
  /** The region requests must name; undefined accepts any (no region set, as in MinIO). */
  signingRegion?: string;
  /** Seals the object keys of SSE-S3 objects. */
  masterKey: MasterKey;
  /** The KMS's one key (its id is the key's name), when a KMS is configured: seals SSE-KMS objects. */
  kms?: MasterKey | undefined;
  /** Who may sign requests, and what IAM lets them do. */
  credentials: CredentialStore;
  /** Counts failed signatures per client address and holds back guessers (SlowDown). */
  signers: SignerGuard;
  /** What successful requests did, for listeners. */
  events: EventBus;
  /** ARNs of the enabled notification targets, read from the live server configuration. */
  notificationArns(): string[];
  /** Origins the server lets in where a bucket has no CORS rules (api cors_allow_origin). */
  corsAllowOrigins(): string[];
  /** Parity of a new object of this storage class (storage_class); undefined: the set's. */
  storageClassParity(storageClass: string | undefined): number | undefined;
  /** Versions a key may have at most (api object_max_versions); undefined: no limit. */
  objectMaxVersions(): number | undefined;
  /** Which new objects are stored compressed (the compression subsystem); undefined: none. */
  compression(): CompressionRule | undefined;
  /** Whether GET/HEAD of documents (HTML, SVG, XML) carry CSP sandbox; default on (active-content.ts). */
  cspSandbox?: boolean;
  /** RestoreObject: a transitioned version's local copy for some days (ilm/transition). */
  restore(bucket: string, key: string, versionId: string | undefined, days: number): Promise<RestoreOutcome>;
  /** The store's log: what reads meet (damaged data healed) is logged with their request. */
  log?: Logger;
  /** Bucket replication: a new version it will send is PENDING from its first moment. */
  replication?: ReplicationView;
}

/** One S3 request as handlers see it, after authentication and authorisation. */
export interface S3Call {
  ctx: RequestContext;
  /** Undefined for anonymous requests (allowed by a bucket policy). */
  auth: AuthResult | undefined;
  /** Checks a further access the operation needs (a copy source, each key of a batch). */
  authorize(access: Access): Promise<void>;
  /** Whether the requester has an access, without failing. */
  may(access: Access): Promise<boolean>;
  /** The verified request body; created on first use. */
  body(): Readable;
  /**
   * The verified body in one buffer when it is small and plain, else undefined (body()
   * then streams it). Once this has answered a buffer, body() must not be used.
   */
  wholeBody(): Promise<Buffer> | undefined;
}
