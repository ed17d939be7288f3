import { routes } from '@stowage/contract/route-index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiInput, callApi } from '../../api/client.js';
import { tenantKeys } from '../../api/queryKeys.js';

export type TenantRef = { namespace: string; tenant: string };

/** GET /tenants. */
export function useTenantsQuery() {
  return useQuery({
    queryKey: tenantKeys.list(),
    queryFn: ({ signal }) => callApi(routes.listTenants, { signal }),
  });
}

/** GET /namespaces/{ns}/tenants/{name}. */
export function useTenantQuery({ namespace, tenant }: TenantRef) {
  return useQuery({
    queryKey: tenantKeys.detail(namespace, tenant),
    queryFn: ({ signal }) => callApi(routes.getTenant, { params: { namespace, tenant }, signal }),
  });
}

/** GET …/usage. Spec 002 §8: a failure replaces the bar with its message, so no retries hide it. */
export function useTenantUsage({ namespace, tenant }: TenantRef) {
  return useQuery({
    queryKey: tenantKeys.usage(namespace, tenant),
    queryFn: ({ signal }) => callApi(routes.getTenantUsage, { params: { namespace, tenant }, signal }),
    retry: false,
  });
}

/** GET /namespaces/{ns}/permissions: what a namespace-scoped role allows there. */
export function useNamespacePermissions(namespace: string, enabled = true) {
  return useQuery({
    queryKey: tenantKeys.namespacePermissions(namespace),
    queryFn: ({ signal }) => callApi(routes.getNamespacePermissions, { params: { namespace }, signal }),
    enabled,
    retry: false,
  });
}

/** Spec 002 §4: a tenant's details reload after each change made to it. */
export function useTenantMutation<I>({ namespace, tenant }: TenantRef, run: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tenantKeys.detail(namespace, tenant) }),
        client.invalidateQueries({ queryKey: tenantKeys.list() }),
      ]),
  });
}

/** DELETE /namespaces/{ns}/tenants/{name} {delete_pvcs}. */
export function useDeleteTenant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ namespace, tenant, deletePvcs }: TenantRef & { deletePvcs: boolean }) =>
      callApi(routes.deleteTenant, { params: { namespace, tenant }, body: { delete_pvcs: deletePvcs } }),
    onSuccess: (_, { namespace, tenant }) => {
      client.removeQueries({ queryKey: tenantKeys.detail(namespace, tenant) });
      return client.invalidateQueries({ queryKey: tenantKeys.list() });
    },
  });
}

/** PUT /namespaces/{ns}/tenants/{name}: Update MinIO Version. */
export function useUpdateTenantImage(ref: TenantRef) {
  return useTenantMutation(ref, (body: ApiInput<typeof routes.updateTenantImage>['body']) =>
    callApi(routes.updateTenantImage, { params: ref, body }),
  );
}

/** GET …/yaml. */
export function useTenantYaml({ namespace, tenant }: TenantRef, enabled: boolean) {
  return useQuery({
    queryKey: tenantKeys.yaml(namespace, tenant),
    queryFn: ({ signal }) => callApi(routes.getTenantYaml, { params: { namespace, tenant }, signal }),
    enabled,
    // The editor starts from what the API server holds now, not from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT …/yaml. */
export function useSaveTenantYaml(ref: TenantRef) {
  return useTenantMutation(ref, (yaml: string) =>
    callApi(routes.putTenantYaml, { params: ref, body: { yaml } }),
  );
}

/** POST /subscription/namespaces/{ns}/tenants/{name}/activate. */
export function useActivateTenantLicense(ref: TenantRef) {
  return useTenantMutation(ref, () => callApi(routes.activateTenantLicense, { params: ref }));
}

/** GET …/pods. */
export function useTenantPods({ namespace, tenant }: TenantRef) {
  return useQuery({
    queryKey: tenantKeys.pods(namespace, tenant),
    queryFn: ({ signal }) => callApi(routes.listTenantPods, { params: { namespace, tenant }, signal }),
  });
}

/** GET …/pvcs. */
export function useTenantVolumeClaims({ namespace, tenant }: TenantRef) {
  return useQuery({
    queryKey: tenantKeys.pvcs(namespace, tenant),
    queryFn: ({ signal }) =>
      callApi(routes.listTenantVolumeClaims, { params: { namespace, tenant }, signal }),
  });
}

/** GET …/security. */
export function useTenantSecurity({ namespace, tenant }: TenantRef) {
  return useQuery({
    queryKey: tenantKeys.security(namespace, tenant),
    queryFn: ({ signal }) => callApi(routes.getTenantSecurity, { params: { namespace, tenant }, signal }),
  });
}
