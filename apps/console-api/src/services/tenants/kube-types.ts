import type {
  V1Affinity,
  V1EnvVar,
  V1LocalObjectReference,
  V1ObjectMeta,
  V1PersistentVolumeClaim,
  V1PodSecurityContext,
  V1ResourceRequirements,
  V1Secret,
  V1Toleration,
} from '@kubernetes/client-node';

// The MinIO Tenant custom resource, version v2 (minio.min.io_tenants.yaml of operator v4.2.0),
// reduced to the fields the console reads or writes (operator.md §1.2/§1.3). Quantities are
// `string | number` because the schema says `x-kubernetes-int-or-string`.

export const TENANT_GROUP = 'minio.min.io';
export const TENANT_VERSION = 'v2';
export const TENANT_PLURAL = 'tenants';
export const TENANT_API_VERSION = `${TENANT_GROUP}/${TENANT_VERSION}`;

/** The label the operator and the console put on every pod, PVC and secret of a tenant. */
export const TENANT_LABEL = 'v1.min.io/tenant';
export const POOL_LABEL = 'v1.min.io/pool';

export type Quantity = string | number;

/** A secret reference with its type (TLS key pair, CA, client certificate). */
export interface TypedSecretRef {
  name: string;
  type?: string;
}

export interface TenantPool {
  name?: string;
  servers: number;
  volumesPerServer: number;
  volumeClaimTemplate: V1PersistentVolumeClaim;
  resources?: V1ResourceRequirements;
  nodeSelector?: Record<string, string>;
  affinity?: V1Affinity;
  tolerations?: V1Toleration[];
  securityContext?: V1PodSecurityContext;
}

export interface TenantKes {
  image?: string;
  replicas?: number;
  kesSecret: V1LocalObjectReference;
  externalCertSecret?: TypedSecretRef;
  clientCertSecret?: TypedSecretRef;
  keyName?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  nodeSelector?: Record<string, string>;
  securityContext?: V1PodSecurityContext;
}

export interface TenantLog {
  image?: string;
  audit?: { diskCapacityGB?: number };
  db?: {
    image?: string;
    initimage?: string;
    volumeClaimTemplate: V1PersistentVolumeClaim;
    securityContext?: V1PodSecurityContext;
  };
  securityContext?: V1PodSecurityContext;
}

export interface TenantPrometheus {
  image?: string;
  sidecarimage?: string;
  initimage?: string;
  diskCapacityGB?: number;
  storageClassName?: string;
  securityContext?: V1PodSecurityContext;
}

export interface TenantSpec {
  pools: TenantPool[];
  image?: string;
  imagePullSecret?: V1LocalObjectReference;
  /** Deprecated root-key secret; still a source of the tenant configuration. */
  credsSecret?: V1LocalObjectReference;
  /** The `config.env` secret (operator ≥ v4.2). */
  configuration?: V1LocalObjectReference;
  env?: V1EnvVar[];
  users?: V1LocalObjectReference[];
  /** Absent means true (the operator's default). */
  requestAutoCert?: boolean;
  externalCertSecret?: TypedSecretRef[];
  externalCaCertSecret?: TypedSecretRef[];
  externalClientCertSecret?: TypedSecretRef;
  kes?: TenantKes;
  log?: TenantLog;
  prometheus?: TenantPrometheus;
  exposeServices?: { minio?: boolean; console?: boolean };
  mountPath?: string;
}

export type TenantHealth = 'green' | 'yellow' | 'red';

export interface TenantStatus {
  currentState: string;
  availableReplicas: number;
  revision: number;
  syncVersion: string;
  certificates: { autoCertEnabled?: boolean };
  pools: { ssName: string; state: 'PoolNotCreated' | 'PoolCreated' | 'PoolInitialized' }[];
  healthStatus?: string;
  healthMessage?: string;
  drivesOnline?: number;
  drivesOffline?: number;
  drivesHealing?: number;
  writeQuorum?: number;
  /** From operator v4.2.11; bytes. */
  usage?: { capacity?: number; rawCapacity?: number; usage?: number; rawUsage?: number };
}

export interface Tenant {
  apiVersion: typeof TENANT_API_VERSION;
  kind: 'Tenant';
  metadata: V1ObjectMeta;
  spec: TenantSpec;
  status?: TenantStatus;
}

/** A core v1 Secret as the console writes it: `data` values are base64. */
export type Secret = V1Secret & {
  apiVersion: 'v1';
  kind: 'Secret';
  metadata: V1ObjectMeta & { name: string };
};
