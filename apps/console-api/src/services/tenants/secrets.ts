import type { KeyPair } from '@stowage/contract';
import { type Secret, TENANT_LABEL } from './kube-types.js';

// The secrets the console writes for a tenant: labelled with the tenant so that one
// deletecollection removes them all, and immutable unless they must be updatable in place.

export const OPAQUE = 'Opaque';
export const TLS_SECRET = 'kubernetes.io/tls';

/** The wizard's files arrive base64-encoded already; line breaks are dropped. */
export const compactBase64 = (base64: string) => base64.replace(/\s+/g, '');

export function tenantSecret(
  tenant: { name: string; namespace: string },
  name: string,
  data: Record<string, string>,
  options: { type?: string; mutable?: boolean } = {},
): Secret {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace: tenant.namespace, labels: { [TENANT_LABEL]: tenant.name } },
    type: options.type ?? OPAQUE,
    ...(options.mutable ? {} : { immutable: true }),
    data,
  };
}

/** A certificate and key as a `kubernetes.io/tls` secret. */
export function keyPairSecret(
  tenant: { name: string; namespace: string },
  name: string,
  pair: KeyPair,
): Secret {
  const data = { 'tls.crt': compactBase64(pair.crt), 'tls.key': compactBase64(pair.key) };
  return tenantSecret(tenant, name, data, { type: TLS_SECRET });
}
