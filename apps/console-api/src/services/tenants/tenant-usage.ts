import type { KubeConfig } from '@kubernetes/client-node';
import type { TenantUsage } from '@stowage/contract';
import { MadminClient } from '@stowage/madmin';
import { serviceFetch } from '../../clients/service-http.js';
import type { ServiceAddressing } from '../../clients/tenant-services.js';
import { ApiError } from '../../http/errors.js';
import { tenantUsage } from './access.js';
import { readTenant } from './tenant-calls.js';
import { readTenantKeys, tenantTargets } from './tenant-reach.js';

// The Usage tab: ServerInfo from the tenant's own MinIO on its `minio` Service, signed with the
// tenant's root keys, which are read server-side and never leave the console.

/** How long the tenant may take to answer; past it the page shows an error, not a spinner forever. */
export const TENANT_CALL_TIMEOUT_MS = 10_000;

export interface TenantReach {
  addressing: ServiceAddressing;
  /** The cluster's CA: AutoCert certificates chain to it. */
  caPem?: string;
  timeoutMs?: number;
}

export async function getTenantUsage(
  kc: KubeConfig,
  namespace: string,
  name: string,
  reach: TenantReach,
): Promise<TenantUsage> {
  const tenant = await readTenant(kc, namespace, name);
  const { root, tenantCas } = await readTenantKeys(kc, tenant);
  const { minio } = tenantTargets(tenant, reach.addressing, reach.caPem, tenantCas);
  const admin = new MadminClient({
    endpoint: minio.origin,
    credentials: root,
    userAgent: 'Stowage Console',
    fetch: serviceFetch(minio, 'tenantUnreachable'),
  });
  const timeoutMs = reach.timeoutMs ?? TENANT_CALL_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return tenantUsage(await admin.serverInfo({ signal }));
  } catch (err) {
    if (signal.aborted)
      throw new ApiError(
        'tenantUnreachable',
        `${minio.origin} did not answer in time (${timeoutMs / 1000} s)`,
      );
    if (err instanceof ApiError) throw err;
    throw new ApiError('tenantError', err instanceof Error ? err.message : String(err));
  }
}
