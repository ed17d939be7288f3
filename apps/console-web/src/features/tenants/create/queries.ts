import type { CreateTenantRequest } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client.js';
import { tenantKeys, wizardKeys } from '../../../api/queryKeys.js';

// The Create New Tenant wizard's server calls (spec 002 §7), one hook each.

/** GET /namespaces/{ns}/tenants: spec §5 allows one tenant per namespace. */
export function useNamespaceTenants(namespace: string) {
  return useQuery({
    queryKey: wizardKeys.namespaceTenants(namespace),
    queryFn: ({ signal }) => callApi(routes.listNamespaceTenants, { params: { namespace }, signal }),
    enabled: namespace !== '',
    retry: false,
  });
}

/** GET /namespaces/{ns}/resourcequotas/{ns}-storagequota: the storage classes and their room. */
export function useStorageQuota(namespace: string) {
  return useQuery({
    queryKey: wizardKeys.quota(namespace),
    queryFn: ({ signal }) =>
      callApi(routes.getResourceQuota, {
        params: { namespace, resourcequota: `${namespace}-storagequota` },
        signal,
      }),
    enabled: namespace !== '',
    retry: false,
  });
}

/** POST /namespace (the add-namespace modal). */
export function useCreateNamespace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(routes.createNamespace, { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: wizardKeys.all }),
  });
}

/** GET /nodes/labels, only once Node Selector is chosen. */
export function useNodeLabels(enabled: boolean) {
  return useQuery({
    queryKey: wizardKeys.nodeLabels(),
    queryFn: ({ signal }) => callApi(routes.getNodeLabels, { signal }),
    enabled,
    retry: false,
  });
}

/** GET /cluster/max-allocatable-memory?num_nodes={n}. */
export function useMaxAllocatableMemory(nodes: number) {
  return useQuery({
    queryKey: wizardKeys.memory(nodes),
    queryFn: ({ signal }) => callApi(routes.getMaxAllocatableMemory, { query: { num_nodes: nodes }, signal }),
    enabled: Number.isInteger(nodes) && nodes > 0,
    retry: false,
  });
}

/** GET /get-parity/{nodes}/{drives}. */
export function useParity(nodes: number, drives: number) {
  return useQuery({
    queryKey: wizardKeys.parity(nodes, drives),
    queryFn: ({ signal }) => callApi(routes.getParity, { params: { nodes, disksPerNode: drives }, signal }),
    enabled: Number.isInteger(nodes) && nodes > 0 && Number.isInteger(drives) && drives > 0,
    retry: false,
  });
}

/** POST /tenants/preview: the Tenant YAML the create would apply (Review's diff). */
export function useTenantPreview(body: CreateTenantRequest | undefined) {
  return useQuery({
    queryKey: wizardKeys.preview(body as CreateTenantRequest),
    queryFn: ({ signal }) => callApi(routes.previewTenant, { body: body as CreateTenantRequest, signal }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /tenants; the tenant lists reload after it. */
export function useCreateTenant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenantRequest) => callApi(routes.createTenant, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
