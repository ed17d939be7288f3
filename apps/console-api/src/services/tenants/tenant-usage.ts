import { CoreV1Api, type KubeConfig } from '@kubernetes/client-node';
import type { TenantUsage } from '@stowage/contract';
import { MadminClient } from '@stowage/madmin';
import { fetchTrusting } from '../../clients/ca-fetch.js';
import { fromKubeError } from '../../clients/kube.js';
import { type ServiceAddressing, serviceOrigin } from '../../clients/tenant-services.js';
import { ApiError } from '../../http/errors.js';
import { tenantRootCredentials, tenantUsage, tenantUsesTls } from './access.js';
import type { Secret } from './kube-types.js';
import { readTenant } from './tenant-calls.js';

// The Usage tab: ServerInfo from the tenant's own MinIO on its `minio` Service, signed with the
// tenant's root keys, which are read server-side and never leave the console.

/** How long the tenant may take to answer; past it the page shows an error, not a spinner forever. */
export const TENANT_CALL_TIMEOUT_MS = 10_000;

export const DEFAULT_ADDRESSING: ServiceAddressing = { clusterDomain: 'cluster.local', hosts: new Map() };

export interface TenantReach {
  addressing: ServiceAddressing;
  /** The cluster's CA: AutoCert certificates chain to it. */
  caPem?: string;
  timeoutMs?: number;
}

/** A secret of the tenant's namespace, read with the caller's token; undefined when absent. */
export async function readSecret(kc: KubeConfig, namespace: string, name: string | undefined) {
  if (!name) return undefined;
  try {
    return (await kc.makeApiClient(CoreV1Api).readNamespacedSecret({ namespace, name })) as Secret;
  } catch (err) {
    if ((err as { code?: unknown }).code === 404) return undefined;
    throw fromKubeError(err);
  }
}

function fromTenantError(err: unknown, origin: string): ApiError {
  const error = err as Error & { cause?: { code?: string }; code?: string };
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError')
    return new ApiError('tenantUnreachable', `${origin} did not answer in time`);
  const code = error?.cause?.code ?? error?.code;
  if (error?.name === 'TypeError' || /^E[A-Z]+$/.test(String(code)))
    return new ApiError('tenantUnreachable', `${origin}: ${code ?? error.message}`);
  return new ApiError('tenantError', error instanceof Error ? error.message : String(err));
}

export async function getTenantUsage(
  kc: KubeConfig,
  namespace: string,
  name: string,
  reach: TenantReach,
): Promise<TenantUsage> {
  const tenant = await readTenant(kc, namespace, name);
  const [creds, configuration] = await Promise.all([
    readSecret(kc, namespace, tenant.spec.credsSecret?.name),
    readSecret(kc, namespace, tenant.spec.configuration?.name),
  ]);
  const root = tenantRootCredentials(tenant, {
    ...(creds ? { creds } : {}),
    ...(configuration ? { configuration } : {}),
  });
  if (!root) throw new ApiError('tenantError', `tenant ${namespace}/${name} has no root credentials`);
  const tls = tenantUsesTls(tenant);
  const origin = serviceOrigin(reach.addressing, { namespace, service: 'minio', port: tls ? 443 : 80, tls });
  const admin = new MadminClient({
    endpoint: origin,
    credentials: root,
    userAgent: 'Stowage Console',
    fetch: fetchTrusting(reach.caPem),
  });
  try {
    const info = await admin.serverInfo({
      signal: AbortSignal.timeout(reach.timeoutMs ?? TENANT_CALL_TIMEOUT_MS),
    });
    return tenantUsage(info);
  } catch (err) {
    throw fromTenantError(err, origin);
  }
}
