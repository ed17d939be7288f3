import type { V1ObjectMeta, V1Secret } from '@kubernetes/client-node';
import type {
  TenantV2,
  TenantV2Spec,
  TenantV2SpecExternalClientCertSecret,
  TenantV2SpecKes,
  TenantV2SpecLog,
  TenantV2SpecPoolsItem,
  TenantV2SpecPrometheus,
  TenantV2Status,
} from '../../clients/crd-types.generated.js';

// The MinIO Tenant custom resource, version v2 (minio.min.io_tenants.yaml of operator v4.2.0),
// under the names the console uses. The shapes are generated from the CRD schema
// (clients/crd-types.generated.ts, `npm run gen:crd-types`); only where the console relies on
// more than the schema promises is a type narrowed or extended here, each with its reason.

export const TENANT_GROUP = 'minio.min.io';
export const TENANT_VERSION = 'v2';
export const TENANT_PLURAL = 'tenants';
export const TENANT_API_VERSION = `${TENANT_GROUP}/${TENANT_VERSION}`;

/** The label the operator and the console put on every pod, PVC and secret of a tenant. */
export const TENANT_LABEL = 'v1.min.io/tenant';
export const POOL_LABEL = 'v1.min.io/pool';

/** Quantities are `string | number`: the schema says `x-kubernetes-int-or-string`. */
export type Quantity = string | number;

/** A secret reference with its type (TLS key pair, CA, client certificate). */
export type TypedSecretRef = TenantV2SpecExternalClientCertSecret;

export type TenantPool = TenantV2SpecPoolsItem;
export type TenantKes = TenantV2SpecKes;
export type TenantLog = TenantV2SpecLog;
export type TenantPrometheus = TenantV2SpecPrometheus;
export type TenantSpec = TenantV2Spec;

export type TenantHealth = 'green' | 'yellow' | 'red';

/**
 * The v4.2.0 schema's status plus what newer operators report (their CRDs declare these; the
 * console shows them when present, so it reads them as optional).
 */
export interface TenantStatus extends TenantV2Status {
  healthMessage?: string;
  /** From operator v4.2.11; bytes. */
  usage?: { capacity?: number; rawCapacity?: number; usage?: number; rawUsage?: number };
}

/**
 * A Tenant as the console reads and writes it. The schema leaves apiVersion, kind and metadata
 * optional; every Tenant the API server returns has them and every one the console creates sets
 * them, so they are required here (the console keys everything on metadata.name/namespace).
 */
export interface Tenant extends Omit<TenantV2, 'apiVersion' | 'kind' | 'metadata' | 'status'> {
  apiVersion: typeof TENANT_API_VERSION;
  kind: 'Tenant';
  metadata: V1ObjectMeta;
  status?: TenantStatus;
}

/** A core v1 Secret as the console writes it: `data` values are base64. */
export type Secret = V1Secret & {
  apiVersion: 'v1';
  kind: 'Secret';
  metadata: V1ObjectMeta & { name: string };
};
