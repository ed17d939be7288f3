import { statfsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { EngineError } from '../errors.js';
import type { DriveIndex } from '../fs/drive-index.js';
import type { DriveInfo } from '../object-layer.js';
import { quorumError } from './params.js';

// Drives filling up. A commit that meets a full disk fails in LMDB, and lmdb-js's native
// code has been seen to corrupt its heap and end the process there. So new data is refused
// (MinIO's StorageFull) while too few drives for a write quorum would keep a reserve free
// after it: deletes and metadata changes, which need little, still have that room. MinIO
// refuses writes the same way, at 99% full (hasSpaceFor).

const MiB = 1024 * 1024;
/** How long a drive's free space is trusted (less what was claimed since) before a statfs. */
const REFRESH_MS = 1000;

/**
 * The space a drive keeps free: 64 MiB, or a tenth of a drive under 640 MiB. Room for the
 * index's deletes and metadata changes, not a share of the disk: a nearly full big disk
 * still takes writes up to its last 64 MiB.
 */
export const reserveOf = (total: number): number => Math.min(64 * MiB, total / 10);

interface Known {
  free: number;
  reserve: number;
  at: number;
}

function readSpace(path: string, at: number): Known | undefined {
  try {
    const fs = statfsSync(path);
    return { free: fs.bavail * fs.bsize, reserve: reserveOf(fs.blocks * fs.bsize), at };
  } catch {
    return undefined; // unreachable: not known to be full (its failures show elsewhere)
  }
}

export class DriveSpace {
  private readonly known: (Known | undefined)[];

  constructor(
    private readonly paths: readonly string[],
    private readonly writeQuorum: number,
    private readonly now: () => number = Date.now,
  ) {
    this.known = paths.map(() => undefined);
  }

  /**
   * Counts `bytesPerDrive` as about to be written on every drive, or refuses with
   * StorageFull when fewer drives than a write quorum would keep their reserve after it.
   */
  claim(bytesPerDrive: number): void {
    const t = this.now();
    let roomy = 0;
    for (let i = 0; i < this.paths.length; i++) {
      let k = this.known[i];
      if (!k || t - k.at >= REFRESH_MS) k = this.known[i] = readSpace(this.paths[i]!, t);
      if (!k || k.free - bytesPerDrive >= k.reserve) roomy++;
    }
    if (roomy < this.writeQuorum) throw new EngineError('XMinioStorageFull');
    for (const k of this.known) if (k) k.free -= bytesPerDrive;
  }
}

/**
 * The error for a write that missed quorum: StorageFull when too few drives have their
 * reserve left (a retry cannot help until something is deleted), else the quorum error a
 * client may retry. Looked into only after a failure.
 */
export function writeQuorumFailure(paths: readonly string[], writeQuorum: number): EngineError {
  const at = Date.now();
  const roomy = paths.filter((path) => {
    const k = readSpace(path, at);
    return !k || k.free >= k.reserve;
  }).length;
  return roomy < writeQuorum ? new EngineError('XMinioStorageFull') : quorumError('write');
}

/**
 * Each drive of a set, as the admin API reports it: its place in the deployment (the set
 * begins at drive `first`), its state and, where statfs answers, its capacity.
 */
export function driveReport(
  paths: readonly string[],
  first: number,
  live: readonly (DriveIndex | undefined)[],
): Promise<DriveInfo[]> {
  return Promise.all(
    paths.map(async (path, index): Promise<DriveInfo> => {
      const info: DriveInfo = {
        path,
        index: first + index,
        set: first / paths.length,
        inSet: index,
        state: live[index] ? 'ok' : 'offline',
      };
      const fs = await statfs(path).catch(() => undefined);
      if (fs) {
        info.total = fs.blocks * fs.bsize;
        info.available = fs.bavail * fs.bsize;
        info.used = (fs.blocks - fs.bfree) * fs.bsize;
      }
      return info;
    }),
  );
}
