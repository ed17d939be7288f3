// The memory a tenant's servers request and are limited to (the wizard's memory check).

import { GIB } from './bytes.js';

/** The least memory a MinIO server needs (2 GiB). */
export const MIN_MEMORY = 2 * GIB;

export interface MemoryResource {
  /** '' when the request fits, else the reason. */
  error: string;
  /** Bytes requested per server (0 on error). */
  request: number;
  /** Bytes each server may use (0 on error). */
  limit: number;
}

const TIB = 1024 ** 4;

/** Spec 002 §9: the memory limit floor by pool size, largest pool first. */
const LIMIT_FLOORS: readonly { poolAtLeast: number; limitAtLeast: number }[] = [
  { poolAtLeast: 1024 * TIB, limitAtLeast: 64 * GIB },
  { poolAtLeast: 100 * TIB, limitAtLeast: 32 * GIB },
  { poolAtLeast: 10 * TIB, limitAtLeast: 16 * GIB },
  { poolAtLeast: TIB, limitAtLeast: 8 * GIB },
];

const refused = (error: string): MemoryResource => ({ error, request: 0, limit: 0 });

/**
 * Request and limit for `memoryGi` GiB per server, given the pool's `capacityBytes` and the
 * `maxMemory` bytes the cluster can give each of its servers (max-allocatable-memory).
 * Below 1 TiB of pool, or when the pool size is unknown, the limit is the request.
 */
export function setMemoryResource(
  memoryGi: number,
  capacityBytes: string | number,
  maxMemory: number,
): MemoryResource {
  const request = memoryGi * GIB;
  if (maxMemory === 0) return refused('There is no memory available for the selected number of nodes');
  if (maxMemory < MIN_MEMORY) return refused('There are not enough memory resources available');
  if (request < MIN_MEMORY) return refused('The requested memory size must be greater than 2Gi');
  if (request > maxMemory)
    return refused(
      'The requested memory is greater than the max available memory for the selected number of nodes',
    );
  const capacity = typeof capacityBytes === 'number' ? capacityBytes : Number.parseInt(capacityBytes, 10);
  const floor = LIMIT_FLOORS.find((tier) => capacity >= tier.poolAtLeast);
  return { error: '', request, limit: Math.max(request, floor?.limitAtLeast ?? 0) };
}
