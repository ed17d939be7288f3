import { describe, expect, it } from 'vitest';
import { GIB } from './bytes.js';
import { FIELD_REQUIRED, type TenantSizeFields, tenantSizeErrors, tenantSizeValid } from './tenant-size.js';

// Spec 002 §9 defaults: 4 nodes, 100 Gi, 1 drive per server, 2 Gi of memory.
const defaults: TenantSizeFields = {
  nodes: '4',
  volumeSize: '100',
  sizeFactor: 'Gi',
  memoryNode: '2',
  drivesPerServer: '1',
};
const TI = 1024 * GIB;

describe('tenantSizeErrors', () => {
  it('accepts the wizard’s defaults within the storage class room', () => {
    expect(tenantSizeErrors(defaults, 12 * TI)).toEqual({});
  });

  it('asks for every empty field', () => {
    const empty = { nodes: ' ', volumeSize: '', sizeFactor: 'Gi', memoryNode: '', drivesPerServer: '' };
    expect(tenantSizeErrors(empty, 12 * TI, 'ignored while empty')).toEqual({
      nodes: FIELD_REQUIRED,
      volumeSize: FIELD_REQUIRED,
      memoryNode: FIELD_REQUIRED,
      drivesPerServer: FIELD_REQUIRED,
    });
  });

  it('bounds the volume size by 1 Gi and the storage class room, named in Kubernetes units', () => {
    const message = 'Volume size must be greater than 1Gi and less than 12 Ti';
    expect(tenantSizeErrors({ ...defaults, volumeSize: '1023', sizeFactor: 'Mi' }, 12 * TI).volumeSize).toBe(
      message,
    );
    expect(tenantSizeErrors({ ...defaults, volumeSize: '13', sizeFactor: 'Ti' }, 12 * TI).volumeSize).toBe(
      message,
    );
    expect(tenantSizeErrors({ ...defaults, volumeSize: '12', sizeFactor: 'Ti' }, 12 * TI)).toEqual({});
    expect(tenantSizeErrors({ ...defaults, volumeSize: '1', sizeFactor: 'Gi' }, 12 * TI)).toEqual({});
  });

  it('asks for at least 2 Gi of memory and one drive', () => {
    expect(tenantSizeErrors({ ...defaults, memoryNode: '1', drivesPerServer: '0' }, 12 * TI)).toEqual({
      memoryNode: 'Memory size must be greater than 2Gi',
      drivesPerServer: 'There must be at least one drive',
    });
    expect(tenantSizeErrors({ ...defaults, memoryNode: 'lots', drivesPerServer: 'x' }, 12 * TI)).toEqual({
      memoryNode: 'Memory size must be greater than 2Gi',
      drivesPerServer: 'There must be at least one drive',
    });
  });

  it('marks the nodes with the max-allocatable-memory failure', () => {
    expect(tenantSizeErrors(defaults, 12 * TI, 'at least 4 nodes are required for a tenant')).toEqual({
      nodes: 'at least 4 nodes are required for a tenant',
    });
  });
});

describe('tenantSizeValid', () => {
  const fine = { error: '' } as const;
  it('needs no field message and no distribution, erasure-code or memory error', () => {
    expect(tenantSizeValid({}, fine, { error: 0 }, fine)).toBe(true);
    expect(tenantSizeValid({ nodes: FIELD_REQUIRED }, fine, { error: 0 }, fine)).toBe(false);
    expect(tenantSizeValid({}, { error: 'Number of drives must be at least 1' }, { error: 0 }, fine)).toBe(
      false,
    );
    expect(tenantSizeValid({}, fine, { error: 1 }, fine)).toBe(false);
    expect(
      tenantSizeValid({}, fine, { error: 0 }, { error: 'There are not enough memory resources available' }),
    ).toBe(false);
  });
});
