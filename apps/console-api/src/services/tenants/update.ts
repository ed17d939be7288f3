import type { UpdateTenantImageRequest } from '@stowage/contract';
import { parse, stringify } from 'yaml';
import { ApiError } from '../../http/errors.js';
import { PROMETHEUS_ANNOTATIONS, registrySecret } from './create-objects.js';
import { checkImage, checkImageRegistry } from './create-request.js';
import type { Secret, Tenant } from './kube-types.js';

// Changes to an existing Tenant as data: the caller GETs the tenant, applies one of these to the
// fresh object and writes it back (merge patch for the image, PUT for YAML).

export interface ImageUpdate {
  tenant: Tenant;
  /** `{t}-regcred` to upsert (GET, then UPDATE or CREATE) before patching the tenant. */
  registrySecret?: Secret;
}

function withPrometheusAnnotations(annotations: Record<string, string> | undefined, on: boolean) {
  const next = { ...(annotations ?? {}) };
  for (const [key, value] of Object.entries(PROMETHEUS_ANNOTATIONS)) {
    if (on) next[key] = value;
    else delete next[key];
  }
  return next;
}

/**
 * Update MinIO Version. `latestImage` stands in for an empty image (the caller resolves it).
 * Prometheus annotations go on the tenant and on each pool's claim template, or come off both.
 */
export function updateTenantImage(
  tenant: Tenant,
  body: UpdateTenantImageRequest,
  latestImage: string,
): ImageUpdate {
  checkImage(body.image, 'image', 'minio/minio:VERSION');
  if (body.image_registry) checkImageRegistry(body.image_registry);
  const name = tenant.metadata.name ?? '';
  const namespace = tenant.metadata.namespace ?? '';
  const regcred = body.image_registry ? registrySecret(name, namespace, body.image_registry) : undefined;
  const pullSecret = regcred?.metadata.name ?? body.image_pull_secret;
  const prometheus = body.enable_prometheus;
  const spec = {
    ...tenant.spec,
    image: body.image || latestImage,
    ...(pullSecret ? { imagePullSecret: { name: pullSecret } } : {}),
  };
  if (prometheus !== undefined)
    spec.pools = spec.pools.map((pool) => ({
      ...pool,
      volumeClaimTemplate: {
        ...pool.volumeClaimTemplate,
        metadata: {
          ...pool.volumeClaimTemplate.metadata,
          annotations: withPrometheusAnnotations(pool.volumeClaimTemplate.metadata?.annotations, prometheus),
        },
      },
    }));
  const metadata =
    prometheus === undefined
      ? tenant.metadata
      : {
          ...tenant.metadata,
          annotations: withPrometheusAnnotations(tenant.metadata.annotations, prometheus),
        };
  return { tenant: { ...tenant, metadata, spec }, ...(regcred ? { registrySecret: regcred } : {}) };
}

/** The tenant as YAML for the Edit YAML dialog, without the server's bookkeeping of field owners. */
export function tenantYaml(tenant: Tenant): string {
  const { managedFields: _managedFields, ...metadata } = tenant.metadata;
  return stringify({ ...tenant, metadata });
}

/**
 * Edit YAML's save: the edited labels, annotations, finalizers and spec on the fresh object.
 * A resourceVersion in the text that differs from the fresh one means someone changed the tenant
 * since the dialog opened: 409 rather than silently overwriting their change.
 */
export function applyTenantYaml(fresh: Tenant, text: string): Tenant {
  let edited: unknown;
  try {
    edited = parse(text);
  } catch (err) {
    throw new ApiError('badRequest', (err as Error).message, 'The YAML could not be read');
  }
  if (!edited || typeof edited !== 'object' || Array.isArray(edited))
    throw new ApiError('badRequest', 'the YAML is not a Tenant object', 'The YAML could not be read');
  const { metadata = {}, spec } = edited as { metadata?: Tenant['metadata']; spec?: unknown };
  if (!spec || typeof spec !== 'object' || Array.isArray(spec))
    throw new ApiError('badRequest', 'the YAML has no spec', 'The YAML could not be read');
  if (metadata.name !== undefined && metadata.name !== fresh.metadata.name)
    throw new ApiError('badRequest', 'metadata.name cannot change', 'A tenant cannot be renamed');
  if (metadata.resourceVersion !== undefined && metadata.resourceVersion !== fresh.metadata.resourceVersion)
    throw new ApiError(
      'conflict',
      `the tenant changed since it was loaded (resourceVersion ${metadata.resourceVersion}, now ${fresh.metadata.resourceVersion})`,
      'The tenant was changed by someone else; reload it and edit again',
    );
  const next: Tenant = { ...fresh, metadata: { ...fresh.metadata }, spec: spec as Tenant['spec'] };
  for (const field of ['labels', 'annotations', 'finalizers'] as const) {
    if (metadata[field] === undefined) delete next.metadata[field];
    else (next.metadata as Record<string, unknown>)[field] = metadata[field];
  }
  return next;
}
