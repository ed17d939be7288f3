import type { TenantPoolRequest, UpdateTenantSecurityRequest } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.js';
import { tenantKeys, tenantTabKeys } from '../../../api/queryKeys.js';
import { type TenantRef, useTenantMutation } from '../queries.js';

// The detail tabs' own calls; the tenant, its pods, claims, security and YAML reads live in
// ../queries.ts with the shell's, under the same keys.

export type { TenantRef };

/** DELETE …/pods/{pod}: its stateful set starts it again. */
export function useDeleteTenantPod(t: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pod: string) => callApi(routes.deleteTenantPod, { params: { ...t, pod } }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKeys.pods(t.namespace, t.tenant) }),
  });
}

/** GET …/pods/{pod}: the log as text; `followMs` re-polls while Follow is on. */
export function useTenantPodLogQuery(t: TenantRef, pod: string, followMs: number | false) {
  return useQuery({
    queryKey: tenantTabKeys.podLog(t, pod),
    queryFn: ({ signal }) => callApi(routes.getTenantPodLog, { params: { ...t, pod }, signal }),
    refetchInterval: followMs,
  });
}

/** GET …/pods/{pod}/events. */
export function useTenantPodEventsQuery(t: TenantRef, pod: string) {
  return useQuery({
    queryKey: tenantTabKeys.podEvents(t, pod),
    queryFn: ({ signal }) => callApi(routes.listTenantPodEvents, { params: { ...t, pod }, signal }),
  });
}

/** POST …/security; the tenant's TLS features change with it. */
export function useUpdateTenantSecurity(t: TenantRef) {
  return useTenantMutation(t, (body: UpdateTenantSecurityRequest) =>
    callApi(routes.updateTenantSecurity, { params: t, body }),
  );
}

/** POST …/pools (Expand Tenant); spec 002 §4: the tenant details reload after a pool add. */
export function useAddTenantPool(t: TenantRef) {
  return useTenantMutation(t, (body: TenantPoolRequest) =>
    callApi(routes.addTenantPool, { params: t, body }),
  );
}

/** GET /namespaces/{ns}/resourcequotas/{ns}-storagequota: the storage classes and their room. */
export function useStorageQuotaQuery(namespace: string) {
  return useQuery({
    queryKey: tenantTabKeys.quota(namespace),
    queryFn: ({ signal }) =>
      callApi(routes.getResourceQuota, {
        params: { namespace, resourcequota: `${namespace}-storagequota` },
        signal,
      }),
  });
}

/** GET /cluster/max-allocatable-memory?num_nodes=: the memory each of `servers` servers may get. */
export function useMaxAllocatableMemoryQuery(servers: number) {
  return useQuery({
    queryKey: tenantTabKeys.allocatableMemory(servers),
    queryFn: ({ signal }) =>
      callApi(routes.getMaxAllocatableMemory, { query: { num_nodes: servers }, signal }),
    enabled: Number.isInteger(servers) && servers > 0,
  });
}
