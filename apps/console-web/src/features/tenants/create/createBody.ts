import type { CreateTenantRequest, KeyPair, TenantEncryption, TenantPoolRequest } from '@stowage/contract';
import { kmsKey } from './kmsFields.js';
import type { SizePreview } from './sizePreview.js';
import { completeLabels, completePairs, encryptionOn, kesCertsForced } from './stepRules.js';
import type { CertPair, WizardForm } from './wizardState.js';

// Spec 002 §7.1: the create request the wizard sends. Advanced parts are sent only in advanced
// mode; an empty optional text is left out so the server's defaults apply.

const opt = (value: string) => (value.trim() === '' ? undefined : value.trim());
const pair = (p: CertPair): KeyPair | undefined =>
  p.cert && p.key ? { crt: p.cert.encoded, key: p.key.encoded } : undefined;
const count = (value: string | undefined) => Number.parseInt(value ?? '0', 10) || 0;

/** Spec §2.5 Pod Placement; no affinity field means the server's default pod anti-affinity. */
function placement(form: WizardForm): Pick<TenantPoolRequest, 'affinity' | 'node_selector'> {
  if (form.podAffinity === 'none') return { affinity: {} };
  if (form.podAffinity === 'default') return {};
  const node_selector = Object.fromEntries(
    completeLabels(form).map((row) => [row.key.trim(), row.value.trim()]),
  );
  return form.withPodAntiAffinity ? { node_selector } : { node_selector, affinity: {} };
}

function kms(form: WizardForm): Omit<TenantEncryption, 'image' | 'client' | 'server'> {
  const v = (name: string) => form.kms[kmsKey(form.encryptionType, name)] ?? '';
  const o = (name: string) => opt(v(name));
  switch (form.encryptionType) {
    case 'vault':
      return {
        vault: {
          endpoint: v('endpoint').trim(),
          engine: o('engine'),
          namespace: o('namespace'),
          prefix: o('prefix'),
          approle: {
            engine: o('approleEngine'),
            id: v('approleId').trim(),
            secret: v('approleSecret'),
            retry: count(v('retry')),
          },
          tls:
            form.vaultCert.cert || form.vaultCA
              ? {
                  crt: form.vaultCert.cert?.encoded,
                  key: form.vaultCert.key?.encoded,
                  ca: form.vaultCA?.encoded,
                }
              : undefined,
          status: { ping: count(v('ping')) },
        },
      };
    case 'aws':
      return {
        aws: {
          secretsmanager: {
            endpoint: v('endpoint').trim(),
            region: v('region').trim(),
            kmskey: o('kmsKey'),
            credentials: { accesskey: v('accessKey').trim(), secretkey: v('secretKey'), token: o('token') },
          },
        },
      };
    case 'gemalto':
      return {
        gemalto: {
          keysecure: {
            endpoint: v('endpoint').trim(),
            credentials: { token: v('token'), domain: v('domain').trim(), retry: count(v('retry')) },
            tls: form.gemaltoCA ? { ca: form.gemaltoCA.encoded } : undefined,
          },
        },
      };
    case 'gcp':
      return {
        gcp: {
          secretmanager: {
            project_id: o('projectId'),
            endpoint: o('endpoint'),
            credentials: {
              client_email: o('clientEmail'),
              client_id: o('clientId'),
              private_key_id: o('privateKeyId'),
              private_key: o('privateKey'),
            },
          },
        },
      };
    case 'azure':
      return {
        azure: {
          keyvault: {
            endpoint: v('endpoint').trim(),
            credentials: {
              tenant_id: v('tenantId').trim(),
              client_id: v('clientId').trim(),
              client_secret: v('clientSecret'),
            },
          },
        },
      };
  }
}

function encryption(form: WizardForm): TenantEncryption | undefined {
  if (!encryptionOn(form)) return undefined;
  const withCerts = kesCertsForced(form) || form.enableCustomCertsForKES;
  return {
    image: opt(form.kesImage),
    ...(withCerts ? { server: pair(form.serverCert), client: pair(form.clientCert) } : {}),
    ...kms(form),
  };
}

