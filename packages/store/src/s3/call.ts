import type { Readable } from 'node:stream';
import type { MasterKey } from '../crypto/index.js';
import type { ObjectLayer } from '../engine/object-layer.js';
import type { SystemStore } from '../engine/system-store.js';
import type { RequestContext } from '../http/context.js';
import type { AuthResult } from './auth/common.js';

/** What S3 handlers depend on: the engine and the store's settings, never the socket. */
export interface S3Deps {
  layer: ObjectLayer;
  /** The system namespace: bucket configuration and multipart upload state live here. */
  system: SystemStore;
  region: string;
  /** Seals the object keys of SSE-S3 objects. */
  masterKey: MasterKey;
}

/** One authenticated S3 request as handlers see it. */
export interface S3Call {
  ctx: RequestContext;
  auth: AuthResult;
  /** The verified request body; created on first use. */
  body(): Readable;
}
