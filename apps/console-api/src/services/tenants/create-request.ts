import {
  type CreateTenantRequest,
  IMAGE_REFERENCE,
  type ImageRegistry,
  type KeyPair,
  type TenantEncryption,
  type TenantPoolRequest,
} from '@stowage/contract';
import { ApiError } from '../../http/errors.js';

// The create-tenant body's rules (spec 002 §5), checked before anything is written to the
// cluster. Each failure answers 400 with the spec's message and names the field in detailedMessage.

const GIB = 1024 ** 3;
const INT32_MAX = 2 ** 31 - 1;

export const TENANT_MESSAGES = {
  name: "Name only can contain lowercase letters, numbers and '-'. Min. Length: 3",
  namespace: 'Please enter a valid namespace',
  required: 'Field cannot be empty',
  keys: 'Keys must be at least length 8',
  parity: 'invalid Erasure Coding Value',
  servers: 'at least 4 nodes are required for a tenant',
  drives: 'There must be at least one drive',
  volumeSize: 'Disk Size with this combination would be less than 1Gi, please try another combination',
  memory: 'The requested memory size must be greater than 2Gi',
  extraVolumeSize: 'Volume size must be present and be greatter than 0',
  notNegative: 'Value needs to be 0 or greater',
  nodeSelector: 'You need to add at least one label key-pair',
  oneIdp: 'Choose one identity provider: built-in keys, OpenID or Active Directory',
  oneKms: 'Choose one key management service: Vault, AWS, Gemalto, GCP or Azure',
  encryptionNeedsTls: 'Encryption needs TLS: enable AutoCert or add a certificate',
  certificate: 'Certificates and keys must be base64-encoded PEM files',
  keyMismatch: 'The private key does not belong to the certificate',
  notTenantCertificate: 'Only certificates of this tenant can be removed',
} as const;

/** Lowercase DNS label (RFC 1123), 3–63 characters: tenant and pool names become object names. */
const TENANT_NAME = /^[a-z0-9]([a-z0-9-]{1,61})[a-z0-9]$/;
const DNS_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const KEY = /^[A-Za-z0-9-]{8,63}$/;

function fail(message: string, field: string, detail = message): never {
  throw new ApiError('badRequest', `${field}: ${detail}`, message);
}

function requireText(value: string | undefined, field: string): void {
  if (!value?.trim()) fail(TENANT_MESSAGES.required, field);
}

export function checkImage(value: string | undefined, field: string, example: string): void {
  if (value && !IMAGE_REFERENCE.test(value)) fail(`Format must be of form: '${example}'`, field);
}

function checkNotNegative(value: number | undefined, field: string): void {
  if (value !== undefined && value < 0) fail(TENANT_MESSAGES.notNegative, field);
}

/** Base64 text whose bytes are a PEM block. */
export function checkPem(value: string | undefined, field: string): void {
  if (!value) fail(TENANT_MESSAGES.required, field);
  const compact = value.replace(/\s+/g, '');
  const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(compact)
    ? Buffer.from(compact, 'base64').toString('utf8')
    : '';
  if (!decoded.includes('-----BEGIN ')) fail(TENANT_MESSAGES.certificate, field);
}

function checkKeyPair(pair: KeyPair | undefined, field: string): void {
  checkPem(pair?.crt, `${field}.crt`);
  checkPem(pair?.key, `${field}.key`);
}

/** A custom registry needs all three of endpoint, username and password. */
export function checkImageRegistry(registry: ImageRegistry): void {
  requireText(registry.registry, 'image_registry.registry');
  requireText(registry.username, 'image_registry.username');
  requireText(registry.password, 'image_registry.password');
}

export function checkTenantName(name: string): void {
  if (!TENANT_NAME.test(name)) fail(TENANT_MESSAGES.name, 'name', `"${name}" is not a valid tenant name`);
}

