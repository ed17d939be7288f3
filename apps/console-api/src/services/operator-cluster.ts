import type { CoreV1Api, StorageV1Api } from '@kubernetes/client-node';
import type { NodeLabels, ResourceQuota, ResourceQuotaElement } from '@stowage/contract';
import { quantityValue } from '@stowage/sizing';
import { fromKubeError } from '../clients/kube.js';
import { ApiError } from '../http/errors.js';

// Operator mode's cluster helpers (operator.md §2), each one Kubernetes call (or a short chain)
// made with the caller's own token; the API server's refusals become the console's errors.

/** What a namespace without a ResourceQuota may use of each storage class: Go's int64 maximum
 * (not exact as a JS number; the route writes it exactly). */
export const UNLIMITED_QUOTA = Number(2n ** 63n - 1n);
const STORAGE_CLASS_REQUESTS = '.storageclass.storage.k8s.io/requests.storage';

/** A Kubernetes call whose failure is the console's error (fromKubeError). */
export async function kubeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw fromKubeError(err);
  }
}

/** POST /namespace: an existing one is the catalogue's 409 "already exists". */
export async function createNamespace(core: CoreV1Api, name: string): Promise<undefined> {
  if (name.trim() === '')
    throw new ApiError('badRequest', 'Namespace cannot be blank', 'Namespace cannot be blank');
  await kubeCall(() =>
    core.createNamespace({ body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } }),
  );
  return undefined;
}

/** GET /nodes/labels: each label key with its distinct values, sorted, across every node. */
export async function getNodeLabels(core: CoreV1Api): Promise<NodeLabels> {
  const nodes = await kubeCall(() => core.listNode());
  const values = new Map<string, Set<string>>();
  for (const node of nodes.items) {
    for (const [key, value] of Object.entries(node.metadata?.labels ?? {})) {
      const seen = values.get(key) ?? new Set<string>();
      seen.add(value);
      values.set(key, seen);
    }
  }
  return Object.fromEntries(
    [...values].sort(([a], [b]) => a.localeCompare(b)).map(([key, seen]) => [key, [...seen].sort()]),
  );
}

const isNotFound = (err: unknown) => err instanceof ApiError && err.code === 'notFound';

/**
 * GET /namespaces/{ns}/resourcequotas/{name}: the quota's resources that have both a hard limit
 * and a usage; without a quota, every storage class with no limit (the namespace must exist).
 */
export async function getResourceQuota(
  core: CoreV1Api,
  storage: StorageV1Api,
  namespace: string,
  name: string,
): Promise<ResourceQuota> {
  let quota: Awaited<ReturnType<CoreV1Api['readNamespacedResourceQuota']>>;
  try {
    quota = await kubeCall(() => core.readNamespacedResourceQuota({ namespace, name }));
  } catch (err) {
    if (!isNotFound(err)) throw err;
    await kubeCall(() => core.readNamespace({ name: namespace }));
    const classes = await kubeCall(() => storage.listStorageClass());
    return {
      name: '',
      elements: classes.items.map((sc) => ({
        name: `${sc.metadata?.name ?? ''}${STORAGE_CLASS_REQUESTS}`,
        hard: UNLIMITED_QUOTA,
        used: 0,
      })),
    };
  }
  const hard = quota.status?.hard ?? {};
  const used = quota.status?.used ?? {};
  const elements: ResourceQuotaElement[] = Object.keys(hard)
    .filter((resource) => resource in used)
    .sort()
    .map((resource) => ({
      name: resource,
      hard: quantityValue(String(hard[resource])) ?? 0,
      used: quantityValue(String(used[resource])) ?? 0,
    }));
  return { name: quota.metadata?.name ?? name, elements };
}
