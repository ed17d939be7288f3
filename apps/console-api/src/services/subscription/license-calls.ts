import type { KubeConfig } from '@kubernetes/client-node';
import type { SubscriptionInfo, SubscriptionLicense, ValidateSubscriptionRequest } from '@stowage/contract';
import { type AccessQuestion, fromKubeError, requireRights } from '../../clients/kube.js';
import { k8s } from '../../clients/kube-library.js';
import { ApiError } from '../../http/errors.js';
import { kubeCall } from '../operator-cluster.js';
import {
  type Secret,
  TENANT_GROUP,
  TENANT_PLURAL,
  TENANT_VERSION,
  type Tenant,
} from '../tenants/kube-types.js';
import { listTenantObjects, readTenant } from '../tenants/tenant-calls.js';
import { licenseVerifyKey, verifyLicense } from './license.js';
import { licenseForAccount, renewLicense, type SubnetSettings } from './subnet-client.js';
import { configSecretWithLicense, replacementSecret, tenantWithLicenseEnv } from './tenant-license.js';

// The Kubernetes calls behind the licence routes (reference/operator.md §2 `/subscription/*`),
// made with the caller's token: the licence lives in the secret `subnet-license` of the
// console's own namespace, and is written into tenants' configuration on activation.

export const LICENSE_SECRET = 'subnet-license';
export const LICENSE_SECRET_KEY = 'CONSOLE_SUBNET_LICENSE';

/** What the licence routes need besides the caller's token. */
export interface LicenseContext {
  kc: KubeConfig;
  /** The console's own namespace, where `subnet-license` lives. */
  namespace: string;
  subnet: SubnetSettings;
  /** Injectable for the expiry check. */
  now?: () => number;
}

const isNotFound = (err: unknown) => err instanceof ApiError && err.code === 'notFound';

function verified(ctx: LicenseContext, license: string): SubscriptionLicense {
  return verifyLicense(license, licenseVerifyKey(ctx.subnet.publicKeyPem), ctx.now?.() ?? Date.now());
}

async function readLicenseSecret(ctx: LicenseContext): Promise<Secret | undefined> {
  const core = ctx.kc.makeApiClient(k8s().CoreV1Api);
  return kubeCall(
    async () =>
      (await core.readNamespacedSecret({ namespace: ctx.namespace, name: LICENSE_SECRET })) as Secret,
  ).catch((err: unknown) => {
    if (isNotFound(err)) return undefined;
    throw err;
  });
}

/** The stored licence key; undefined when there is none. */
export async function readStoredLicense(ctx: LicenseContext): Promise<string | undefined> {
  const data = (await readLicenseSecret(ctx))?.data?.[LICENSE_SECRET_KEY];
  return data ? Buffer.from(data, 'base64').toString('utf8').trim() : undefined;
}

async function storedLicenseOrFail(ctx: LicenseContext): Promise<string> {
  const license = await readStoredLicense(ctx);
  if (!license)
    throw new ApiError('licenseInvalid', `no licence in the secret ${ctx.namespace}/${LICENSE_SECRET}`);
  return license;
}

/** `{}` without a stored licence (the open-source view); a stored one must verify. */
export async function subscriptionInfo(ctx: LicenseContext): Promise<SubscriptionInfo> {
  const license = await readStoredLicense(ctx);
  return license ? { license: verified(ctx, license) } : {};
}

/** Refuse before anything is asked of SUBNET when the caller could not keep the licence. */
const secretRights = (namespace: string, verbs: string[]): AccessQuestion[] =>
  verbs.map((verb) => ({ verb, group: '', resource: 'secrets', namespace }));

/** Rights on the licence secret; `get` and `update` by its name, as `create` cannot be limited to one. */
const licenseSecretRights = (namespace: string, verbs: string[]): AccessQuestion[] =>
  verbs.map((verb) => ({
    verb,
    group: '',
    resource: 'secrets',
    namespace,
    ...(verb === 'create' ? {} : { name: LICENSE_SECRET }),
  }));

/** Keep the licence in `subnet-license`: an UPDATE of the secret, or its CREATE the first time. */
async function storeLicense(ctx: LicenseContext, license: string): Promise<void> {
  const core = ctx.kc.makeApiClient(k8s().CoreV1Api);
  const data = { [LICENSE_SECRET_KEY]: Buffer.from(license).toString('base64') };
  const existing = await readLicenseSecret(ctx);
  if (existing && !existing.immutable) {
    await kubeCall(() =>
      core.replaceNamespacedSecret({
        namespace: ctx.namespace,
        name: LICENSE_SECRET,
        body: { ...existing, data: { ...existing.data, ...data } },
      }),
    );
    return;
  }
  if (existing)
    await replaceImmutableSecret(ctx.kc, existing, { ...existing, data: { ...existing.data, ...data } });
  else
    await kubeCall(() =>
      core.createNamespacedSecret({
        namespace: ctx.namespace,
        body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: LICENSE_SECRET }, type: 'Opaque', data },
      }),
    );
}