/** One pool of a create or Expand Tenant request. */
export function checkPoolRequest(pool: TenantPoolRequest, field = 'pools[0]'): void {
  if (pool.name && !DNS_LABEL.test(pool.name))
    fail(TENANT_MESSAGES.name, `${field}.name`, `"${pool.name}" is not a valid pool name`);
  if (pool.servers < 4 || pool.servers > INT32_MAX) fail(TENANT_MESSAGES.servers, `${field}.servers`);
  if (pool.volumes_per_server < 1 || pool.volumes_per_server > INT32_MAX)
    fail(TENANT_MESSAGES.drives, `${field}.volumes_per_server`);
  if (pool.volume_configuration.size < GIB || !Number.isSafeInteger(pool.volume_configuration.size))
    fail(TENANT_MESSAGES.volumeSize, `${field}.volume_configuration.size`);
  const request = pool.resources?.requests?.memory;
  if (request !== undefined && request < 2 * GIB)
    fail(TENANT_MESSAGES.memory, `${field}.resources.requests.memory`);
  const limit = pool.resources?.limits?.memory;
  if (limit !== undefined && request !== undefined && limit < request)
    fail(TENANT_MESSAGES.memory, `${field}.resources.limits.memory`, 'the memory limit is below the request');
  if (pool.node_selector && Object.keys(pool.node_selector).length === 0)
    fail(TENANT_MESSAGES.nodeSelector, `${field}.node_selector`);
}

function checkEncryption(body: CreateTenantRequest, encryption: TenantEncryption): void {
  const customCerts = (body.tls?.minio?.length ?? 0) > 0;
  if (!body.enable_tls && !customCerts) fail(TENANT_MESSAGES.encryptionNeedsTls, 'encryption');
  checkImage(encryption.image, 'encryption.image', 'minio/kes:VERSION');
  // Without AutoCert nobody issues KES's certificates, so both pairs must come with the request.
  if (!body.enable_tls) {
    checkKeyPair(encryption.server, 'encryption.server');
    checkKeyPair(encryption.client, 'encryption.client');
  } else {
    if (encryption.server) checkKeyPair(encryption.server, 'encryption.server');
    if (encryption.client) checkKeyPair(encryption.client, 'encryption.client');
  }
  const kms = (['vault', 'aws', 'gemalto', 'gcp', 'azure'] as const).filter((k) => encryption[k]);
  if (kms.length !== 1) fail(TENANT_MESSAGES.oneKms, 'encryption');
  const { vault, aws, gemalto, azure } = encryption;
  if (vault) {
    requireText(vault.endpoint, 'encryption.vault.endpoint');
    requireText(vault.approle.id, 'encryption.vault.approle.id');
    requireText(vault.approle.secret, 'encryption.vault.approle.secret');
    checkNotNegative(vault.approle.retry, 'encryption.vault.approle.retry');
    checkNotNegative(vault.status?.ping, 'encryption.vault.status.ping');
    for (const part of ['key', 'crt', 'ca'] as const)
      if (vault.tls?.[part]) checkPem(vault.tls[part], `encryption.vault.tls.${part}`);
  }
  if (aws) {
    const sm = aws.secretsmanager;
    requireText(sm.endpoint, 'encryption.aws.secretsmanager.endpoint');
    requireText(sm.region, 'encryption.aws.secretsmanager.region');
    requireText(sm.credentials.accesskey, 'encryption.aws.secretsmanager.credentials.accesskey');
    requireText(sm.credentials.secretkey, 'encryption.aws.secretsmanager.credentials.secretkey');
  }
  if (gemalto) {
    const ks = gemalto.keysecure;
    requireText(ks.endpoint, 'encryption.gemalto.keysecure.endpoint');
    requireText(ks.credentials.token, 'encryption.gemalto.keysecure.credentials.token');
    requireText(ks.credentials.domain, 'encryption.gemalto.keysecure.credentials.domain');
    checkNotNegative(ks.credentials.retry, 'encryption.gemalto.keysecure.credentials.retry');
    if (ks.tls?.ca) checkPem(ks.tls.ca, 'encryption.gemalto.keysecure.tls.ca');
  }
  if (azure) {
    const kv = azure.keyvault;
    requireText(kv.endpoint, 'encryption.azure.keyvault.endpoint');
    requireText(kv.credentials.tenant_id, 'encryption.azure.keyvault.credentials.tenant_id');
    requireText(kv.credentials.client_id, 'encryption.azure.keyvault.credentials.client_id');
    requireText(kv.credentials.client_secret, 'encryption.azure.keyvault.credentials.client_secret');
  }
}

