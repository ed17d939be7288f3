import type { V1Service } from '@kubernetes/client-node';
import type {
  SubscriptionLicense,
  TenantDetail,
  TenantListItem,
  TenantPool as TenantPoolView,
} from '@stowage/contract';
import { tenantConfiguration } from './config-env.js';
import { PROMETHEUS_ANNOTATIONS } from './create-objects.js';
import type { Secret, Tenant, TenantPool } from './kube-types.js';
import { parseQuantity, quantityBytes } from './quantity.js';

// What the list and detail pages show of a Tenant (operator.md §1.4). Sizes come from the spec,
// health from the operator's status.

/** Bytes one volume of the pool claims; undefined for a pool without a claim template. */
function volumeBytes(pool: TenantPool): number | undefined {
  const storage = pool.volumeClaimTemplate?.spec?.resources?.requests?.storage;
  return storage === undefined ? undefined : quantityBytes(storage);
}

/** Pools that declare their volumes; the others cannot be sized (the original detail view crashed on them). */
function sizedPools(tenant: Tenant): SizedPool[] {
  return (tenant.spec.pools ?? []).flatMap((pool, index) => {
    const bytes = volumeBytes(pool);
    return bytes === undefined ? [] : [{ ...pool, bytes, index }];
  });
}

type SizedPool = TenantPool & { bytes: number; index: number };

function totals(tenant: Tenant) {
  let size = 0;
  let instances = 0;
  let volumes = 0;
  for (const pool of sizedPools(tenant)) {
    size += pool.servers * pool.volumesPerServer * pool.bytes;
    instances += pool.servers;
    volumes += pool.servers * pool.volumesPerServer;
  }
  return { size, instances, volumes };
}

const isoDate = (value: Date | string | undefined) =>
  value === undefined ? '' : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** green, yellow or red as the operator reports it; anything else (or nothing yet) is empty. */
function health(tenant: Tenant): string {
  const status = tenant.status?.healthStatus;
  return status === 'green' || status === 'yellow' || status === 'red' ? status : '';
}

export function tenantListItem(tenant: Tenant): TenantListItem {
  const { size, instances, volumes } = totals(tenant);
  const usage = tenant.status?.usage;
  const deleted = tenant.metadata.deletionTimestamp;
  return {
    name: tenant.metadata.name ?? '',
    namespace: tenant.metadata.namespace ?? '',
    total_size: size,
    pool_count: tenant.spec.pools?.length ?? 0,
    instance_count: instances,
    volume_count: volumes,
    currentState: tenant.status?.currentState ?? '',
    health_status: health(tenant),
    creation_date: isoDate(tenant.metadata.creationTimestamp),
    ...(deleted ? { deletion_date: isoDate(deleted) } : {}),
    ...(usage?.capacity !== undefined ? { capacity: usage.capacity } : {}),
    ...(usage?.rawCapacity !== undefined ? { capacity_raw: usage.rawCapacity } : {}),
    ...(usage?.usage !== undefined ? { capacity_usage: usage.usage } : {}),
    ...(usage?.rawUsage !== undefined ? { capacity_raw_usage: usage.rawUsage } : {}),
  };
}

export function poolView(pool: SizedPool): TenantPoolView {
  const memory = (list: Record<string, string | number> | undefined) => {
    const value = parseQuantity(list?.memory);
    return value === undefined ? undefined : { memory: value };
  };
  const requests = memory(pool.resources?.requests);
  const limits = memory(pool.resources?.limits);
  const claim = pool.volumeClaimTemplate;
  return {
    // The operator names an unnamed pool after its position.
    name: pool.name || `ss-${pool.index}`,
    servers: pool.servers,
    volumes_per_server: pool.volumesPerServer,
    volume_configuration: {
      size: pool.bytes,
      ...(claim.spec?.storageClassName ? { storage_class_name: claim.spec.storageClassName } : {}),
      ...(claim.metadata?.labels ? { labels: claim.metadata.labels } : {}),
    },
    ...(requests || limits
      ? { resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } }
      : {}),
    ...(pool.affinity ? { affinity: pool.affinity as Record<string, unknown> } : {}),
    capacity: pool.servers * pool.volumesPerServer * pool.bytes,
    volumes: pool.servers * pool.volumesPerServer,
  };
}

