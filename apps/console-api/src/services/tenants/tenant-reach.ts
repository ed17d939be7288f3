import type { KubeConfig } from '@kubernetes/client-node';
import { fromKubeError } from '../../clients/kube.js';
import { k8s } from '../../clients/kube-library.js';
import type { ServiceTarget } from '../../clients/service-http.js';
import { type ServiceAddressing, serviceHostname, serviceOrigin } from '../../clients/tenant-services.js';
import { ApiError } from '../../http/errors.js';
import { tenantRootCredentials, tenantUsesTls } from './access.js';
import type { Secret, Tenant } from './kube-types.js';
import { certificateKey } from './security.js';

// How the console reaches a tenant's own Services (its MinIO and its console) and with which
// keys: the root keys are read with the session's token and never leave this process.

/** Cluster DNS with no mapped Services: the console runs in the cluster. */
export const DEFAULT_ADDRESSING: ServiceAddressing = { clusterDomain: 'cluster.local', hosts: new Map() };

/** A secret of the tenant's namespace; undefined when it is not there. */
export async function readSecret(kc: KubeConfig, namespace: string, name: string | undefined) {
  if (!name) return undefined;
  try {
    return (await kc.makeApiClient(k8s().CoreV1Api).readNamespacedSecret({ namespace, name })) as Secret;
  } catch (err) {
    if ((err as { code?: unknown }).code === 404) return undefined;
    throw fromKubeError(err);
  }
}

/** A tenant's two Services as the console reaches them. */
export interface TenantTargets {
  console: ServiceTarget;
  minio: ServiceTarget;
}

/**
 * Where the tenant's console (`{t}-console`: https 9443 or http 9090) and MinIO (`minio`: 443
 * or 80) answer. Over TLS their certificates must chain to the cluster's CA (AutoCert's
 * certificates are signed through the cluster's CSR API) or to a CA the tenant names.
 */
export function tenantTargets(
  tenant: Tenant,
  addressing: ServiceAddressing,
  clusterCa: string | undefined,
  tenantCas: string[] = [],
): TenantTargets {
  const namespace = tenant.metadata.namespace ?? '';
  const tls = tenantUsesTls(tenant);
  const ca = [...(clusterCa ? [clusterCa] : []), ...tenantCas];
  const target = (service: string, port: number): ServiceTarget => ({
    origin: serviceOrigin(addressing, { namespace, service, port, tls }),
    ...(tls ? { tls: { servername: serviceHostname(addressing, { namespace, service }), ca } } : {}),
  });
  return {
    console: target(`${tenant.metadata.name}-console`, tls ? 9443 : 9090),
    minio: target('minio', tls ? 443 : 80),
  };
}

/** What calling the tenant needs besides the tenant: its root keys and the CAs it names. */
export interface TenantKeys {
  root: { accessKey: string; secretKey: string };
  tenantCas: string[];
}

/** Reads the tenant's configuration and CA secrets with the operator's token. */
export async function readTenantKeys(kc: KubeConfig, tenant: Tenant): Promise<TenantKeys> {
  const namespace = tenant.metadata.namespace ?? '';
  const read = (name: string | undefined) => readSecret(kc, namespace, name);
  const [creds, configuration, ...cas] = await Promise.all([
    read(tenant.spec.credsSecret?.name),
    read(tenant.spec.configuration?.name),
    ...(tenant.spec.externalCaCertSecret ?? []).map((ref) => read(ref.name)),
  ]);
  const root = tenantRootCredentials(tenant, {
    ...(creds ? { creds } : {}),
    ...(configuration ? { configuration } : {}),
  });
  if (!root) {
    throw new ApiError('tenantError', `tenant ${namespace}/${tenant.metadata.name} has no root credentials`);
  }
  const tenantCas = (tenant.spec.externalCaCertSecret ?? []).flatMap((ref, i) => {
    const data = cas[i]?.data?.[certificateKey(ref)] ?? cas[i]?.data?.['ca.crt'];
    return data ? [Buffer.from(data, 'base64').toString('utf8')] : [];
  });
  return { root, tenantCas };
}
