import { describe, expect, it } from 'vitest';
import { maxAllocatableMemory, NodeCapacityError, type NodeResources } from './allocatable-memory.js';
import { GIB } from './bytes.js';

type Taint = { key: string; effect: string };

const node = (memory: string | undefined, ...taints: Taint[]): NodeResources => ({
  spec: { taints },
  status: { allocatable: memory === undefined ? { cpu: '4' } : { cpu: '4', memory } },
});
const noSchedule = (key = 'dedicated'): Taint => ({ key, effect: 'NoSchedule' });
const master: Taint = { key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' };

const refusal = (nodes: NodeResources[], numNodes: number) => {
  try {
    maxAllocatableMemory(nodes, numNodes);
  } catch (error) {
    if (error instanceof NodeCapacityError) return { status: error.status, message: error.message };
    throw error;
  }
  return undefined;
};

describe('maxAllocatableMemory', () => {
  it('answers the N-th largest allocatable memory', () => {
    const nodes = ['2Gi', '4Gi', '8Gi', '8Gi', '16Gi'].map((m) => node(m));
    expect(maxAllocatableMemory(nodes, 4)).toEqual({ max_memory: 4 * GIB });
    expect(maxAllocatableMemory(nodes.slice(0, 4), 4)).toEqual({ max_memory: 2 * GIB });
    expect(maxAllocatableMemory(nodes, 5)).toEqual({ max_memory: 2 * GIB });
  });

  it('reads Kubernetes quantities as bytes', () => {
    const nodes = ['16283884Ki', '16283884Ki', '16283884Ki', '16283884Ki'].map((m) => node(m));
    expect(maxAllocatableMemory(nodes, 4)).toEqual({ max_memory: 16283884 * 1024 });
  });

  it('leaves out nodes with a NoSchedule or NoExecute taint, but not PreferNoSchedule', () => {
    const nodes = [
      node('64Gi', { key: 'spot', effect: 'PreferNoSchedule' }),
      node('32Gi'),
      node('16Gi'),
      node('8Gi'),
      node('128Gi', { key: 'drain', effect: 'NoExecute' }),
    ];
    expect(maxAllocatableMemory(nodes, 4)).toEqual({ max_memory: 8 * GIB });
  });

  it('answers 0 when fewer usable nodes report memory than asked for', () => {
    const nodes = [
      node('8Gi'),
      node('8Gi'),
      node('8Gi'),
      node(undefined),
      node('64Gi', { key: 'x', effect: 'NoExecute' }),
    ];
    expect(maxAllocatableMemory(nodes, 4)).toEqual({ max_memory: 0 });
  });

  it('refuses fewer than 4 nodes with 507, before reading the nodes', () => {
    expect(refusal([], 3)).toEqual({ status: 507, message: 'at least 4 nodes are required for a tenant' });
  });

  it('refuses more nodes than the cluster has with 507', () => {
    const nodes = [node('8Gi'), node('8Gi'), node('8Gi'), node('8Gi')];
    expect(refusal(nodes, 5)).toEqual({
      status: 507,
      message: 'there are not enough nodes in the cluster to support this tenant',
    });
  });

  it('counts masters out of the nodes a tenant can use', () => {
    const nodes = [node('8Gi', master), node('8Gi'), node('8Gi'), node('8Gi'), node('8Gi')];
    expect(refusal(nodes, 5)).toEqual({
      status: 507,
      message: 'there are not enough nodes in the cluster to support this tenant',
    });
    expect(maxAllocatableMemory(nodes, 4)).toEqual({ max_memory: 8 * GIB });
  });

  it('answers 500 for more nodes than schedulable but fewer than the non-masters', () => {
    const nodes = [node('8Gi', noSchedule()), ...Array.from({ length: 5 }, () => node('8Gi'))];
    expect(refusal(nodes, 6)).toEqual({
      status: 507,
      message: 'there is not enough schedulable nodes to satisfy this requirement',
    });
    // 6 nodes, 5 schedulable, 6 non-masters: 6 exceeds the schedulable ones. A seventh, tainted,
    // node makes 5 schedulable of 7 non-masters: 6 lies between.
    nodes.push(node('8Gi', noSchedule()));
    expect(refusal(nodes, 6)).toEqual({
      status: 500,
      message: 'cannot request more nodes than what is available in the cluster',
    });
  });

  it('counts NoSchedule taints one by one, so a twice-tainted node counts twice', () => {
    const nodes = [
      node('8Gi', noSchedule('a'), noSchedule('b')),
      ...Array.from({ length: 5 }, () => node('8Gi')),
    ];
    // 6 nodes, schedulable 6 − 2 = 4, non-masters 6.
    expect(maxAllocatableMemory(nodes, 4)).toEqual({ max_memory: 8 * GIB });
    expect(refusal(nodes, 5)).toEqual({
      status: 500,
      message: 'cannot request more nodes than what is available in the cluster',
    });
  });
});
