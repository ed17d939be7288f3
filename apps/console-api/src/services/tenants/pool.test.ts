import type { TenantPoolRequest } from '@stowage/contract';
import { describe, expect, it } from 'vitest';
import type { Tenant } from './kube-types.js';
import { tenantPool, withAddedPool, withReplacedPools } from './pool.js';
import { tenantSchemaErrors } from './test-support/crd-schema.js';

const GIB = 1024 ** 3;
const request = (name?: string): TenantPoolRequest => ({
  ...(name ? { name } : {}),
  servers: 4,
  volumes_per_server: 4,
  volume_configuration: { size: 10 * GIB, storage_class_name: 'fast', labels: { tier: 'hot' } },
});

function tenant(): Tenant {
  return {
    apiVersion: 'minio.min.io/v2',
    kind: 'Tenant',
    metadata: { name: 'tenant-a', namespace: 'ns-a', resourceVersion: '42' },
    spec: {
      image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
      pools: [tenantPool('tenant-a', request(), 0)],
    },
  };
}

describe('Expand Tenant', () => {
  it('appends pool-{n} with the default anti-affinity on the new pool label', () => {
    const expanded = withAddedPool(tenant(), request());
    expect(expanded.spec.pools.map((p) => p.name)).toEqual(['pool-0', 'pool-1']);
    const added = expanded.spec.pools[1];
    expect(added?.volumeClaimTemplate).toEqual({
      metadata: { name: 'data', labels: { tier: 'hot' } },
      spec: {
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: '10737418240' } },
        storageClassName: 'fast',
      },
    });
    const terms = added?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    expect(terms?.[0]?.labelSelector?.matchExpressions?.[1]).toEqual({
      key: 'v1.min.io/pool',
      operator: 'In',
      values: ['pool-1'],
    });
    expect(expanded.metadata.resourceVersion).toBe('42');
    expect(tenantSchemaErrors(expanded)).toEqual([]);
  });

  it('refuses a pool name the tenant already has, and bad sizes with the spec message', () => {
    expect(() => withAddedPool(tenant(), request('pool-0'))).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(() => withAddedPool(tenant(), { ...request(), volumes_per_server: 0 })).toThrow(
      'There must be at least one drive',
    );
  });

  it('replaces the pools, numbering unnamed ones by position and refusing duplicates', () => {
    const replaced = withReplacedPools(tenant(), [request('pool-0'), request()]);
    expect(replaced.spec.pools.map((p) => p.name)).toEqual(['pool-0', 'pool-1']);
    expect(() => withReplacedPools(tenant(), [request('a-pool'), request('a-pool')])).toThrow(
      'pool a-pool appears twice',
    );
  });
});
