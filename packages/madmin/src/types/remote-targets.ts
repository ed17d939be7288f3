import type { GoDurationNs, GoTime } from './common.js';

/** madmin.BucketTarget: where a bucket replicates to. */
export interface BucketTarget {
  sourcebucket: string;
  /** host[:port], no scheme. */
  endpoint: string;
  credentials: { accessKey: string; secretKey?: string; sessionToken?: string; expiration: GoTime };
  targetbucket: string;
  secure: boolean;
  path?: string;
  api?: string;
  arn?: string;
  type: 'replication' | string;
  /** The region (madmin's Go tag makes the key literally "omitempty"). */
  omitempty?: string;
  /** Bytes per second: 0, or at least 100 000 000. */
  bandwidthlimit?: number;
  replicationSync: boolean;
  storageclass?: string;
  healthCheckDuration?: GoDurationNs;
  disableProxy: boolean;
  resetBeforeDate: GoTime;
  resetID?: string;
}