/**
 * Replace an immutable secret: DELETE it (only if unchanged since it was read), CREATE the new
 * one; should the CREATE fail, the old one is put back so nothing is lost.
 */
async function replaceImmutableSecret(kc: KubeConfig, old: Secret, updated: Secret): Promise<void> {
  const namespace = old.metadata?.namespace ?? '';
  const name = old.metadata?.name ?? '';
  await requireRights(kc, secretRights(namespace, ['delete', 'create']));
  const core = kc.makeApiClient(k8s().CoreV1Api);
  await kubeCall(() =>
    core.deleteNamespacedSecret({
      namespace,
      name,
      body: { preconditions: { resourceVersion: old.metadata?.resourceVersion, uid: old.metadata?.uid } },
    }),
  );
  try {
    await kubeCall(() => core.createNamespacedSecret({ namespace, body: replacementSecret(updated) }));
  } catch (err) {
    await core.createNamespacedSecret({ namespace, body: replacementSecret(old) }).catch(() => undefined);
    throw err;
  }
}

/**
 * Verify a licence key, or fetch the account's key from SUBNET with its email and password, and
 * keep it. Only a licence that verifies is kept.
 */
export async function validateSubscription(
  ctx: LicenseContext,
  body: ValidateSubscriptionRequest,
): Promise<SubscriptionLicense> {
  const key = body.license?.trim();
  const email = body.email?.trim();
  if (!key && !(email && body.password)) {
    throw new ApiError('badRequest', 'send a licence key, or the SUBNET email and password');
  }
  await requireRights(ctx.kc, licenseSecretRights(ctx.namespace, ['get', 'create', 'update']));
  const license = key || (await licenseForAccount(ctx.subnet, email ?? '', body.password ?? ''));
  const view = verified(ctx, license);
  await storeLicense(ctx, license);
  return view;
}

const tenantObject = { group: TENANT_GROUP, version: TENANT_VERSION, plural: TENANT_PLURAL } as const;

/**
 * Write the licence into one tenant: into config.env of its configuration secret, or into
 * `spec.env` when it has none. The operator restarts MinIO on either change.
 */
async function writeLicenseIntoTenant(kc: KubeConfig, tenant: Tenant, license: string): Promise<void> {
  const namespace = tenant.metadata?.namespace ?? '';
  const name = tenant.metadata?.name ?? '';
  const configName = tenant.spec.configuration?.name;
  if (!configName) {
    const api = kc.makeApiClient(k8s().CustomObjectsApi);
    const body = tenantWithLicenseEnv(tenant, license);
    await kubeCall(() => api.replaceNamespacedCustomObject({ ...tenantObject, namespace, name, body }));
    return;
  }
  const core = kc.makeApiClient(k8s().CoreV1Api);
  const config = (await kubeCall(() => core.readNamespacedSecret({ namespace, name: configName }))) as Secret;
  const updated = configSecretWithLicense(config, license);
  if (config.immutable) await replaceImmutableSecret(kc, config, updated);
  else await kubeCall(() => core.replaceNamespacedSecret({ namespace, name: configName, body: updated }));
}

/** Activate the console's licence in one tenant; the licence must verify first. */
export async function activateTenantLicense(
  ctx: LicenseContext,
  namespace: string,
  name: string,
): Promise<void> {
  const tenant = await readTenant(ctx.kc, namespace, name);
  const license = await storedLicenseOrFail(ctx);
  verified(ctx, license);
  await writeLicenseIntoTenant(ctx.kc, tenant, license);
}

/**
 * Renew the licence with SUBNET, keep it, and write it into every tenant. A tenant that cannot be
 * written does not stop the others; the failures are reported together at the end.
 */
/**
 * Renew the licence with SUBNET and keep it; with `intoTenants` (a user's Refresh) also write it
 * into every tenant. Failures per tenant are collected: the renewed licence is kept either way.
 */
export async function refreshSubscription(
  ctx: LicenseContext,
  { intoTenants = true }: { intoTenants?: boolean } = {},
): Promise<SubscriptionLicense> {
  const current = await storedLicenseOrFail(ctx);
  await requireRights(ctx.kc, licenseSecretRights(ctx.namespace, ['update']));
  const renewed = await renewLicense(ctx.subnet, current);
  const view = verified(ctx, renewed);
  await storeLicense(ctx, renewed);
  const failures: { tenant: string; error: ApiError }[] = [];
  for (const tenant of intoTenants ? await listTenantObjects(ctx.kc) : []) {
    await writeLicenseIntoTenant(ctx.kc, tenant, renewed).catch((err: unknown) => {
      failures.push({
        tenant: `${tenant.metadata?.namespace}/${tenant.metadata?.name}`,
        error: fromKubeError(err),
      });
    });
  }
  const [first] = failures;
  if (first) {
    const which = failures
      .map((f) => `${f.tenant}: ${f.error.detailedMessage || f.error.message}`)
      .join('; ');
    throw new ApiError(first.error.code, `the licence was renewed and kept, but not written into ${which}`);
  }
  return view;
}
