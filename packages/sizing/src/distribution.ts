// How a requested pool size spreads over the servers' volumes (the wizard's distribution).

import { GIB, getBytes } from './bytes.js';

/** The cluster size the wizard checks a distribution against (12 Ti). */
export const DISTRIBUTION_LIMIT = 12 * 1024 ** 4;

/**
 * The largest volume the console allocates when it picks the drive count itself (256 GiB).
 * The wizard always sends drives per server, so it never takes that path.
 */
export const MAX_DISK_SIZE = 256 * GIB;

export interface Distribution {
  /** '' when the size can be spread, else the reason. */
  error: string;
  nodes: number;
  persistentVolumes: number;
  /** Volumes per server. */
  disks: number;
  /** Bytes per volume. */
  pvSize: number;
}

const refused = (error: string): Distribution => ({
  error,
  nodes: 0,
  persistentVolumes: 0,
  disks: 0,
  pvSize: 0,
});

/**
 * Spreads `capacity` (a Kubernetes unit: Gi, Ti…) over `nodes` servers with `drivesPerServer`
 * volumes each; `limitSize` caps the cluster when volumes had to be rounded up.
 */
export function calculateDistribution(
  capacity: { value: string | number; unit: string },
  nodes: number,
  limitSize: number,
  drivesPerServer: number,
): Distribution {
  const requested = getBytes(capacity.value, capacity.unit, true);
  if (requested < GIB) return refused('The pool size must be greater than 1Gi');
  if (drivesPerServer <= 0) return refused('Number of drives must be at least 1');
  if (Number.isNaN(nodes) || Number.isNaN(requested) || Number.isNaN(limitSize))
    return refused('Some provided data is invalid, please try again.');

  // A drive count that is not a number leaves no volumes, so no volume size (as in the console).
  let volumesPerServer = Number.isNaN(drivesPerServer) ? 0 : drivesPerServer;
  let persistentVolumes = volumesPerServer * nodes;
  let pvSize = volumesPerServer === 0 ? 0 : Math.floor(requested / persistentVolumes);
  if (volumesPerServer % 1 > 0) {
    // Volumes come whole: round them up and shrink each one.
    volumesPerServer = Math.ceil(volumesPerServer);
    persistentVolumes = volumesPerServer * nodes;
    pvSize = Math.floor(requested / persistentVolumes);
    if (pvSize * persistentVolumes > limitSize) return refused('We were not able to allocate this server.');
  }
  if (pvSize < GIB)
    return refused('Disk Size with this combination would be less than 1Gi, please try another combination');
  return { error: '', nodes, persistentVolumes, disks: volumesPerServer, pvSize };
}
