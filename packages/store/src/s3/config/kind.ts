import { ApiError, type ErrorCode } from '../../wire/errors.js';
import type { Reply } from '../../wire/reply.js';
import { textOf, type XmlObject } from '../../wire/xml-parse.js';
import type { ConfigKind } from '../router.js';

export { listOf, objectOf } from '../../wire/xml-parse.js';

import type { BucketConfigStore } from '../../engine/bucket-config-store.js';

/** What a kind's parser may consult: other documents of the bucket, and what it may name. */
export interface ConfigContext {
  bucket: string;
  configs: BucketConfigStore;
  /** The store's region ('' when none is set): a notification ARN naming another is refused. */
  region: string;
  /** ARNs of the enabled notification targets. */
  notificationArns: readonly string[];
  /** Names of the configured remote tiers, which lifecycle transitions may name. */
  tierNames(): Promise<string[]>;
  /** The KMS key's name when a KMS is configured: SSE-KMS defaults may name only it. */
  kmsKeyId: string | undefined;
}

/** One bucket sub-resource: how its request body is validated and its document rendered. */
export interface KindSpec {
  /** Largest request body accepted. */
  maxBody: number;
  /** What a body over maxBody is (MalformedXML unless said otherwise). */
  tooLarge?: () => ApiError;
  /** S3 refuses a PUT without Content-MD5 or a flexible checksum (as MinIO does for lifecycle). */
  integrityRequired?: boolean;
  /** GET with no document: a catalogue error, or a reply (an empty document, for some kinds). */
  missing: ErrorCode | (() => Reply);
  /** Validates a PUT body into the value to store. */
  parse(body: Buffer, ctx: ConfigContext): Promise<unknown> | unknown;
  /** Renders a stored value (validated again: stored documents are input too). */
  render(stored: unknown): Reply;
  /** Answer to a successful PUT (200 for most, 204 for policy). */
  putStatus?: number;
}

export const KIB = 1024;

/** A required text child. */
export function need(obj: XmlObject, name: string): string {
  const v = textOf(obj, name);
  if (v === undefined) throw new ApiError('MalformedXML');
  return v;
}

export { xmlRoot } from '../../wire/xml-parse.js';

export type ConfigSpecs = Record<ConfigKind, KindSpec>;

/** Stored values are plain JSON; a shape check failing means a damaged document. */
export function storedAs<T>(stored: unknown, ok: (v: Record<string, unknown>) => boolean): T {
  if (typeof stored !== 'object' || stored === null || !ok(stored as Record<string, unknown>)) {
    throw new Error('damaged bucket configuration document');
  }
  return stored as T;
}
