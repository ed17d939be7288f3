import { describe, expect, it } from 'vitest';
import { chosenFactor, sizePreview } from './sizePreview.js';
import { initialForm } from './wizardState.js';

const GIB = 1024 ** 3;
const EC8 = ['EC:8', 'EC:7', 'EC:6', 'EC:5', 'EC:4', 'EC:3', 'EC:2'];
const roomy = { parities: EC8, maxMemory: 64 * GIB, nodesError: '', volumeLimit: 2 ** 60 };

describe('the wizard size preview (operator.md §4.2)', () => {
  it('spreads 4 nodes × 4 drives × 100 GiB as the worked example: raw 1600 GiB, EC:4 gives 1200 GiB', () => {
    const form = { ...initialForm(), nodes: '4', drivesPerServer: '4', volumeSize: '1600', ecParity: 'EC:4' };
    const preview = sizePreview(form, roomy);
    expect(preview.distribution).toMatchObject({
      error: '',
      persistentVolumes: 16,
      disks: 4,
      pvSize: 100 * GIB,
    });
    expect(preview.erasureCode.rawCapacity).toBe(String(1600 * GIB));
    expect(preview.erasureCode.defaultEC).toBe('EC:8');
    const ec4 = chosenFactor(preview);
    expect(ec4?.maxCapacity).toBe(String(1200 * GIB));
    expect(ec4?.maxFailureTolerations).toBe(4);
    expect(preview.parity).toBe('EC:4');
    expect(preview.valid).toBe(true);
  });

  it('matches the upstream EC:2 case: 4 drives of 25 GiB give 50 GiB usable, 2 failures', () => {
    const form = { ...initialForm(), nodes: '4', drivesPerServer: '1', volumeSize: '100' };
    const preview = sizePreview(form, { ...roomy, parities: ['EC:2'] });
    expect(preview.distribution.pvSize).toBe(26843545600);
    expect(preview.erasureCode.storageFactors).toEqual([
      { erasureCode: 'EC:2', storageFactor: 2, maxCapacity: '53687091200', maxFailureTolerations: 2 },
    ]);
    expect(preview.parity).toBe('EC:2');
  });

  it('falls back to the default parity when the chosen one is not offered', () => {
    const preview = sizePreview({ ...initialForm(), ecParity: 'EC:7' }, { ...roomy, parities: ['EC:2'] });
    expect(preview.parity).toBe('EC:2');
  });

  it('chooses EC:4 by default for ≥ 8 nodes with more than 16 drives each', () => {
    const form = { ...initialForm(), nodes: '8', drivesPerServer: '17', volumeSize: '1', sizeFactor: 'Ti' };
    expect(sizePreview(form, roomy).parity).toBe('EC:4');
  });

  it('is invalid without parities (the get-parity call failed)', () => {
    const preview = sizePreview(initialForm(), { ...roomy, parities: [] });
    expect(preview.erasureCode.error).toBe(1);
    expect(preview.valid).toBe(false);
  });

  it('is invalid until the max-memory answer is known', () => {
    expect(sizePreview(initialForm(), { ...roomy, maxMemory: undefined }).valid).toBe(false);
  });

  it.each([
    [0, 'There is no memory available for the selected number of nodes'],
    [GIB, 'There are not enough memory resources available'],
  ])('refuses the memory when the cluster can give %d bytes', (maxMemory, message) => {
    expect(sizePreview(initialForm(), { ...roomy, maxMemory }).memory.error).toBe(message);
  });

  it('refuses a request above what the nodes can give', () => {
    const preview = sizePreview({ ...initialForm(), memoryNode: '8' }, { ...roomy, maxMemory: 4 * GIB });
    expect(preview.memory.error).toBe(
      'The requested memory is greater than the max available memory for the selected number of nodes',
    );
    expect(preview.valid).toBe(false);
  });

  it('raises the memory limit to the pool-size floor (1 TiB pool → 8 GiB)', () => {
    const form = { ...initialForm(), volumeSize: '2', sizeFactor: 'Ti' };
    expect(sizePreview(form, roomy).memory).toEqual({ error: '', request: 2 * GIB, limit: 8 * GIB });
  });

  it('gives the spec messages for the size fields', () => {
    const form = { ...initialForm(), volumeSize: '200', memoryNode: '1', drivesPerServer: '0', nodes: '' };
    const preview = sizePreview(form, { ...roomy, volumeLimit: 100 * GIB });
    expect(preview.errors).toEqual({
      nodes: 'Field cannot be empty',
      volumeSize: 'Volume size must be greater than 1Gi and less than 100 Gi',
      memoryNode: 'Memory size must be greater than 2Gi',
      drivesPerServer: 'There must be at least one drive',
    });
    expect(preview.distribution.error).toBe('Number of drives must be at least 1');
  });

  it('marks the nodes field with the max-memory failure', () => {
    const preview = sizePreview(initialForm(), {
      ...roomy,
      nodesError: 'at least 4 nodes are required for a tenant',
    });
    expect(preview.errors.nodes).toBe('at least 4 nodes are required for a tenant');
    expect(preview.valid).toBe(false);
  });

  it('refuses volumes smaller than 1 GiB', () => {
    const form = { ...initialForm(), nodes: '4', drivesPerServer: '4', volumeSize: '8' };
    expect(sizePreview(form, roomy).distribution.error).toBe(
      'Disk Size with this combination would be less than 1Gi, please try another combination',
    );
  });
});
