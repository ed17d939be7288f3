import { routes, type TenantPoolRequest, type UpdateTenantSecurityRequest } from '@stowage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.js';

/** The tenant whose detail tab is open. */
export interface TenantRef {
  namespace: string;
  tenant: string;
}

const params = ({ namespace, tenant }: TenantRef) => ({ namespace, tenant });

/** Keys under one tenant, so a change can refresh everything the tenant shows. */
export const tenantTabKeys = {
  tenant: (t: TenantRef) => ['tenant', t.namespace, t.tenant] as const,
  detail: (t: TenantRef) => [...tenantTabKeys.tenant(t), 'detail'] as const,
  pods: (t: TenantRef) => [...tenantTabKeys.tenant(t), 'pods'] as const,
  podLog: (t: TenantRef, pod: string) => [...tenantTabKeys.pods(t), pod, 'log'] as const,
  podEvents: (t: TenantRef, pod: string) => [...tenantTabKeys.pods(t), pod, 'events'] as const,
  pvcs: (t: TenantRef) => [...tenantTabKeys.tenant(t), 'pvcs'] as const,
  security: (t: TenantRef) => [...tenantTabKeys.tenant(t), 'security'] as const,
  yaml: (t: TenantRef) => [...tenantTabKeys.tenant(t), 'yaml'] as const,
  rights: (namespace: string) => ['namespace-permissions', namespace] as const,
  quota: (namespace: string) => ['resource-quota', namespace] as const,
  allocatableMemory: (servers: number) => ['max-allocatable-memory', servers] as const,
};

/** GET …/tenants/{t}: pools, sizes and features. */
export function useTenantDetailQuery(t: TenantRef) {
  return useQuery({
    queryKey: tenantTabKeys.detail(t),
    queryFn: ({ signal }) => callApi(routes.getTenant, { params: params(t), signal }),
  });
}

/** GET /namespaces/{ns}/permissions: what the token may change in the tenant's namespace. */
export function useNamespaceRightsQuery(namespace: string) {
  return useQuery({
    queryKey: tenantTabKeys.rights(namespace),
    queryFn: ({ signal }) => callApi(routes.getNamespacePermissions, { params: { namespace }, signal }),
  });
}

/** GET …/pods. */
export function useTenantPodsQuery(t: TenantRef) {
  return useQuery({
    queryKey: tenantTabKeys.pods(t),
    queryFn: ({ signal }) => callApi(routes.listTenantPods, { params: params(t), signal }),
  });
}

/** DELETE …/pods/{pod}: its stateful set starts it again. */
export function useDeleteTenantPod(t: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pod: string) => callApi(routes.deleteTenantPod, { params: { ...params(t), pod } }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantTabKeys.pods(t) }),
  });
}

/** GET …/pods/{pod}: the log as text; `followMs` re-polls while Follow is on. */
export function useTenantPodLogQuery(t: TenantRef, pod: string, followMs: number | false) {
  return useQuery({
    queryKey: tenantTabKeys.podLog(t, pod),
    queryFn: ({ signal }) => callApi(routes.getTenantPodLog, { params: { ...params(t), pod }, signal }),
    refetchInterval: followMs,
  });
}

/** GET …/pods/{pod}/events. */
export function useTenantPodEventsQuery(t: TenantRef, pod: string) {
  return useQuery({
    queryKey: tenantTabKeys.podEvents(t, pod),
    queryFn: ({ signal }) => callApi(routes.listTenantPodEvents, { params: { ...params(t), pod }, signal }),
  });
}

/** GET …/pvcs. */
export function useTenantVolumeClaimsQuery(t: TenantRef) {
  return useQuery({
    queryKey: tenantTabKeys.pvcs(t),
    queryFn: ({ signal }) => callApi(routes.listTenantVolumeClaims, { params: params(t), signal }),
  });
}

/** GET …/security. */
export function useTenantSecurityQuery(t: TenantRef) {
  return useQuery({
    queryKey: tenantTabKeys.security(t),
    queryFn: ({ signal }) => callApi(routes.getTenantSecurity, { params: params(t), signal }),
  });
}

/** POST …/security; the tenant's TLS features change with it. */
export function useUpdateTenantSecurity(t: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTenantSecurityRequest) =>
      callApi(routes.updateTenantSecurity, { params: params(t), body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantTabKeys.tenant(t) }),
  });
}

/** POST …/pools (Expand Tenant); spec 002 §4: the tenant details reload after a pool add. */
export function useAddTenantPool(t: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantPoolRequest) => callApi(routes.addTenantPool, { params: params(t), body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantTabKeys.tenant(t) }),
  });
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

/** GET …/yaml: fetched on each opening of the editor, never from a stale cache. */
export function useTenantYamlQuery(t: TenantRef, enabled: boolean) {
  return useQuery({
    queryKey: tenantTabKeys.yaml(t),
    queryFn: ({ signal }) => callApi(routes.getTenantYaml, { params: params(t), signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT …/yaml; spec 002 §4: the tenant details reload after a YAML save. */
export function useSaveTenantYaml(t: TenantRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (yaml: string) => callApi(routes.putTenantYaml, { params: params(t), body: { yaml } }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantTabKeys.tenant(t) }),
  });
}
