import type { GoDurationNs, GoTime } from './common.js';

/** One entry of the trace stream (madmin.TraceInfo): a request (with `http`), or a storage or os call. */
export interface TraceInfo {
  /** Bitmask: os 1, storage 2, s3 4, internal 8, … */
  type: number;
  nodename: string;
  funcname: string;
  time: GoTime;
  path: string;
  dur: GoDurationNs;
  msg?: string;
  error?: string;
  http?: {
    request: {
      time: GoTime;
      proto: string;
      method: string;
      path: string;
      rawquery: string;
      headers: Record<string, string[]>;
      client: string;
    };
    response: { time: GoTime; headers: Record<string, string[]>; statuscode: number };
    stats: { inputbytes: number; outputbytes: number; latency: GoDurationNs; timetofirstbyte: GoDurationNs };
  };
}

/** One entry of the console-log stream (madmin.LogInfo: MinIO's log.Entry and the node). */
export interface LogInfo {
  deploymentid?: string;
  /** INFO, WARNING, ERROR, FATAL (EVENT from newer servers). */
  level: string;
  errKind: string;
  time: GoTime;
  /** The request the entry arose in, when one did. */
  api?: { name?: string; args?: { bucket?: string; object?: string; metadata?: Record<string, string> } };
  remotehost?: string;
  host?: string;
  requestID?: string;
  userAgent?: string;
  message?: string;
  /** What failed, and where (file:line:function() frames). */
  error?: { message?: string; source?: string[]; variables?: Record<string, string> };
  ConsoleMsg: string;
  node: string;
}

/** One snapshot of GET /healthinfo (madmin.HealthInfo, version 3); loosely typed. */
export interface HealthInfo {
  version: string;
  error?: string;
  timestamp?: string;
  sys?: Record<string, unknown>;
  minio?: {
    error?: string;
    /** The server configuration, `{subsys: {target: [{key, value}]}}`, secrets redacted. */
    config?: { error?: string; config?: Record<string, Record<string, { key: string; value: string }[]>> };
    info?: Record<string, unknown>;
  };
}