/** Throws the first rule the body breaks (400, the spec's message); returns when it is sound. */
export function checkCreateTenantRequest(body: CreateTenantRequest): void {
  checkTenantName(body.name);
  requireText(body.namespace, 'namespace');
  if (!DNS_LABEL.test(body.namespace)) fail(TENANT_MESSAGES.namespace, 'namespace');
  for (const field of ['access_key', 'secret_key'] as const) {
    const key = body[field];
    if (key && !KEY.test(key)) fail(TENANT_MESSAGES.keys, field);
  }
  const parity = body.erasureCodingParity ?? 0;
  if (parity !== 0 && (parity < 2 || parity > 8))
    fail(TENANT_MESSAGES.parity, 'erasureCodingParity', `EC:${parity} is outside EC:2…EC:8`);
  checkImage(body.image, 'image', 'minio/minio:VERSION');
  for (const [i, pool] of body.pools.entries()) checkPoolRequest(pool, `pools[${i}]`);
  if (body.image_registry) checkImageRegistry(body.image_registry);
  const logSearch = body.logSearchConfiguration;
  if (logSearch) {
    if (logSearch.storageSize !== undefined && logSearch.storageSize <= 0)
      fail(TENANT_MESSAGES.extraVolumeSize, 'logSearchConfiguration.storageSize');
    checkImage(logSearch.image, 'logSearchConfiguration.image', 'minio/logsearchapi:VERSION');
    checkImage(logSearch.postgres_image, 'logSearchConfiguration.postgres_image', 'library/postgres:VERSION');
    checkImage(
      logSearch.postgres_init_image,
      'logSearchConfiguration.postgres_init_image',
      'library/busybox:VERSION',
    );
  }
  const prometheus = body.prometheusConfiguration;
  if (prometheus) {
    if (prometheus.storageSize !== undefined && prometheus.storageSize <= 0)
      fail(TENANT_MESSAGES.extraVolumeSize, 'prometheusConfiguration.storageSize');
    checkImage(prometheus.image, 'prometheusConfiguration.image', 'quay.io/prometheus/prometheus:VERSION');
    checkImage(
      prometheus.sidecar_image,
      'prometheusConfiguration.sidecar_image',
      'project/container:VERSION',
    );
    checkImage(prometheus.init_image, 'prometheusConfiguration.init_image', 'library/busybox:VERSION');
  }
  for (const [i, pair] of (body.tls?.minio ?? []).entries()) checkKeyPair(pair, `tls.minio[${i}]`);
  if (body.tls?.console) checkKeyPair(body.tls.console, 'tls.console');
  for (const [i, ca] of (body.tls?.ca_certificates ?? []).entries())
    checkPem(ca, `tls.ca_certificates[${i}]`);
  for (const [i, ca] of (body.tls?.console_ca_certificates ?? []).entries())
    checkPem(ca, `tls.console_ca_certificates[${i}]`);
  if (body.encryption) checkEncryption(body, body.encryption);
  const idp = body.idp;
  if (idp) {
    const chosen = [idp.keys?.length ? 'keys' : '', idp.oidc ? 'oidc' : '', idp.active_directory ? 'ad' : ''];
    if (chosen.filter(Boolean).length > 1) fail(TENANT_MESSAGES.oneIdp, 'idp');
    for (const [i, pair] of (idp.keys ?? []).entries()) {
      if (!KEY.test(pair.access_key)) fail(TENANT_MESSAGES.keys, `idp.keys[${i}].access_key`);
      if (!KEY.test(pair.secret_key)) fail(TENANT_MESSAGES.keys, `idp.keys[${i}].secret_key`);
    }
    if (idp.oidc) {
      requireText(idp.oidc.configuration_url, 'idp.oidc.configuration_url');
      requireText(idp.oidc.client_id, 'idp.oidc.client_id');
      requireText(idp.oidc.secret_id, 'idp.oidc.secret_id');
      requireText(idp.oidc.claim_name, 'idp.oidc.claim_name');
    }
    if (idp.active_directory) {
      requireText(idp.active_directory.url, 'idp.active_directory.url');
      for (const [i, dn] of (idp.active_directory.user_dns ?? []).entries())
        requireText(dn, `idp.active_directory.user_dns[${i}]`);
    }
  }
}
