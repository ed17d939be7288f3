import type { GoTime } from './common.js';
import type { Disk } from './info.js';

/** Body of a heal start (madmin.HealOpts). */
export interface HealOpts {
  recursive?: boolean;
  dryRun?: boolean;
  remove?: boolean;
  recreate?: boolean;
  /** 1 normal, 2 deep. */
  scanMode?: 1 | 2;
  nolock?: boolean;
}

/** What madmin-go sends for settings left out (and what the server assumes). */
export const HEAL_DEFAULTS: Required<HealOpts> = {
  recursive: false,
  dryRun: false,
  remove: false,
  recreate: false,
  scanMode: 1,
  nolock: false,
};

export interface HealStartSuccess {
  clientToken: string;
  clientAddress: string;
  startTime: GoTime;
}

export interface HealDriveInfo {
  uuid: string;
  endpoint: string;
  state: string;
}

export interface HealResultItem {
  resultId: number;
  type: 'metadata' | 'bucket' | 'bucket-metadata' | 'object';
  bucket: string;
  object: string;
  versionId: string;
  detail: string;
  parityBlocks?: number;
  dataBlocks?: number;
  diskCount: number;
  setCount: number;
  before: { drives: HealDriveInfo[] | null };
  after: { drives: HealDriveInfo[] | null };
  objectSize: number;
}

/** A poll's answer; MinIO sends these keys capitalised, the client gives them as here. */
export interface HealTaskStatus {
  summary: 'not started' | 'running' | 'finished' | 'stopped';
  detail?: string;
  startTime: GoTime;
  settings: HealOpts;
  items: HealResultItem[];
}

/** One node's heal-on-read queue (madmin.MRFStatus; ours adds the optional figures). */
export interface MRFStatus {
  bytes_healed: number;
  items_healed: number;
  total_items: number;
  total_bytes: number;
  started: GoTime;
  items_failed?: number;
  items_dropped?: number;
  items_pending?: number;
  items_verified?: number;
}

/** A drive being filled again and how far it has got (madmin.HealingDisk). */
export interface HealingDisk {
  id: string;
  heal_id: string;
  pool_index: number;
  set_index: number;
  disk_index: number;
  endpoint: string;
  path: string;
  started: GoTime;
  last_update: GoTime;
  objects_total_count: number;
  objects_total_size: number;
  items_healed: number;
  items_failed: number;
  bytes_done: number;
  bytes_failed: number;
  current_bucket: string;
  current_object: string;
  queued_buckets: string[] | null;
  healed_buckets: string[] | null;
}

/** The heal state of one erasure set (madmin.SetStatus). */
export interface HealSetStatus {
  id: string;
  pool_index: number;
  set_index: number;
  heal_status: string;
  heal_priority: string;
  total_objects: number;
  disks: Disk[] | null;
}

/** POST /background-heal/status (madmin.BgHealState). */
export interface BgHealState {
  offline_nodes: string[] | null;
  ScannedItemsCount: number;
  HealDisks: string[] | null;
  sets: HealSetStatus[] | null;
  mrf: Record<string, MRFStatus> | null;
  sc_parity: Record<string, number> | null;
}
