import type { V1Affinity } from '@kubernetes/client-node';
import type { TenantPoolRequest } from '@stowage/contract';
import { ApiError } from '../../http/errors.js';
import { checkPoolRequest } from './create-request.js';
import { POOL_LABEL, TENANT_LABEL, type Tenant, type TenantPool } from './kube-types.js';
import { formatBinarySI, formatDecimalSI } from './quantity.js';

// A pool of the create and Expand Tenant requests as the Tenant's `spec.pools[]` entry.

/** The wizard's default placement: no two servers of one pool on the same node. */
export function defaultPoolAffinity(tenant: string, pool: string): V1Affinity {
  return {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: {
            matchExpressions: [
              { key: TENANT_LABEL, operator: 'In', values: [tenant] },
              { key: POOL_LABEL, operator: 'In', values: [pool] },
            ],
          },
          topologyKey: 'kubernetes.io/hostname',
        },
      ],
    },
  };
}

/** `pool-{n}`, n = the number of pools the tenant already has. */
export function poolName(request: TenantPoolRequest, existingPools: number): string {
  return request.name || `pool-${existingPools}`;
}

export function tenantPool(tenant: string, request: TenantPoolRequest, existingPools: number): TenantPool {
  const name = poolName(request, existingPools);
  const volume = request.volume_configuration;
  const memory = (bytes: number | undefined) =>
    bytes === undefined ? undefined : { memory: formatBinarySI(bytes) };
  const requests = memory(request.resources?.requests?.memory);
  const limits = memory(request.resources?.limits?.memory);
  const affinity = request.affinity ?? defaultPoolAffinity(tenant, name);
  return {
    name,
    servers: request.servers,
    volumesPerServer: request.volumes_per_server,
    volumeClaimTemplate: {
      metadata: {
        name: 'data',
        ...(volume.labels ? { labels: volume.labels } : {}),
        ...(volume.annotations ? { annotations: volume.annotations } : {}),
      },
      spec: {
        accessModes: ['ReadWriteOnce'],
        resources: { requests: { storage: formatDecimalSI(volume.size) } },
        ...(volume.storage_class_name ? { storageClassName: volume.storage_class_name } : {}),
      },
    },
    ...(requests || limits
      ? { resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } }
      : {}),
    ...(Object.keys(affinity).length > 0 ? { affinity: affinity as V1Affinity } : {}),
    ...(request.node_selector ? { nodeSelector: request.node_selector } : {}),
  };
}

/** Expand Tenant: the tenant with one more pool (the whole object is merge-patched back). */
export function withAddedPool(tenant: Tenant, request: TenantPoolRequest): Tenant {
  checkPoolRequest(request, 'pool');
  const name = tenant.metadata.name ?? '';
  const pools = tenant.spec.pools ?? [];
  const pool = tenantPool(name, request, pools.length);
  if (pools.some((p) => p.name === pool.name))
    throw new ApiError(
      'conflict',
      `pool ${pool.name} already exists in tenant ${name}`,
      `pool ${pool.name} already exists`,
    );
  return { ...tenant, spec: { ...tenant.spec, pools: [...pools, pool] } };
}

/** The tenant with its pools replaced; names stay unique, unnamed ones are numbered by position. */
export function withReplacedPools(tenant: Tenant, requests: TenantPoolRequest[]): Tenant {
  const name = tenant.metadata.name ?? '';
  const pools = requests.map((request, i) => {
    checkPoolRequest(request, `pools[${i}]`);
    return tenantPool(name, request, i);
  });
  const names = pools.map((p) => p.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate)
    throw new ApiError('badRequest', `pool ${duplicate} appears twice`, `pool ${duplicate} appears twice`);
  return { ...tenant, spec: { ...tenant.spec, pools } };
}
