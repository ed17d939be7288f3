import type { KubeConfig } from '@kubernetes/client-node';
import type { ListTenantsResponse, TenantDetail } from '@stowage/contract';
import { type AccessQuestion, fromKubeError, requireRights } from '../../clients/kube.js';
import { k8s } from '../../clients/kube-library.js';
import { type Secret, TENANT_GROUP, TENANT_PLURAL, TENANT_VERSION, type Tenant } from './kube-types.js';
import { tenantClaimSelectors, tenantSelector } from './resources.js';
import { type TenantDetailSources, tenantDetail, tenantListItem } from './view.js';

// The Kubernetes calls behind the tenant list, detail and delete (operator.md §2), made with the
// session's own token so RBAC decides what each operator may see and do.

/**
 * Page size of a tenant LIST. The original console asked for 10 and showed only those; we follow
 * the continue token until the list is complete, so a big cluster costs more calls, never rows.
 */
export const TENANT_LIST_PAGE = 500;

export const tenantObject = { group: TENANT_GROUP, version: TENANT_VERSION, plural: TENANT_PLURAL } as const;

interface TenantList {
  items: Tenant[];
  metadata?: { continue?: string };
}

/** Every Tenant object of one namespace, or of all when `namespace` is undefined. */
export async function listTenantObjects(
  kc: KubeConfig,
  namespace?: string,
  pageSize = TENANT_LIST_PAGE,
): Promise<Tenant[]> {
  const api = kc.makeApiClient(k8s().CustomObjectsApi);
  const tenants: Tenant[] = [];
  let next: string | undefined;
  try {
    do {
      const page = { ...tenantObject, limit: pageSize, ...(next ? { _continue: next } : {}) };
      const list = (await (namespace === undefined
        ? api.listClusterCustomObject(page)
        : api.listNamespacedCustomObject({ ...page, namespace }))) as TenantList;
      tenants.push(...list.items);
      next = list.metadata?.continue || undefined;
    } while (next);
  } catch (err) {
    throw fromKubeError(err);
  }
  return tenants;
}

/** The tenant list of one namespace, or of all when `namespace` is undefined. */
export async function listTenants(
  kc: KubeConfig,
  namespace?: string,
  pageSize = TENANT_LIST_PAGE,
): Promise<ListTenantsResponse> {
  const tenants = await listTenantObjects(kc, namespace, pageSize);
  return { tenants: tenants.map(tenantListItem), total: tenants.length };
}

/** GET one tenant; 404 when it is not there. */
export async function readTenant(kc: KubeConfig, namespace: string, name: string): Promise<Tenant> {
  try {
    return (await kc
      .makeApiClient(k8s().CustomObjectsApi)
      .getNamespacedCustomObject({ ...tenantObject, namespace, name })) as Tenant;
  } catch (err) {
    throw fromKubeError(err);
  }
}

/**
 * The tenant, its root-key and configuration secrets and its two Services. Only the tenant itself
 * must exist: a secret or Service not (yet) made by the operator, or hidden by RBAC, leaves its
 * part of the page empty rather than failing it.
 */
export async function getTenantDetail(
  kc: KubeConfig,
  namespace: string,
  name: string,
  readLicense?: TenantDetailSources['readLicense'],
): Promise<TenantDetail> {
  const tenant = await readTenant(kc, namespace, name);
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const secret = (secretName: string | undefined) =>
    secretName
      ? core
          .readNamespacedSecret({ namespace, name: secretName })
          .then((s) => s as Secret)
          .catch(() => undefined)
      : Promise.resolve(undefined);
  const service = (serviceName: string) =>
    core.readNamespacedService({ namespace, name: serviceName }).catch(() => undefined);
  const [creds, configuration, minioService, consoleService] = await Promise.all([
    secret(tenant.spec.credsSecret?.name),
    secret(tenant.spec.configuration?.name),
    service('minio'),
    service(`${name}-console`),
  ]);
  return tenantDetail(tenant, {
    ...(creds ? { creds } : {}),
    ...(configuration ? { configuration } : {}),
    ...(minioService ? { minioService } : {}),
    ...(consoleService ? { consoleService } : {}),
    ...(readLicense ? { readLicense } : {}),
  });
}

/** What deleting a tenant writes, asked before the first write so a refusal leaves everything. */
function deletionRights(namespace: string, deletePvcs: boolean): AccessQuestion[] {
  const rights = [{ verb: 'delete', group: TENANT_GROUP, resource: TENANT_PLURAL, namespace }];
  if (!deletePvcs) return rights;
  return [
    ...rights,
    { verb: 'deletecollection', group: '', resource: 'persistentvolumeclaims', namespace },
    { verb: 'deletecollection', group: '', resource: 'secrets', namespace },
  ];
}

/**
 * Delete a tenant (404 when it is not there). With `deletePvcs` its volume claims go too — data,
 * Log Search and Prometheus — and then its secrets, as the v0.9 console did; without it both
 * stay, so the tenant can be recreated on its data. RBAC is asked first: a token that may delete
 * the tenant but not its claims must not leave them orphaned behind a 403.
 */
export async function deleteTenant(
  kc: KubeConfig,
  namespace: string,
  name: string,
  deletePvcs: boolean,
): Promise<void> {
  await readTenant(kc, namespace, name);
  await requireRights(kc, deletionRights(namespace, deletePvcs));
  const core = kc.makeApiClient(k8s().CoreV1Api);
  try {
    await kc
      .makeApiClient(k8s().CustomObjectsApi)
      .deleteNamespacedCustomObject({ ...tenantObject, namespace, name });
    if (!deletePvcs) return;
    for (const labelSelector of tenantClaimSelectors(name)) {
      await core.deleteCollectionNamespacedPersistentVolumeClaim({ namespace, labelSelector });
    }
    await core.deleteCollectionNamespacedSecret({ namespace, labelSelector: tenantSelector(name) });
  } catch (err) {
    throw fromKubeError(err);
  }
}
