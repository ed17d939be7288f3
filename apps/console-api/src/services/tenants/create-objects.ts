import { randomInt } from 'node:crypto';
import type { CreateTenantRequest, CreateTenantResponse, ImageRegistry, KeyPair } from '@stowage/contract';
import { formatConfigEnv } from './config-env.js';
import { checkCreateTenantRequest } from './create-request.js';
import { KES_KEY_NAME, kesClientFiles, kesServerConfig } from './kes-config.js';
import {
  type Secret,
  TENANT_API_VERSION,
  TENANT_LABEL,
  type Tenant,
  type TenantLog,
  type TenantPrometheus,
  type TypedSecretRef,
} from './kube-types.js';
import { tenantPool } from './pool.js';
import { formatDecimalSI } from './quantity.js';
import { compactBase64, keyPairSecret, OPAQUE, tenantSecret } from './secrets.js';

// POST /tenants as data (operator.md §2, v0.9 style: MinIO serves its own console): every object
// the call writes, in the order it writes them. The caller applies the steps; when one fails after
// the first secret was created it deletes the secrets labelled `v1.min.io/tenant={name}`.

const GIB = 1024 ** 3;
export const DEFAULT_KES_IMAGE = 'minio/kes:v0.16.1';
export const PROMETHEUS_ANNOTATIONS = {
  'prometheus.io/path': '/minio/prometheus/metrics',
  'prometheus.io/port': '9000',
  'prometheus.io/scrape': 'true',
} as const;

/**
 * How a step is applied: `create` (CREATE; AlreadyExists is an error), `replace` (DELETE, a 404
 * tolerated, then CREATE: certificate secrets left by an earlier attempt), `upsert` (GET, then
 * UPDATE or CREATE: the registry secret may be shared with an earlier tenant of the namespace).
 */
export type CreationStep =
  | { action: 'create' | 'replace' | 'upsert'; kind: 'Secret'; object: Secret }
  | { action: 'create'; kind: 'Tenant'; object: Tenant };

export interface TenantCreationPlan {
  namespace: string;
  steps: CreationStep[];
  /** deletecollection of secrets with this label selector undoes a failed creation. */
  cleanupSelector: string;
  /** The body of the 201 answer: the console keys, shown once. */
  response: CreateTenantResponse;
}

