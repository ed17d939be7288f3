import type { KubeConfig } from '@kubernetes/client-node';
import type { VolumeClaim } from '@stowage/contract';
import { k8s } from '../../clients/kube-library.js';
import { kubeCall } from '../operator-cluster.js';
import { TENANT_LABEL } from './kube-types.js';
import { tenantSelector, volumeClaimView } from './resources.js';

// The volume claims of one tenant (its Volumes tab) and of every tenant (Storage › Volumes),
// with the session's token (operator.md §2).

const byNamespaceAndName = (a: VolumeClaim, b: VolumeClaim) =>
  a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name);

export async function listTenantVolumeClaims(
  kc: KubeConfig,
  namespace: string,
  tenant: string,
): Promise<{ pvcs: VolumeClaim[] }> {
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const claims = await kubeCall(() =>
    core.listNamespacedPersistentVolumeClaim({ namespace, labelSelector: tenantSelector(tenant) }),
  );
  return { pvcs: claims.items.map(volumeClaimView).sort(byNamespaceAndName) };
}

/** Every claim in the cluster that carries a tenant label, whichever tenant. */
export async function listAllVolumeClaims(kc: KubeConfig): Promise<{ pvcs: VolumeClaim[] }> {
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const claims = await kubeCall(() =>
    core.listPersistentVolumeClaimForAllNamespaces({ labelSelector: TENANT_LABEL }),
  );
  return { pvcs: claims.items.map(volumeClaimView).sort(byNamespaceAndName) };
}
