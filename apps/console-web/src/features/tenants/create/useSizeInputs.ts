import { useDebouncedValue } from '@mantine/hooks';
import { ApiError } from '../../../api/ApiError.js';
import { useMaxAllocatableMemory, useNamespaceTenants, useParity, useStorageQuota } from './queries.js';
import type { SizeInputs } from './sizePreview.js';
import type { WizardForm } from './wizardState.js';

/** Spec §9: the namespace lookups wait 500 ms after the last keystroke. */
export const NAMESPACE_DEBOUNCE_MS = 500;
const CLASS_SUFFIX = '.storageclass.storage.k8s.io/requests.storage';

export interface StorageClassRoom {
  name: string;
  /** Bytes left under the namespace's quota (hard − used). */
  limit: number;
}

export type NamespaceState = 'empty' | 'checking' | 'missing' | 'taken' | 'failed' | 'ready';

/** The server-side facts the Setup page needs: namespace state, storage classes, memory, parity. */
export function useSizeInputs(form: WizardForm) {
  const [namespace] = useDebouncedValue(form.namespace.trim(), NAMESPACE_DEBOUNCE_MS);
  const tenants = useNamespaceTenants(namespace);
  const quota = useStorageQuota(namespace);
  const nodes = Number.parseInt(form.nodes, 10);
  const drives = Number.parseInt(form.drivesPerServer, 10);
  const memory = useMaxAllocatableMemory(nodes);
  const parity = useParity(nodes, drives);

  const classes: StorageClassRoom[] = (quota.data?.elements ?? [])
    .filter((e) => e.name.endsWith(CLASS_SUFFIX))
    .map((e) => ({ name: e.name.slice(0, -CLASS_SUFFIX.length), limit: e.hard - e.used }));

  let namespaceState: NamespaceState = 'ready';
  if (form.namespace.trim() === '') namespaceState = 'empty';
  else if (namespace !== form.namespace.trim() || tenants.isLoading || quota.isLoading)
    namespaceState = 'checking';
  else if (quota.error instanceof ApiError && quota.error.status === 404) namespaceState = 'missing';
  else if (tenants.error) namespaceState = 'failed';
  else if ((tenants.data?.tenants.length ?? 0) > 0) namespaceState = 'taken';
  else if (quota.error) namespaceState = 'failed';

  const inputs: SizeInputs = {
    parities: parity.isError ? [] : (parity.data ?? []),
    maxMemory: memory.isError ? 0 : memory.data?.max_memory,
    nodesError: memory.error?.message ?? '',
    volumeLimit: classes.find((c) => c.name === form.storageClass)?.limit ?? 0,
  };
  return { namespace, namespaceState, tenantsError: tenants.error, classes, inputs };
}