/** The first load-balancer address of a service: its hostname when it has one, else its IP. */
export function serviceAddress(service: V1Service | undefined): string {
  const ingress = service?.status?.loadBalancer?.ingress?.[0];
  return ingress?.hostname || ingress?.ip || '';
}

export interface TenantDetailSources {
  /** The legacy root-key secret (`spec.credsSecret`), when it could be read. */
  creds?: Secret;
  /** The `config.env` secret (`spec.configuration`), when it could be read. */
  configuration?: Secret;
  /** Service `minio` of the tenant's namespace. */
  minioService?: V1Service;
  /** Service `{tenant}-console`. */
  consoleService?: V1Service;
  /** Verifies a licence found in the tenant's configuration; undefined when it does not hold. */
  readLicense?: (jwt: string) => SubscriptionLicense | undefined;
}

export function tenantDetail(tenant: Tenant, sources: TenantDetailSources = {}): TenantDetail {
  const spec = tenant.spec;
  const config = tenantConfiguration(tenant, sources);
  const { size, instances, volumes } = totals(tenant);
  const autoCert = spec.requestAutoCert !== false;
  const minioTLS = autoCert || (spec.externalCertSecret?.length ?? 0) > 0;
  const minioHost = serviceAddress(sources.minioService);
  const consoleHost = serviceAddress(sources.consoleService);
  const annotations = tenant.metadata.annotations ?? {};
  const status = tenant.status;
  const deleted = tenant.metadata.deletionTimestamp;
  return {
    name: tenant.metadata.name ?? '',
    namespace: tenant.metadata.namespace ?? '',
    image: spec.image ?? '',
    currentState: status?.currentState ?? '',
    creation_date: isoDate(tenant.metadata.creationTimestamp),
    ...(deleted ? { deletion_date: isoDate(deleted) } : {}),
    total_size: size,
    total_instances: instances,
    total_volumes: volumes,
    endpoints: {
      minio: minioHost ? `${minioTLS ? 'https' : 'http'}://${minioHost}` : '',
      // MinIO serves its console itself (operator ≥ 4.2), with the same certificates.
      console: consoleHost ? (minioTLS ? `https://${consoleHost}:9443` : `http://${consoleHost}:9090`) : '',
    },
    status: {
      health_status: health(tenant),
      drives_online: status?.drivesOnline ?? 0,
      drives_offline: status?.drivesOffline ?? 0,
      drives_healing: status?.drivesHealing ?? 0,
      write_quorum: status?.writeQuorum ?? 0,
    },
    pools: sizedPools(tenant).map(poolView),
    logEnabled: spec.log !== undefined,
    monitoringEnabled: spec.prometheus !== undefined,
    encryptionEnabled: spec.kes !== undefined || config.has('MINIO_KMS_SECRET_KEY'),
    minioTLS,
    consoleTLS: minioTLS,
    consoleEnabled: config.get('MINIO_BROWSER') !== 'off',
    idpAdEnabled: Boolean(config.get('MINIO_IDENTITY_LDAP_SERVER_ADDR')),
    idpOidcEnabled: Boolean(config.get('MINIO_IDENTITY_OPENID_CONFIG_URL')),
    enable_prometheus: Object.keys(PROMETHEUS_ANNOTATIONS).every((key) => key in annotations),
    ...tenantLicense(config, sources.readLicense),
  };
}

function tenantLicense(
  config: Map<string, string>,
  readLicense: TenantDetailSources['readLicense'],
): { subnet_license?: SubscriptionLicense } {
  const jwt = config.get('MINIO_SUBNET_LICENSE');
  const license = jwt && readLicense ? readLicense(jwt) : undefined;
  return license ? { subnet_license: license } : {};
}
