import type { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { CreateTenantRequest, CreateTenantResponse } from '@stowage/contract';
import { type AccessQuestion, fromKubeError, requireRights } from '../../clients/kube.js';
import { k8s } from '../../clients/kube-library.js';
import { ApiError } from '../../http/errors.js';
import { LICENSE_SECRET, LICENSE_SECRET_KEY } from '../subscription/license-calls.js';
import { type CreationStep, createTenantObjects, type TenantCreationPlan } from './create-objects.js';
import { checkCreateTenantRequest, TENANT_MESSAGES } from './create-request.js';
import { TENANT_GROUP, TENANT_PLURAL } from './kube-types.js';
import { tenantSelector } from './resources.js';
import { upsertSecret } from './secret-calls.js';
import { listTenants, tenantObject } from './tenant-calls.js';

// POST /tenants against the API server: every refusal the console can foresee (bad input, RBAC,
// a namespace that is missing or taken, leftovers of an earlier tenant) is answered before the
// first write; a failure after it deletes everything this call wrote.

export const CREATE_MESSAGES = {
  oneTenantPerNamespace: 'You can only create one tenant per namespace',
  leftoverSecrets: (tenant: string) =>
    `Secrets of an earlier tenant named ${tenant} are still in this namespace; delete them or choose another name`,
} as const;

/**
 * The image of a tenant asked for without one when `CONSOLE_MINIO_IMAGE` is not set. The 2021
 * console scraped the latest release from dl.min.io on every such call; a pinned release keeps
 * create working without Internet access and makes what gets deployed predictable.
 */
export const DEFAULT_MINIO_IMAGE = 'minio/minio:RELEASE.2021-09-03T03-56-13Z';

export interface TenantCreationOptions {
  /** The MinIO image when the request names none. */
  defaultImage: string;
  /** Where the console's own secrets (the SUBNET licence) live. */
  consoleNamespace: string;
}

/** Every write the plan makes, asked before the first one; cleanup's deletecollection too. */
function creationRights(plan: TenantCreationPlan): AccessQuestion[] {
  const namespace = plan.namespace;
  const secrets = (verb: string) => ({ verb, group: '', resource: 'secrets', namespace });
  const verbs = new Set(['create', 'deletecollection']);
  for (const step of plan.steps) {
    if (step.action === 'replace') verbs.add('delete');
    if (step.action === 'upsert') for (const verb of ['get', 'update']) verbs.add(verb);
  }
  return [
    ...[...verbs].map(secrets),
    { verb: 'create', group: TENANT_GROUP, resource: TENANT_PLURAL, namespace },
    { verb: 'delete', group: TENANT_GROUP, resource: TENANT_PLURAL, namespace },
  ];
}

const isStatus = (err: unknown, status: number) => (err as { code?: unknown })?.code === status;

/** The licence to copy into the tenant's configuration; none when absent or not readable by this user. */
async function subnetLicense(core: CoreV1Api, namespace: string): Promise<string | undefined> {
  try {
    const secret = await core.readNamespacedSecret({ namespace, name: LICENSE_SECRET });
    const value = secret.data?.[LICENSE_SECRET_KEY];
    return value ? Buffer.from(value, 'base64').toString('utf8') : undefined;
  } catch (err) {
    if (isStatus(err, 404) || isStatus(err, 403)) return undefined;
    throw fromKubeError(err);
  }
}

/** The namespace must exist and hold no tenant and no secrets left by one of the same name. */
async function checkNamespaceIsFree(kc: KubeConfig, namespace: string, tenant: string): Promise<void> {
  const core = kc.makeApiClient(k8s().CoreV1Api);
  try {
    await core.readNamespace({ name: namespace });
  } catch (err) {
    if (isStatus(err, 404))
      throw new ApiError('badRequest', `namespace "${namespace}" does not exist`, TENANT_MESSAGES.namespace);
    // A user who may not read namespaces still learns of a missing one from the first write.
    if (!isStatus(err, 403)) throw fromKubeError(err);
  }
  if ((await listTenants(kc, namespace)).total > 0)
    throw new ApiError(
      'conflict',
      `namespace "${namespace}" already has a tenant`,
      CREATE_MESSAGES.oneTenantPerNamespace,
    );
  const leftovers = await core
    .listNamespacedSecret({ namespace, labelSelector: tenantSelector(tenant) })
    .catch((err: unknown) => {
      throw fromKubeError(err);
    });
  if (leftovers.items.length > 0)
    throw new ApiError(
      'conflict',
      `secrets labelled ${tenantSelector(tenant)}: ${leftovers.items.map((s) => s.metadata?.name).join(', ')}`,
      CREATE_MESSAGES.leftoverSecrets(tenant),
    );
}

async function applyStep(kc: KubeConfig, namespace: string, step: CreationStep): Promise<void> {
  const core = kc.makeApiClient(k8s().CoreV1Api);
  if (step.kind === 'Tenant') {
    await kc
      .makeApiClient(k8s().CustomObjectsApi)
      .createNamespacedCustomObject({ ...tenantObject, namespace, body: step.object });
    return;
  }
  const name = step.object.metadata.name;
  if (step.action === 'replace') {
    await core.deleteNamespacedSecret({ namespace, name }).catch((err: unknown) => {
      if (!isStatus(err, 404)) throw err;
    });
  }
  if (step.action === 'upsert') return upsertSecret(core, namespace, step.object);
  await core.createNamespacedSecret({ namespace, body: step.object });
}

/**
 * Undo a failed creation. The Tenant is the last step, so only secrets can have been written, and
 * the namespace had none labelled for this tenant before: the label finds exactly ours.
 */
async function removeCreatedSecrets(kc: KubeConfig, plan: TenantCreationPlan): Promise<void> {
  await kc
    .makeApiClient(k8s().CoreV1Api)
    .deleteCollectionNamespacedSecret({ namespace: plan.namespace, labelSelector: plan.cleanupSelector })
    .catch(() => undefined);
}

/**
 * Create a tenant: its secrets, configuration and the Tenant, in operator.md §2's order. Answers
 * the console keys once; they are not stored anywhere the console reads back.
 */
export async function createTenant(
  kc: KubeConfig,
  body: CreateTenantRequest,
  options: TenantCreationOptions,
): Promise<CreateTenantResponse> {
  checkCreateTenantRequest(body);
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const license = await subnetLicense(core, options.consoleNamespace);
  const plan = createTenantObjects(body, {
    defaultImage: options.defaultImage,
    ...(license ? { subnetLicense: license } : {}),
  });
  await requireRights(kc, creationRights(plan));
  await checkNamespaceIsFree(kc, plan.namespace, body.name);
  let written = 0;
  try {
    for (const step of plan.steps) {
      await applyStep(kc, plan.namespace, step);
      written++;
    }
  } catch (err) {
    if (written > 0) await removeCreatedSecrets(kc, plan);
    throw fromKubeError(err);
  }
  return plan.response;
}
