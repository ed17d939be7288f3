import { finished } from 'node:stream/promises';
import type { CoreV1Api, KubeConfig, V1Pod } from '@kubernetes/client-node';
import type { PodEvent, TenantPod } from '@stowage/contract';
import { k8s } from '../../clients/kube-library.js';
import { ApiError } from '../../http/errors.js';
import { kubeCall } from '../operator-cluster.js';
import { LogTail, POD_LOG_TAIL_BYTES } from './log-tail.js';
import {
  belongsToTenant,
  podEventViews,
  podLogContainer,
  podView,
  tenantPodDeletion,
  tenantSelector,
} from './resources.js';

// The Kubernetes calls behind a tenant's Pods tab (operator.md §2), with the session's token.
// A pod is read or deleted only when it carries the tenant's label: a tenant's page never
// reaches another tenant's pod, even one in the same namespace.

/**
 * Lines asked of the kubelet: a real kubelet reads them from the end of the file, so a huge log
 * is not sent whole only for the console to keep its last bytes.
 */
export const POD_LOG_TAIL_LINES = 100_000;

export async function listTenantPods(
  kc: KubeConfig,
  namespace: string,
  tenant: string,
): Promise<TenantPod[]> {
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const pods = await kubeCall(() =>
    core.listNamespacedPod({ namespace, labelSelector: tenantSelector(tenant) }),
  );
  return pods.items.map(podView).sort((a, b) => a.name.localeCompare(b.name));
}

/** GET a pod of the tenant; another tenant's pod (or an unlabelled one) is not found. */
async function readTenantPod(
  core: CoreV1Api,
  namespace: string,
  tenant: string,
  name: string,
): Promise<V1Pod> {
  const pod = await kubeCall(() => core.readNamespacedPod({ namespace, name }));
  if (!belongsToTenant(pod, tenant))
    throw new ApiError('notFound', `pod ${name} does not belong to tenant ${tenant}`);
  return pod;
}

/**
 * The pod's log, default container: streamed from the API server (which proxies the kubelet),
 * keeping the last `tailBytes` so a long-running pod cannot exhaust the console's memory.
 */
export async function tenantPodLog(
  kc: KubeConfig,
  namespace: string,
  tenant: string,
  name: string,
  tailBytes = POD_LOG_TAIL_BYTES,
): Promise<string> {
  const { CoreV1Api, Log } = k8s();
  const pod = await readTenantPod(kc.makeApiClient(CoreV1Api), namespace, tenant, name);
  const tail = new LogTail(tailBytes);
  await kubeCall(() =>
    new Log(kc).log(namespace, name, podLogContainer(pod), tail, { tailLines: POD_LOG_TAIL_LINES }),
  );
  await kubeCall(() => finished(tail));
  return tail.text();
}

/** The pod's events (found by its UID), oldest first. */
export async function tenantPodEvents(
  kc: KubeConfig,
  namespace: string,
  tenant: string,
  name: string,
): Promise<PodEvent[]> {
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const pod = await readTenantPod(core, namespace, tenant, name);
  const events = await kubeCall(() =>
    core.listNamespacedEvent({ namespace, fieldSelector: `involvedObject.uid=${pod.metadata?.uid ?? ''}` }),
  );
  return podEventViews(events.items);
}

/**
 * Delete one of the tenant's pods (its StatefulSet starts it again). The pod must exist and be
 * the tenant's (404 otherwise); the delete itself is a deletecollection limited to the tenant's
 * label and the pod's name, as the original console did, so it cannot reach any other pod.
 */
export async function deleteTenantPod(
  kc: KubeConfig,
  namespace: string,
  tenant: string,
  name: string,
): Promise<void> {
  const selectors = tenantPodDeletion(tenant, name);
  const core = kc.makeApiClient(k8s().CoreV1Api);
  await readTenantPod(core, namespace, tenant, name);
  await kubeCall(() => core.deleteCollectionNamespacedPod({ namespace, ...selectors }));
}
