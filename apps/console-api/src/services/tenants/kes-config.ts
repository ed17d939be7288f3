import { createHash, X509Certificate } from 'node:crypto';
import type { TenantEncryption } from '@stowage/contract';
import { stringify } from 'yaml';
import { ApiError } from '../../http/errors.js';
import { TENANT_MESSAGES } from './create-request.js';

// KES's server-config.yaml for a tenant (operator.md §2 "PUT …/encryption"): one policy that lets
// MinIO use the key `my-minio-key`, root identity disabled, and the chosen key store. Files the
// operator mounts into the KES pod live under /tmp/kes.

export const KES_KEY_NAME = 'my-minio-key';
const KES_DIR = '/tmp/kes';
/** The operator substitutes the identity of the client certificate it issued (AutoCert). */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder for the operator, not for JavaScript
const AUTOCERT_IDENTITY = '${MINIO_KES_IDENTITY}';

/** KES identity of a client certificate: SHA-256 (hex) of its SubjectPublicKeyInfo. */
export function kesIdentity(certificateBase64: string): string {
  try {
    const certificate = new X509Certificate(Buffer.from(certificateBase64, 'base64'));
    const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(spki).digest('hex');
  } catch (err) {
    throw new ApiError(
      'badRequest',
      `encryption.client.crt: ${(err as Error).message}`,
      TENANT_MESSAGES.certificate,
    );
  }
}

/** The key store section, under KES's names, with mounted files for any TLS material. */
function keyStore(encryption: TenantEncryption): Record<string, unknown> {
  const { vault, aws, gemalto, gcp, azure } = encryption;
  if (vault)
    return {
      vault: {
        endpoint: vault.endpoint,
        engine: vault.engine ?? '',
        version: 'v1',
        namespace: vault.namespace ?? '',
        prefix: vault.prefix ?? '',
        approle: {
          engine: vault.approle.engine ?? '',
          id: vault.approle.id,
          secret: vault.approle.secret,
          retry: `${vault.approle.retry ?? 0}s`,
        },
        tls: {
          ...(vault.tls?.key ? { key: `${KES_DIR}/client.key` } : {}),
          ...(vault.tls?.crt ? { cert: `${KES_DIR}/client.crt` } : {}),
          ...(vault.tls?.ca ? { ca: `${KES_DIR}/ca.crt` } : {}),
        },
        status: { ping: `${vault.status?.ping ?? 0}s` },
      },
    };
  if (aws)
    return {
      aws: {
        secretsmanager: {
          endpoint: aws.secretsmanager.endpoint,
          region: aws.secretsmanager.region,
          kmskey: aws.secretsmanager.kmskey ?? '',
          credentials: {
            accesskey: aws.secretsmanager.credentials.accesskey,
            secretkey: aws.secretsmanager.credentials.secretkey,
            token: aws.secretsmanager.credentials.token ?? '',
          },
        },
      },
    };
  if (gemalto)
    return {
      gemalto: {
        keysecure: {
          endpoint: gemalto.keysecure.endpoint,
          credentials: {
            token: gemalto.keysecure.credentials.token,
            domain: gemalto.keysecure.credentials.domain,
            retry: `${gemalto.keysecure.credentials.retry ?? 0}s`,
          },
          tls: gemalto.keysecure.tls?.ca ? { ca: `${KES_DIR}/ca.crt` } : {},
        },
      },
    };
  if (gcp)
    return {
      gcp: {
        secretmanager: {
          project_id: gcp.secretmanager.project_id ?? '',
          endpoint: gcp.secretmanager.endpoint ?? '',
          credentials: {
            client_email: gcp.secretmanager.credentials?.client_email ?? '',
            client_id: gcp.secretmanager.credentials?.client_id ?? '',
            private_key_id: gcp.secretmanager.credentials?.private_key_id ?? '',
            private_key: gcp.secretmanager.credentials?.private_key ?? '',
          },
        },
      },
    };
  if (azure)
    return {
      azure: {
        keyvault: {
          endpoint: azure.keyvault.endpoint,
          credentials: {
            tenant_id: azure.keyvault.credentials.tenant_id,
            client_id: azure.keyvault.credentials.client_id,
            client_secret: azure.keyvault.credentials.client_secret,
          },
        },
      },
    };
  throw new ApiError('badRequest', 'encryption: no key store', TENANT_MESSAGES.oneKms);
}

/** The key files KES needs to reach its key store (Vault mTLS, Gemalto CA), base64 as sent. */
export function kesClientFiles(encryption: TenantEncryption): Record<string, string> {
  const files: Record<string, string> = {};
  if (encryption.vault?.tls?.crt) files['client.crt'] = encryption.vault.tls.crt;
  if (encryption.vault?.tls?.key) files['client.key'] = encryption.vault.tls.key;
  const ca = encryption.vault?.tls?.ca ?? encryption.gemalto?.keysecure.tls?.ca;
  if (ca) files['ca.crt'] = ca;
  return files;
}

export function kesServerConfig(encryption: TenantEncryption): string {
  const identity = encryption.client ? kesIdentity(encryption.client.crt) : AUTOCERT_IDENTITY;
  return stringify({
    address: '0.0.0.0:7373',
    root: '_',
    tls: { key: `${KES_DIR}/server.key`, cert: `${KES_DIR}/server.crt` },
    policy: {
      'default-policy': {
        paths: ['create', 'generate', 'decrypt'].map((op) => `/v1/key/${op}/${KES_KEY_NAME}`),
        identities: [identity],
      },
    },
    cache: { expiry: { any: '5m0s', unused: '20s' } },
    log: { error: 'on', audit: 'off' },
    keys: keyStore(encryption),
  });
}
