import type { V1EnvVar } from '@kubernetes/client-node';
import { formatConfigEnv, parseConfigEnv } from '../tenants/config-env.js';
import type { Secret, Tenant } from '../tenants/kube-types.js';

// Where a tenant's MinIO finds the SUBNET licence (reference/operator.md §1, §2): the variable
// `MINIO_SUBNET_LICENSE`, in the config.env of its configuration secret, or in `spec.env` for a
// tenant configured without one.

export const TENANT_LICENSE_VARIABLE = 'MINIO_SUBNET_LICENSE';
export const CONFIG_ENV_KEY = 'config.env';

/** The configuration secret with the licence set in its config.env; its other lines are kept. */
export function configSecretWithLicense(secret: Secret, license: string): Secret {
  const current = secret.data?.[CONFIG_ENV_KEY];
  const config = parseConfigEnv(current === undefined ? '' : Buffer.from(current, 'base64').toString('utf8'));
  config.set(TENANT_LICENSE_VARIABLE, license);
  return {
    ...secret,
    data: { ...secret.data, [CONFIG_ENV_KEY]: Buffer.from(formatConfigEnv(config)).toString('base64') },
  };
}

/** The tenant with the licence in `spec.env`, replacing an earlier one in place. */
export function tenantWithLicenseEnv(tenant: Tenant, license: string): Tenant {
  const env: V1EnvVar[] = tenant.spec.env ?? [];
  const entry = { name: TENANT_LICENSE_VARIABLE, value: license };
  const set = env.some((e) => e.name === TENANT_LICENSE_VARIABLE)
    ? env.map((e) => (e.name === TENANT_LICENSE_VARIABLE ? entry : e))
    : [...env, entry];
  return { ...tenant, spec: { ...tenant.spec, env: set } };
}

/**
 * An immutable secret cannot be updated, only replaced: the same name, labels, annotations,
 * owners and type, with the new data. Server-set fields are dropped so it can be created.
 */
export function replacementSecret(secret: Secret): Secret {
  const { name, namespace, labels, annotations, ownerReferences } = secret.metadata;
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name,
      ...(namespace ? { namespace } : {}),
      ...(labels ? { labels } : {}),
      ...(annotations ? { annotations } : {}),
      ...(ownerReferences ? { ownerReferences } : {}),
    },
    ...(secret.type ? { type: secret.type } : {}),
    ...(secret.immutable ? { immutable: true } : {}),
    ...(secret.data ? { data: secret.data } : {}),
  };
}
