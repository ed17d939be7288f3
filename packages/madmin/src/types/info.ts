import type { GoDurationNs, GoTime } from './common.js';

/**
 * GET /info (madmin.InfoMessage, madmin-protocol.md §7.1). Loosely typed: Go's omitempty drops
 * zero values, so most fields are optional, and unknown fields from newer servers are allowed.
 */
export interface InfoMessage {
  mode?: 'online' | 'initializing' | string;
  domain?: string[];
  region?: string;
  sqsARN?: string[];
  deploymentID?: string;
  buckets?: CountInfo;
  objects?: CountInfo;
  versions?: CountInfo;
  usage?: { size: number; error?: string };
  services?: ServicesInfo;
  /** Absent while the server initialises. */
  backend?: ErasureBackend | FsBackend;
  /** Peers first, the answering server last. */
  servers?: ServerProperties[];
}

export interface CountInfo {
  count: number;
  error?: string;
}

export interface StatusInfo {
  status?: string;
}

export interface ServicesInfo {
  kms?: { status?: string; encrypt?: string; decrypt?: string };
  ldap?: StatusInfo;
  logger?: Record<string, StatusInfo>[];
  audit?: Record<string, StatusInfo>[];
  /** [{targetType: [{targetId: {status}}]}] */
  notifications?: Record<string, Record<string, StatusInfo>[]>[];
}

/** Every count is omitempty in Go: a single drive (parity 0) omits the parity fields. */
export interface ErasureBackend {
  backendType: 'Erasure';
  onlineDisks?: number;
  offlineDisks?: number;
  standardSCData?: number;
  standardSCParity?: number;
  rrSCData?: number;
  rrSCParity?: number;
  /** Newer servers only. */
  totalSets?: number[];
  totalDrivesPerSet?: number[];
}

export interface FsBackend {
  backendType: 'FS';
}

export interface ServerProperties {
  state?: 'online' | 'offline' | 'initializing' | string;
  endpoint?: string;
  scheme?: string;
  /** Seconds. */
  uptime?: number;
  version?: string;
  commitID?: string;
  network?: Record<string, 'online' | 'offline' | string>;
  drives?: Disk[];
  /** 1-based; omitted when 0. */
  poolNumber?: number;
  mem_stats: MemStats;
  go_max_procs?: number;
  num_cpu?: number;
  runtime_version?: string;
  gc_stats?: GCStats;
  minio_env_vars?: Record<string, string>;
}

export interface MemStats {
  Alloc: number;
  TotalAlloc: number;
  Mallocs: number;
  Frees: number;
  HeapAlloc: number;
}

export interface GCStats {
  last_gc: GoTime;
  num_gc: number;
  pause_total: GoDurationNs;
  pause: GoDurationNs[] | null;
  pause_end: GoTime[] | null;
}

export interface Disk {
  endpoint?: string;
  rootDisk?: boolean;
  path?: string;
  healing?: boolean;
  scanning?: boolean;
  /** ok, offline, corrupt, unformatted, permission-denied, faulty or "unknown (cause: …)". */
  state?: string;
  uuid?: string;
  major: number;
  minor: number;
  model?: string;
  totalspace?: number;
  usedspace?: number;
  availspace?: number;
  readthroughput?: number;
  writethroughput?: number;
  readlatency?: number;
  writelatency?: number;
  utilization?: number;
  metrics?: DiskMetrics;
  heal_info?: Record<string, unknown>;
  free_inodes?: number;
  /** -1 until assigned. */
  pool_index: number;
  set_index: number;
  disk_index: number;
}

export interface DiskMetrics {
  lastMinute?: Record<string, { count: number; acc_time_ns: number; bytes?: number }>;
  apiCalls?: Record<string, number>;
}

/** madmin.BackendInfo (capitalised keys): StorageInfo.Backend and AccountInfo.Server. */
export interface BackendInfo {
  /** 0 unknown, 1 FS, 2 Erasure, 3 Gateway. */
  Type: 0 | 1 | 2 | 3;
  GatewayOnline: boolean;
  OnlineDisks: Record<string, number> | null;
  OfflineDisks: Record<string, number> | null;
  StandardSCData: number[] | null;
  StandardSCParity: number;
  RRSCData: number[] | null;
  RRSCParity: number;
  TotalSets: number[] | null;
  DrivesPerSet: number[] | null;
}

/** GET /storageinfo (capitalised keys). */
export interface StorageInfo {
  Disks: Disk[] | null;
  Backend: BackendInfo;
}

/** One bucket of GET /datausageinfo. */
export interface BucketUsageInfo {
  size: number;
  objectsCount: number;
  versionsCount: number;
  objectsSizesHistogram?: Record<string, number>;
}

/** GET /datausageinfo (madmin-protocol.md §7.3). */
export interface DataUsageInfo {
  lastUpdate: GoTime;
  objectsCount: number;
  versionsCount?: number;
  objectsTotalSize: number;
  bucketsCount: number;
  bucketsUsageInfo: Record<string, BucketUsageInfo> | null;
  bucketsSizes?: Record<string, number> | null;
}
