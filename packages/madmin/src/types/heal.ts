import type { GoTime } from './common.js';

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
