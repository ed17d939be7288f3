import type { KubeConfig } from '@kubernetes/client-node';
import type {
  TenantDetail,
  TenantPoolRequest,
  TenantYaml,
  UpdateTenantImageRequest,
} from '@stowage/contract';
import { fromKubeError, requireRights } from '../../clients/kube.js';
import { k8s } from '../../clients/kube-library.js';
import { TENANT_GROUP, TENANT_PLURAL, type Tenant } from './kube-types.js';
import { withAddedPool, withReplacedPools } from './pool.js';
import { upsertSecret } from './secret-calls.js';
import { getTenantDetail, readTenant, tenantObject } from './tenant-calls.js';
import { applyTenantYaml, tenantYaml, updateTenantImage } from './update.js';

// Changes to an existing tenant: GET the fresh object, change it (update.ts, pool.ts), write it
// back whole with PUT. operator.md's original merge-patched the whole object, which cannot
// remove a key (Prometheus annotations switched off stayed); PUT can, and its resourceVersion
// makes a concurrent change a 409 instead of a silent overwrite.

async function writeTenant(kc: KubeConfig, tenant: Tenant): Promise<void> {
  const namespace = tenant.metadata.namespace ?? '';
  const name = tenant.metadata.name ?? '';
  try {
    await kc
      .makeApiClient(k8s().CustomObjectsApi)
      .replaceNamespacedCustomObject({ ...tenantObject, namespace, name, body: tenant });
  } catch (err) {
    throw fromKubeError(err);
  }
}

/** Update MinIO Version: the image, the custom registry's login and the Prometheus annotations. */
export async function updateImage(
  kc: KubeConfig,
  namespace: string,
  name: string,
  body: UpdateTenantImageRequest,
  latestImage: string,
): Promise<void> {
  const update = updateTenantImage(await readTenant(kc, namespace, name), body, latestImage);
  const regcred = update.registrySecret;
  if (regcred) {
    // Two writes: ask for both first, so a refused tenant update leaves no new registry login.
    const secrets = (verb: string) => ({ verb, group: '', resource: 'secrets', namespace });
    await requireRights(kc, [
      { verb: 'update', group: TENANT_GROUP, resource: TENANT_PLURAL, namespace },
      ...['get', 'create', 'update'].map(secrets),
    ]);
    await upsertSecret(kc.makeApiClient(k8s().CoreV1Api), namespace, regcred).catch((err: unknown) => {
      throw fromKubeError(err);
    });
  }
  await writeTenant(kc, update.tenant);
}

export async function getYaml(kc: KubeConfig, namespace: string, name: string): Promise<TenantYaml> {
  return { yaml: tenantYaml(await readTenant(kc, namespace, name)) };
}

/** Edit YAML's save: 409 when the tenant changed after the edited text was loaded. */
export async function saveYaml(kc: KubeConfig, namespace: string, name: string, text: string): Promise<void> {
  await writeTenant(kc, applyTenantYaml(await readTenant(kc, namespace, name), text));
}

/** Expand Tenant. */
export async function addPool(
  kc: KubeConfig,
  namespace: string,
  name: string,
  pool: TenantPoolRequest,
): Promise<void> {
  await writeTenant(kc, withAddedPool(await readTenant(kc, namespace, name), pool));
}

export async function replacePools(
  kc: KubeConfig,
  namespace: string,
  name: string,
  pools: TenantPoolRequest[],
): Promise<TenantDetail> {
  await writeTenant(kc, withReplacedPools(await readTenant(kc, namespace, name), pools));
  return getTenantDetail(kc, namespace, name);
}
