import type { Logger } from '../../observe/logger.js';
import { KeyedMutex } from '../fs/locks.js';
import type { ObjectInfo } from '../object-layer.js';
import { NEW_BITROT, type NewBitrot } from './codec/bitrot.js';
import { DataPins, WritesInFlight } from './data-pins.js';
import type { ShardCheck } from './heal/heal-queue.js';
import type { IndexedDrives } from './indexed-drives.js';
import type { ErasureParams } from './params.js';
import { DriveSpace } from './space.js';

/** What the engine's parts share: the drives, the set's parameters, locks and heal. */
export interface EngineContext {
  drives: IndexedDrives;
  params: ErasureParams;
  /** The checksum new versions and uploads are written with. */
  newBitrot: NewBitrot;
  pins: DataPins;
  /** Data folders written but not committed yet, by dataPin. */
  writes: WritesInFlight;
  locks: KeyedMutex;
  /** Free space on the drives, claimed by each new object before its data is written. */
  space: DriveSpace;
  /** Queues a key whose drives disagree or whose shards failed (deep: check every shard; bytes: its size, when known). */
  queueHeal(bucket: string, key: string, deep?: boolean, bytes?: number): void;
  /**
   * Checks the shards a read served a version without, unless checked lately: in the
   * background, or at once by `checkNow` when they are in memory (heal-queue.ts).
   */
  queueCheck(bucket: string, key: string, check: ShardCheck, bytes: number, checkNow?: () => boolean): void;
  /** The store's log, for what the engine meets outside any request. */
  log: Logger;
  /** Told of the versions a commit removed for good (a tier's copy of one goes with it). */
  onRemoved?: (bucket: string, key: string, versions: ObjectInfo[]) => void;
}

export function newContext(
  drives: IndexedDrives,
  params: ErasureParams,
  hooks: Pick<EngineContext, 'queueHeal' | 'queueCheck' | 'onRemoved'>,
  log: Logger,
  newBitrot: NewBitrot = NEW_BITROT,
): EngineContext {
  return {
    drives,
    params,
    newBitrot,
    pins: new DataPins(),
    writes: new WritesInFlight(),
    locks: new KeyedMutex(),
    space: new DriveSpace(drives.paths, params.writeQuorum),
    queueHeal: hooks.queueHeal,
    queueCheck: hooks.queueCheck,
    log,
    ...(hooks.onRemoved ? { onRemoved: hooks.onRemoved } : {}),
  };
}

export const objectLock = (bucket: string, key: string): string => `object/${bucket}/${key}`;
export const dataPin = (bucket: string, key: string, dataId: string): string => `${bucket}/${key}/${dataId}`;