export interface TenantCreationContext {
  /** The MinIO image when the request names none (CONSOLE_MINIO_IMAGE or the latest release). */
  defaultImage: string;
  defaultKesImage?: string;
  /** The operator's SUBNET licence (secret `subnet-license`), copied into the tenant's config. */
  subnetLicense?: string;
  /** Random alphanumeric text of the given length; crypto-random by default. */
  randomText?: (length: number) => string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumeric(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export function createTenantObjects(
  body: CreateTenantRequest,
  ctx: TenantCreationContext,
): TenantCreationPlan {
  checkCreateTenantRequest(body);
  const random = ctx.randomText ?? randomAlphanumeric;
  const name = body.name;
  const namespace = body.namespace;
  const steps: CreationStep[] = [];
  const owner = { name, namespace };
  const secret = (secretName: string, data: Record<string, string>) => tenantSecret(owner, secretName, data);
  const keyPair = (secretName: string, pair: KeyPair) => keyPairSecret(owner, secretName, pair);
  const add = (action: 'create' | 'replace' | 'upsert', object: Secret): TypedSecretRef => {
    steps.push({ action, kind: 'Secret', object });
    return { name: object.metadata.name, type: object.type ?? OPAQUE };
  };

  const accessKey = body.access_key || random(16);
  const secretKey = body.secret_key || random(32);
  const config = new Map<string, string>([
    ['MINIO_BROWSER', body.enable_console === false ? 'off' : 'on'],
    ['MINIO_ROOT_USER', accessKey],
    ['MINIO_ROOT_PASSWORD', secretKey],
  ]);
  if (body.erasureCodingParity) config.set('MINIO_STORAGE_CLASS_STANDARD', `EC:${body.erasureCodingParity}`);

  // The deprecated root-key secret stays empty; the keys live in the configuration secret.
  const credsSecret = `${name}-secret`;
  add('create', secret(credsSecret, { accesskey: '', secretkey: '' }));

  const idp = body.idp;
  const users: { name: string }[] = [];
  let consoleKeys: CreateTenantResponse['console'] = [];
  let externalIDP = false;
  if (idp?.active_directory) {
    externalIDP = true;
    const ad = idp.active_directory;
    const ldap = (key: string, value: string | undefined) => {
      if (value) config.set(`MINIO_IDENTITY_LDAP_${key}`, value);
    };
    ldap('SERVER_ADDR', ad.url);
    if (ad.skip_tls_verification) ldap('TLS_SKIP_VERIFY', 'on');
    if (ad.server_insecure) ldap('SERVER_INSECURE', 'on');
    if (ad.server_start_tls) ldap('SERVER_STARTTLS', 'on');
    ldap('USERNAME_FORMAT', ad.username_format);
    ldap('USERNAME_SEARCH_FILTER', ad.username_search_filter);
    ldap('LOOKUP_BIND_DN', ad.lookup_bind_dn);
    ldap('LOOKUP_BIND_PASSWORD', ad.lookup_bind_password);
    ldap('USER_DN_SEARCH_BASE_DN', ad.user_dn_search_base_dn);
    ldap('USER_DN_SEARCH_FILTER', ad.user_dn_search_filter);
    ldap('GROUP_NAME_ATTRIBUTE', ad.group_name_attribute);
    ldap('GROUP_SEARCH_BASE_DN', ad.group_search_base_dn);
    ldap('GROUP_SEARCH_FILTER', ad.group_search_filter);
    // Each listed DN becomes a tenant administrator.
    (ad.user_dns ?? []).forEach((dn, i) => {
      users.push({ name: add('create', secret(`${name}-user-${i}`, { CONSOLE_ACCESS_KEY: b64(dn) })).name });
    });
  } else if (idp?.oidc) {
    externalIDP = true;
    const oidc = idp.oidc;
    config.set('MINIO_IDENTITY_OPENID_CONFIG_URL', oidc.configuration_url);
    config.set('MINIO_IDENTITY_OPENID_CLIENT_ID', oidc.client_id);
    config.set('MINIO_IDENTITY_OPENID_CLIENT_SECRET', oidc.secret_id);
    config.set('MINIO_IDENTITY_OPENID_CLAIM_NAME', oidc.claim_name);
    if (oidc.callback_url) config.set('MINIO_IDENTITY_OPENID_REDIRECT_URI', oidc.callback_url);
    config.set('MINIO_IDENTITY_OPENID_SCOPES', oidc.scopes || 'openid,profile,email');
  } else if (idp?.keys?.length) {
    idp.keys.forEach((pair, i) => {
      const data = { CONSOLE_ACCESS_KEY: b64(pair.access_key), CONSOLE_SECRET_KEY: b64(pair.secret_key) };
      users.push({ name: add('create', secret(`${name}-user-${i}`, data)).name });
    });
    consoleKeys = idp.keys.map((pair) => ({ access_key: pair.access_key, secret_key: pair.secret_key }));
  }
  // Without an external IDP or console users, the generated root keys are the way in.
  if (!externalIDP && consoleKeys.length === 0)
    consoleKeys = [{ access_key: accessKey, secret_key: secretKey }];

  const externalCertSecret = (body.tls?.minio ?? []).map((pair, i) =>
    add('replace', keyPair(`${name}-secret-instance-external-certificates-${i}`, pair)),
  );
  if (body.tls?.console)
    externalCertSecret.push(
      add('replace', keyPair(`${name}-secret-console-external-certificates-0`, body.tls.console)),
    );

  let externalClientCertSecret: TypedSecretRef | undefined;
  let kes: Tenant['spec']['kes'];
  const encryption = body.encryption;
  if (encryption) {
    if (encryption.client)
      externalClientCertSecret = add(
        'replace',
        keyPair(`${name}-secret-tenant-external-client-cert-0`, encryption.client),
      );
    const serverCert = encryption.server
      ? add('replace', keyPair(`${name}-secret-kes-external-cert-0`, encryption.server))
      : undefined;
    const clientFiles = kesClientFiles(encryption);
    const clientCert =
      Object.keys(clientFiles).length > 0
        ? add('replace', secret(`${name}-secret-kes-client-cert`, mapValues(clientFiles, compactBase64)))
        : undefined;
    const kesSecret = add(
      'replace',
      secret(`${name}-secret-kes-configuration`, { 'server-config.yaml': b64(kesServerConfig(encryption)) }),
    );
    kes = {
      image: encryption.image || ctx.defaultKesImage || DEFAULT_KES_IMAGE,
      replicas: 2,
      keyName: KES_KEY_NAME,
      kesSecret: { name: kesSecret.name },
      ...(serverCert ? { externalCertSecret: serverCert } : {}),
      ...(clientCert ? { clientCertSecret: clientCert } : {}),
    };
  }

  const externalCaCertSecret = [
    ...(body.tls?.ca_certificates ?? []).map((ca, i) => ({ name: `ca-certificate-${i}`, ca })),
    ...(body.tls?.console_ca_certificates ?? []).map((ca, i) => ({
      name: `console-ca-certificate-${i}`,
      ca,
    })),
  ].map(({ name: secretName, ca }) =>
    add('replace', secret(secretName, { 'public.crt': compactBase64(ca) })),
  );

  const imagePullSecret = body.image_registry
    ? { name: add('upsert', registrySecret(name, namespace, body.image_registry)).name }
    : undefined;

  if (ctx.subnetLicense) config.set('MINIO_SUBNET_LICENSE', ctx.subnetLicense);
  const configuration = add(
    'replace',
    secret(`${name}-env-configuration`, { 'config.env': b64(formatConfigEnv(config)) }),
  );

  const pool = body.pools[0];
  const poolClass = pool?.volume_configuration.storage_class_name;
  const tenant: Tenant = {
    apiVersion: TENANT_API_VERSION,
    kind: 'Tenant',
    metadata: {
      name,
      namespace,
      ...(body.enable_prometheus ? { annotations: { ...PROMETHEUS_ANNOTATIONS } } : {}),
    },
    spec: {
      image: body.image || ctx.defaultImage,
      mountPath: '/export',
      credsSecret: { name: credsSecret },
      configuration: { name: configuration.name },
      pools: body.pools.map((p, i) => tenantPool(name, p, i)),
      ...(body.enable_tls !== undefined ? { requestAutoCert: body.enable_tls } : {}),
      ...(body.expose_minio !== undefined || body.expose_console !== undefined
        ? { exposeServices: { minio: body.expose_minio ?? false, console: body.expose_console ?? false } }
        : {}),
      ...(users.length > 0 ? { users } : {}),
      ...(externalCertSecret.length > 0 ? { externalCertSecret } : {}),
      ...(externalCaCertSecret.length > 0 ? { externalCaCertSecret } : {}),
      ...(externalClientCertSecret ? { externalClientCertSecret } : {}),
      ...(kes ? { kes } : {}),
      ...(imagePullSecret ? { imagePullSecret } : {}),
      log: logSearch(body, name, poolClass),
      prometheus: prometheus(body, poolClass),
    },
  };
  steps.push({ action: 'create', kind: 'Tenant', object: tenant });
  return {
    namespace,
    steps,
    cleanupSelector: `${TENANT_LABEL}=${name}`,
    response: { console: consoleKeys, externalIDP },
  };
}

/** `{t}-regcred`: the custom registry's login as a docker config; mutable, so a new password can replace it. */
export function registrySecret(tenant: string, namespace: string, registry: ImageRegistry): Secret {
  const { registry: host, username, password } = registry;
  const auths = { [host]: { username, password, auth: b64(`${username}:${password}`) } };
  const data = { '.dockerconfigjson': b64(JSON.stringify({ auths })) };
  return tenantSecret({ name: tenant, namespace }, `${tenant}-regcred`, data, {
    type: 'kubernetes.io/dockerconfigjson',
    mutable: true,
  });
}

function mapValues(record: Record<string, string>, fn: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
}

/** Log Search, always on: 5 Gi of Postgres by default; audit capacity capped by that disk. */
function logSearch(body: CreateTenantRequest, tenant: string, poolClass: string | undefined): TenantLog {
  const custom = body.logSearchConfiguration;
  const sizeGi = custom?.storageSize ?? 5;
  const storageClassName = custom?.storageClass || poolClass;
  return {
    ...(custom?.image ? { image: custom.image } : {}),
    audit: { diskCapacityGB: Math.min(10, sizeGi) },
    db: {
      ...(custom?.postgres_image ? { image: custom.postgres_image } : {}),
      ...(custom?.postgres_init_image ? { initimage: custom.postgres_init_image } : {}),
      volumeClaimTemplate: {
        metadata: { name: `${tenant}-log` },
        spec: {
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: formatDecimalSI(sizeGi * GIB) } },
          ...(storageClassName ? { storageClassName } : {}),
        },
      },
    },
  };
}

/** Prometheus, always on: 5 Gi by default, on the pool's storage class unless overridden. */
function prometheus(body: CreateTenantRequest, poolClass: string | undefined): TenantPrometheus {
  const custom = body.prometheusConfiguration;
  const storageClassName = custom?.storageClass || poolClass;
  return {
    diskCapacityGB: custom?.storageSize ?? 5,
    ...(storageClassName ? { storageClassName } : {}),
    ...(custom?.image ? { image: custom.image } : {}),
    ...(custom?.sidecar_image ? { sidecarimage: custom.sidecar_image } : {}),
    ...(custom?.init_image ? { initimage: custom.init_image } : {}),
  };
}
