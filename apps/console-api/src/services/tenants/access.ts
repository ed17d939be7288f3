import type { TenantUsage } from '@stowage/contract';
import type { InfoMessage } from '@stowage/madmin';
import { tenantConfiguration } from './config-env.js';
import type { Secret, Tenant } from './kube-types.js';

// How the console reaches a tenant's own MinIO (usage, hop, licence activation): its in-cluster
// service and its root keys from the merged configuration (operator.md §1.4, §3.1).

/** A tenant's MinIO speaks TLS when AutoCert is on (absent = on) or it has its own certificates. */
export function tenantUsesTls(tenant: Tenant): boolean {
  return tenant.spec.requestAutoCert !== false || (tenant.spec.externalCertSecret?.length ?? 0) > 0;
}

/** `http(s)://minio.{ns}.svc.{domain}:80|443`. */
export function tenantServiceUrl(tenant: Tenant, clusterDomain = 'cluster.local'): string {
  const tls = tenantUsesTls(tenant);
  return `${tls ? 'https' : 'http'}://minio.${tenant.metadata.namespace}.svc.${clusterDomain}:${tls ? 443 : 80}`;
}

/** The tenant's root keys; undefined when it has none the console can read. */
export function tenantRootCredentials(
  tenant: Tenant,
  secrets: { creds?: Secret; configuration?: Secret },
): { accessKey: string; secretKey: string } | undefined {
  const config = tenantConfiguration(tenant, secrets);
  const accessKey = config.get('accesskey');
  const secretKey = config.get('secretkey');
  return accessKey && secretKey ? { accessKey, secretKey } : undefined;
}

/** The Usage tab: bytes of objects, and bytes used on every drive of every server together. */
export function tenantUsage(info: InfoMessage): TenantUsage {
  let diskUsed = 0;
  for (const server of info.servers ?? [])
    for (const drive of server.drives ?? []) diskUsed += drive.usedspace ?? 0;
  return { used: info.usage?.size ?? 0, disk_used: diskUsed };
}
