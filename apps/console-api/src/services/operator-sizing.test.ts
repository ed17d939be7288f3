import type { NodeResources } from '@stowage/sizing';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.js';
import { getMaxAllocatableMemory, getParityChoices } from './operator-sizing.js';

const worker = (memory: string): NodeResources => ({ spec: {}, status: { allocatable: { memory } } });
const workers = (count: number, memory = '8Gi') => Array.from({ length: count }, () => worker(memory));

const failure = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, ...error.body() };
    throw error;
  }
  throw new Error('expected a failure');
};

describe('getParityChoices', () => {
  it('lists the parities of a pool', () => {
    expect(getParityChoices(4, 4)).toEqual(['EC:8', 'EC:7', 'EC:6', 'EC:5', 'EC:4', 'EC:3', 'EC:2']);
  });

  it('answers 500 with MinIO’s reason when the drives cannot form sets', async () => {
    const text = 'incorrect number of endpoints provided [http://minio{1...1}/export/set{1...1}]';
    expect(await failure(() => getParityChoices(1, 1))).toEqual({
      status: 500,
      message: text,
      detailedMessage: text,
    });
  });
});

describe('getMaxAllocatableMemory', () => {
  it('answers from the listed nodes', async () => {
    expect(await getMaxAllocatableMemory(async () => workers(4, '4Gi'), 4)).toEqual({
      max_memory: 4 * 2 ** 30,
    });
  });

  it('refuses fewer than 4 nodes with 507 without listing the nodes', async () => {
    const listNodes = async (): Promise<NodeResources[]> => {
      throw new Error('the nodes must not be listed');
    };
    const text = 'at least 4 nodes are required for a tenant';
    expect(await failure(() => getMaxAllocatableMemory(listNodes, 3))).toEqual({
      status: 507,
      message: text,
      detailedMessage: text,
    });
  });

  it('answers 507 for too few nodes and 500 for too few schedulable among enough workers', async () => {
    expect(await failure(() => getMaxAllocatableMemory(async () => workers(4), 5))).toMatchObject({
      status: 507,
      message: 'there are not enough nodes in the cluster to support this tenant',
    });
    const tainted = {
      spec: { taints: [{ key: 'x', effect: 'NoSchedule' }] },
      status: { allocatable: { memory: '8Gi' } },
    };
    expect(
      await failure(() => getMaxAllocatableMemory(async () => [tainted, ...workers(5)], 6)),
    ).toMatchObject({
      status: 507,
      message: 'there is not enough schedulable nodes to satisfy this requirement',
    });
    expect(
      await failure(() => getMaxAllocatableMemory(async () => [tainted, tainted, ...workers(5)], 6)),
    ).toMatchObject({
      status: 500,
      message: 'cannot request more nodes than what is available in the cluster',
    });
  });

  it('lets a failure to list the nodes through unchanged', async () => {
    const denied = new ApiError('forbidden', 'nodes is forbidden');
    await expect(
      getMaxAllocatableMemory(async () => {
        throw denied;
      }, 4),
    ).rejects.toBe(denied);
  });
});
