import { X509Certificate } from 'node:crypto';
import type { CertificateInfo, UpdateTenantSecurityRequest } from '@stowage/contract';
import { ApiError } from '../../http/errors.js';
import { checkPem, TENANT_MESSAGES } from './create-request.js';
import type { Secret, Tenant, TypedSecretRef } from './kube-types.js';
import { compactBase64, keyPairSecret, tenantSecret } from './secrets.js';

// The Security tab: what the tenant's certificate secrets hold, and a save as data.

/** The certificate file a secret reference points at: tls.crt for key pairs, public.crt otherwise. */
export function certificateKey(ref: TypedSecretRef): string {
  return ref.type === 'kubernetes.io/tls' || ref.type === 'cert-manager.io/v1alpha2'
    ? 'tls.crt'
    : 'public.crt';
}

/** Name, serial, DNS and IP names, and expiry of the first certificate in a PEM file. */
export function certificateInfo(name: string, pem: Buffer | string): CertificateInfo {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch (err) {
    throw new ApiError('badRequest', `${name}: ${(err as Error).message}`, TENANT_MESSAGES.certificate);
  }
  const domains = (certificate.subjectAltName ?? '').split(', ').flatMap((entry) => {
    const match = /^(DNS|IP Address):(.+)$/.exec(entry);
    return match?.[2] ? [match[2]] : [];
  });
  return {
    name,
    serialNumber: BigInt(`0x${certificate.serialNumber}`).toString(),
    domains,
    expiry: new Date(certificate.validTo).toISOString(),
  };
}

/** The certificates of secrets already read; a reference whose secret is missing is skipped. */
export function certificateInfos(
  refs: TypedSecretRef[] | undefined,
  secrets: Map<string, Secret>,
): CertificateInfo[] {
  return (refs ?? []).flatMap((ref) => {
    const data = secrets.get(ref.name)?.data?.[certificateKey(ref)];
    return data ? [certificateInfo(ref.name, Buffer.from(data, 'base64'))] : [];
  });
}

export interface SecurityUpdate {
  /** Each: DELETE (404 tolerated) then CREATE. */
  secrets: Secret[];
  /** PUT back. */
  tenant: Tenant;
  /** DELETE after the tenant no longer refers to them. */
  deleteSecrets: string[];
}

/**
 * POST …/security: new certificate secrets named `{t}-{5 random lowercase}-…-{i}`, the tenant
 * pointing at the kept and the new ones, and the removed ones to delete last.
 */
export function tenantSecurityUpdate(
  tenant: Tenant,
  body: UpdateTenantSecurityRequest,
  randomLowercase: () => string,
): SecurityUpdate {
  const name = tenant.metadata.name ?? '';
  const namespace = tenant.metadata.namespace ?? '';
  const custom = body.customCertificates;
  for (const [i, pair] of (custom.minio ?? []).entries()) {
    checkPem(pair.crt, `customCertificates.minio[${i}].crt`);
    checkPem(pair.key, `customCertificates.minio[${i}].key`);
  }
  for (const [i, ca] of (custom.minioCAs ?? []).entries()) checkPem(ca, `customCertificates.minioCAs[${i}]`);
  const removed = new Set(custom.secretsToBeDeleted ?? []);
  const owner = { name, namespace };
  const prefix = `${name}-${randomLowercase()}`;
  const certs = (custom.minio ?? []).map((pair, i) =>
    keyPairSecret(owner, `${prefix}-external-certificates-${i}`, pair),
  );
  const cas = (custom.minioCAs ?? []).map((ca, i) =>
    tenantSecret(owner, `${prefix}-ca-certificate-${i}`, { 'public.crt': compactBase64(ca) }),
  );
  const ref = (s: Secret): TypedSecretRef => ({ name: s.metadata.name, type: s.type ?? 'Opaque' });
  const keep = (refs: TypedSecretRef[] | undefined) => (refs ?? []).filter((r) => !removed.has(r.name));
  const externalCertSecret = [...keep(tenant.spec.externalCertSecret), ...certs.map(ref)];
  const externalCaCertSecret = [...keep(tenant.spec.externalCaCertSecret), ...cas.map(ref)];
  const spec = { ...tenant.spec, requestAutoCert: body.autoCert };
  delete spec.externalCertSecret;
  delete spec.externalCaCertSecret;
  return {
    secrets: [...certs, ...cas],
    tenant: {
      ...tenant,
      spec: {
        ...spec,
        ...(externalCertSecret.length > 0 ? { externalCertSecret } : {}),
        ...(externalCaCertSecret.length > 0 ? { externalCaCertSecret } : {}),
      },
    },
    deleteSecrets: [...removed],
  };
}