function idp(form: WizardForm): CreateTenantRequest['idp'] {
  if (form.idpSelection === 'OpenID')
    return {
      oidc: {
        configuration_url: form.openIDConfigurationURL.trim(),
        client_id: form.openIDClientID.trim(),
        secret_id: form.openIDSecretID,
        claim_name: form.openIDClaimName.trim(),
        callback_url: opt(form.openIDCallbackURL),
        scopes: opt(form.openIDScopes),
      },
    };
  if (form.idpSelection === 'AD')
    return {
      active_directory: {
        url: form.ADURL.trim(),
        skip_tls_verification: form.ADSkipTLS,
        server_insecure: form.ADServerInsecure,
        server_start_tls: form.ADServerStartTLS,
        username_format: opt(form.ADUserNameFormat),
        username_search_filter: opt(form.ADUserNameSearchFilter),
        group_search_base_dn: opt(form.ADGroupSearchBaseDN),
        group_search_filter: opt(form.ADGroupSearchFilter),
        group_name_attribute: opt(form.ADGroupNameAttribute),
        user_dns: form.ADUserDNs.map((dn) => dn.value.trim()).filter((dn) => dn !== ''),
        lookup_bind_dn: opt(form.ADLookupBindDN),
        lookup_bind_password: opt(form.ADLookupBindPassword),
        user_dn_search_base_dn: opt(form.ADUserDNSearchBaseDN),
        user_dn_search_filter: opt(form.ADUserDNSearchFilter),
      },
    };
  return { keys: form.keys.map((row) => ({ access_key: row.accessKey, secret_key: row.secretKey })) };
}

function tls(form: WizardForm): CreateTenantRequest['tls'] {
  if (!form.enableTLS || !form.enableCustomCerts) return undefined;
  const minio = completePairs(form.minioCerts).map((p) => ({ crt: p.cert!.encoded, key: p.key!.encoded }));
  // Spec §5: CA entries need only a cert.
  const ca_certificates = form.caCerts.flatMap((p) => (p.cert ? [p.cert.encoded] : []));
  if (minio.length === 0 && ca_certificates.length === 0) return undefined;
  return { minio, ca_certificates };
}

/** The chosen `EC:N` as the number N. */
const parityNumber = (parity: string) => Number.parseInt(parity.split(':')[1] ?? '', 10) || undefined;

export function createBody(form: WizardForm, preview: SizePreview, advanced: boolean): CreateTenantRequest {
  const name = form.tenantName.trim();
  const pool: TenantPoolRequest = {
    name: 'pool-0',
    servers: preview.distribution.nodes,
    volumes_per_server: preview.distribution.disks,
    volume_configuration: { size: preview.distribution.pvSize, storage_class_name: form.storageClass },
    resources: {
      requests: { memory: preview.memory.request },
      limits: { memory: preview.memory.limit },
    },
    ...(advanced ? placement(form) : {}),
  };
  const body: CreateTenantRequest = {
    name,
    namespace: form.namespace.trim(),
    access_key: '',
    secret_key: '',
    access_keys: [],
    secret_keys: [],
    enable_tls: form.enableTLS && form.enableAutoCert,
    enable_console: true,
    enable_prometheus: true,
    service_name: '',
    image: '',
    expose_minio: form.exposeMinIO,
    expose_console: form.exposeConsole,
    erasureCodingParity: parityNumber(preview.parity),
    pools: [pool],
  };
  if (!advanced) return body;
  const images = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (opt(v) ? [[k, opt(v)]] : [])));
  return {
    ...body,
    image: form.imageName.trim(),
    ...(form.customDockerhub
      ? {
          image_registry: {
            registry: form.imageRegistry.trim(),
            username: form.imageRegistryUsername.trim(),
            password: form.imageRegistryPassword,
          },
        }
      : {}),
    logSearchConfiguration: {
      ...(form.logSearchCustom
        ? { storageClass: form.logSearchStorageClass, storageSize: Number(form.logSearchVolumeSize) }
        : {}),
      ...images({
        image: form.logSearchImage,
        postgres_image: form.logSearchPostgresImage,
        postgres_init_image: form.logSearchPostgresInitImage,
      }),
    },
    prometheusConfiguration: {
      ...(form.prometheusCustom
        ? { storageClass: form.prometheusStorageClass, storageSize: Number(form.prometheusVolumeSize) }
        : {}),
      ...images({
        image: form.prometheusImage,
        sidecar_image: form.prometheusSidecarImage,
        init_image: form.prometheusInitImage,
      }),
    },
    tls: tls(form),
    encryption: encryption(form),
    idp: idp(form),
  };
}
