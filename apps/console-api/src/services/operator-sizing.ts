import type { MaxAllocatableMemory } from '@stowage/contract';
import {
  checkTenantNodeCount,
  maxAllocatableMemory,
  NodeCapacityError,
  type NodeResources,
  parityChoices,
} from '@stowage/sizing';
import { ApiError } from '../http/errors.js';

// Operator mode's sizing answers (operator.md §4.1, §4.3): the rules live in @stowage/sizing,
// shared with the store and the wizard; here they become the console's errors.

/** The cluster's nodes (core/v1 Node list items), read with the caller's credentials. */
export type ListNodes = () => Promise<readonly NodeResources[]>;

/** GET /get-parity: the EC:N choices, or 500 with MinIO's reason as the message. */
export function getParityChoices(nodes: number, disksPerNode: number): string[] {
  const choice = parityChoices(nodes, disksPerNode);
  if (!choice.ok) throw new ApiError('noErasureSets', choice.error, choice.error);
  return choice.parities;
}

/** GET /cluster/max-allocatable-memory: fewer than 4 nodes is refused before the nodes are read. */
export async function getMaxAllocatableMemory(
  listNodes: ListNodes,
  numNodes: number,
): Promise<MaxAllocatableMemory> {
  try {
    checkTenantNodeCount(numNodes);
    return maxAllocatableMemory(await listNodes(), numNodes);
  } catch (error) {
    if (!(error instanceof NodeCapacityError)) throw error;
    throw new ApiError(
      error.status === 507 ? 'clusterTooSmall' : 'nodesUnavailable',
      error.message,
      error.message,
    );
  }
}
