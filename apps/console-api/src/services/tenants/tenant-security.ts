import { randomInt } from 'node:crypto';
import type { KubeConfig } from '@kubernetes/client-node';
import type { TenantSecurity, UpdateTenantSecurityRequest } from '@stowage/contract';
import { fromKubeError, requireRights } from '../../clients/kube.js';
import { k8s } from '../../clients/kube-library.js';
import { ApiError } from '../../http/errors.js';
import { kubeCall } from '../operator-cluster.js';
import { type Secret, TENANT_GROUP, TENANT_PLURAL, TENANT_VERSION, type Tenant } from './kube-types.js';
import { certificateInfos, tenantSecurityUpdate } from './security.js';
import { readTenant } from './tenant-calls.js';

// The Kubernetes calls behind a tenant's Security tab (operator.md §2), with the session's token.

const isNotFound = (err: unknown) => fromKubeError(err).code === 'notFound';

/** Five random lowercase letters: new certificate secrets never reuse a name in use. */
export const randomLowercase = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** AutoCert (unset means on, the operator's default) and what each certificate secret holds. */
export async function getTenantSecurity(
  kc: KubeConfig,
  namespace: string,
  name: string,
): Promise<TenantSecurity> {
  const tenant = await readTenant(kc, namespace, name);
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const refs = [...(tenant.spec.externalCertSecret ?? []), ...(tenant.spec.externalCaCertSecret ?? [])];
  const secrets = new Map<string, Secret>();
  // A viewer's role usually may not read secrets (they hold private keys): their certificates
  // are listed by name. A secret that is gone shows nothing; any other failure is the answer.
  const hidden = new Set<string>();
  await Promise.all(
    refs.map(async ({ name: secretName }) => {
      try {
        secrets.set(secretName, (await core.readNamespacedSecret({ namespace, name: secretName })) as Secret);
      } catch (err) {
        const error = fromKubeError(err);
        if (error.code === 'kubeForbidden') hidden.add(secretName);
        else if (error.code !== 'notFound') throw error;
      }
    }),
  );
  return {
    autoCert: tenant.spec.requestAutoCert ?? true,
    customCertificates: {
      minio: certificateInfos(tenant.spec.externalCertSecret, secrets, hidden),
      minioCAs: certificateInfos(tenant.spec.externalCaCertSecret, secrets, hidden),
    },
  };
}

/**
 * Save the Security tab: the new certificate secrets first, then the tenant pointing at them
 * (a stale tenant is a 409), then the removed secrets. The body is checked and RBAC asked before
 * the first write; if the tenant update fails, the secrets just made are deleted again.
 */
export async function updateTenantSecurity(
  kc: KubeConfig,
  namespace: string,
  name: string,
  body: UpdateTenantSecurityRequest,
  random: () => string = randomLowercase,
): Promise<void> {
  const tenant = await readTenant(kc, namespace, name);
  const update = tenantSecurityUpdate(tenant, body, random);
  const secretRight = (verb: string) => ({ verb, group: '', resource: 'secrets', namespace });
  const createsSecrets = update.secrets.length > 0;
  // Each new secret is deleted before it is created, in case a failed save left one behind.
  const deletesSecrets = createsSecrets || update.deleteSecrets.length > 0;
  await requireRights(kc, [
    { verb: 'update', group: TENANT_GROUP, resource: TENANT_PLURAL, namespace },
    ...(createsSecrets ? [secretRight('create')] : []),
    ...(deletesSecrets ? [secretRight('delete')] : []),
  ]);
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const deleteSecret = async (secretName: string) => {
    try {
      await core.deleteNamespacedSecret({ namespace, name: secretName });
    } catch (err) {
      if (!isNotFound(err)) throw fromKubeError(err);
    }
  };
  const created: string[] = [];
  try {
    for (const secret of update.secrets) {
      await deleteSecret(secret.metadata.name);
      await kubeCall(() => core.createNamespacedSecret({ namespace, body: secret }));
      created.push(secret.metadata.name);
    }
    await kubeCall(() =>
      kc.makeApiClient(k8s().CustomObjectsApi).replaceNamespacedCustomObject({
        group: TENANT_GROUP,
        version: TENANT_VERSION,
        plural: TENANT_PLURAL,
        namespace,
        name,
        body: update.tenant satisfies Tenant,
      }),
    );
  } catch (err) {
    await Promise.allSettled(created.map(deleteSecret));
    throw err instanceof ApiError ? err : fromKubeError(err);
  }
  for (const secretName of update.deleteSecrets) await deleteSecret(secretName);
}
