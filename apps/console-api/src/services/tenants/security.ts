import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
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
  const certificate = parseCertificate(pem, name);
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

/** A PEM certificate; `label` names it in the 400 when it does not parse. */
function parseCertificate(pem: Buffer | string, label: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch (err) {
    throw new ApiError('badRequest', `${label}: ${(err as Error).message}`, TENANT_MESSAGES.certificate);
  }
}

const fromBase64 = (base64: string) => Buffer.from(compactBase64(base64), 'base64');

function parsePrivateKey(base64: string, field: string): KeyObject {
  try {
    return createPrivateKey(fromBase64(base64));
  } catch (err) {
    throw new ApiError('badRequest', `${field}: ${(err as Error).message}`, TENANT_MESSAGES.certificate);
  }
}

/**
 * A save's uploads and removals, checked before anything is written: every certificate parses
 * as X.509, every key parses and belongs to its certificate, and only secrets the tenant refers
 * to as certificates may be removed (the body names secrets; it must not reach others).
 */
export function checkSecurityUpdate(tenant: Tenant, body: UpdateTenantSecurityRequest): void {
  const custom = body.customCertificates;
  for (const [i, pair] of (custom.minio ?? []).entries()) {
    const field = `customCertificates.minio[${i}]`;
    checkPem(pair.crt, `${field}.crt`);
    checkPem(pair.key, `${field}.key`);
    const certificate = parseCertificate(fromBase64(pair.crt), `${field}.crt`);
    if (!certificate.checkPrivateKey(parsePrivateKey(pair.key, `${field}.key`)))
      throw new ApiError(
        'badRequest',
        `${field}: ${TENANT_MESSAGES.keyMismatch}`,
        TENANT_MESSAGES.keyMismatch,
      );
  }
  for (const [i, ca] of (custom.minioCAs ?? []).entries()) {
    checkPem(ca, `customCertificates.minioCAs[${i}]`);
    parseCertificate(fromBase64(ca), `customCertificates.minioCAs[${i}]`);
  }
  const own = new Set(
    [...(tenant.spec.externalCertSecret ?? []), ...(tenant.spec.externalCaCertSecret ?? [])].map(
      (r) => r.name,
    ),
  );
  const foreign = (custom.secretsToBeDeleted ?? []).find((name) => !own.has(name));
  if (foreign !== undefined)
    throw new ApiError(
      'badRequest',
      `customCertificates.secretsToBeDeleted: ${foreign} is not a certificate secret of tenant ${tenant.metadata.name ?? ''}`,
      TENANT_MESSAGES.notTenantCertificate,
    );
}

/** A certificate shown by its secret's name alone: its secret is unreadable or not readable to the user. */
const nameOnly = (name: string): CertificateInfo => ({ name, serialNumber: '', domains: [], expiry: '' });

/**
 * The certificates of secrets already read; a reference whose secret is missing is skipped. A
 * secret the user may not read (`hidden`), or that holds no readable certificate, is listed by
 * name alone, so the page still opens and the user can see or remove it.
 */
export function certificateInfos(
  refs: TypedSecretRef[] | undefined,
  secrets: Map<string, Secret>,
  hidden: ReadonlySet<string> = new Set(),
): CertificateInfo[] {
  return (refs ?? []).flatMap((ref) => {
    if (hidden.has(ref.name)) return [nameOnly(ref.name)];
    const data = secrets.get(ref.name)?.data?.[certificateKey(ref)];
    if (!data) return [];
    try {
      return [certificateInfo(ref.name, Buffer.from(data, 'base64'))];
    } catch {
      return [nameOnly(ref.name)];
    }
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
  checkSecurityUpdate(tenant, body);
  const custom = body.customCertificates;
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
