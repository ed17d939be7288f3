import type { GoTime } from './common.js';
import type { BackendInfo } from './info.js';
import type { PolicyDocument } from './policy.js';

/** GET /accountinfo (madmin-protocol.md §3.10). */
export interface AccountInfo {
  /** For derived credentials (STS, service accounts), the parent user. */
  AccountName: string;
  Server: BackendInfo;
  /** The caller's effective policy; for root, the consoleAdmin document. */
  Policy: PolicyDocument;
  /** The client turns Go's null (no buckets) into []. */
  Buckets: BucketAccessInfo[];
}

export interface BucketAccessInfo {
  name: string;
  size: number;
  objects: number;
  /** Size-range name (e.g. LESS_THAN_1024_B) to object count. */
  objectHistogram: Record<string, number> | null;
  details: BucketDetails | null;
  /** Present only with ?prefix-usage=true. */
  prefixUsage?: Record<string, number>;
  created: GoTime;
  access: { read: boolean; write: boolean };
}

export interface BucketDetails {
  versioning: boolean;
  versioningSuspended: boolean;
  locking: boolean;
  replication: boolean;
  /** A Go struct that serialises with nothing useful; servers send null. */
  tags: unknown;
  quota: { quota: number; quotatype?: 'hard' | string } | null;
}
