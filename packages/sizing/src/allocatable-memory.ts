// The most memory each of N tenant servers can get from the cluster's nodes (the operator's
// GET /cluster/max-allocatable-memory), from the node list alone.

import { quantityValue } from './quantity.js';

/** The parts of a Kubernetes Node (core/v1) the rule reads. */
export interface NodeResources {
  spec?: { taints?: readonly { key?: string; effect?: string }[] };
  status?: { allocatable?: Readonly<Record<string, string>> };
}

/** A tenant needs at least this many servers. */
export const MIN_TENANT_NODES = 4;

const MASTER_TAINT = 'node-role.kubernetes.io/master';

/** Why the cluster cannot host the servers; `status` is the HTTP status the console answers. */
export class NodeCapacityError extends Error {
  constructor(
    message: string,
    readonly status: 500 | 507,
  ) {
    super(message);
    this.name = 'NodeCapacityError';
  }
}

/** Refuses fewer servers than a tenant needs, before the nodes are listed. */
export function checkTenantNodeCount(numNodes: number): void {
  if (numNodes < MIN_TENANT_NODES)
    throw new NodeCapacityError('at least 4 nodes are required for a tenant', 507);
}

/**
 * `{max_memory}` bytes for `numNodes` servers: the numNodes-th largest allocatable memory
 * among nodes that take pods (0 when fewer such nodes report memory). Throws
 * NodeCapacityError when the cluster has too few nodes.
 */
export function maxAllocatableMemory(
  nodes: readonly NodeResources[],
  numNodes: number,
): { max_memory: number } {
  checkTenantNodeCount(numNodes);
  const taints = nodes.flatMap((node) => node.spec?.taints ?? []);
  // Counted per taint, as the console counts them: a node with two NoSchedule taints counts twice.
  const schedulable = nodes.length - taints.filter((t) => t.effect === 'NoSchedule').length;
  const nonMaster = nodes.length - taints.filter((t) => t.key === MASTER_TAINT).length;
  if (numNodes > schedulable && numNodes < nonMaster)
    throw new NodeCapacityError('cannot request more nodes than what is available in the cluster', 500);
  if (nonMaster < numNodes)
    throw new NodeCapacityError('there are not enough nodes in the cluster to support this tenant', 507);
  if (schedulable < numNodes)
    throw new NodeCapacityError('there is not enough schedulable nodes to satisfy this requirement', 507);

  const memories = nodes
    .filter(
      (node) => !(node.spec?.taints ?? []).some((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute'),
    )
    .map((node) => node.status?.allocatable?.memory)
    .map((memory) => (memory === undefined ? undefined : quantityValue(memory)))
    .filter((bytes): bytes is number => bytes !== undefined)
    .sort((a, b) => b - a);
  return { max_memory: memories.length < numNodes ? 0 : memories[numNodes - 1]! };
}
