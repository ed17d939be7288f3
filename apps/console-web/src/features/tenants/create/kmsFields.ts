import type { KmsType } from './wizardState.js';

// Spec 002 §3 / §7.1: each key management backend's fields; §5: which are required and which
// must be 0 or greater. A field's value lives in `form.kms[kmsKey(type, name)]`.

export interface KmsField {
  name: string;
  required?: boolean;
  /** A count that must be 0 or greater (retry, ping). */
  count?: boolean;
  secret?: boolean;
  multiline?: boolean;
}

export const KMS_FIELDS: Record<KmsType, readonly KmsField[]> = {
  vault: [
    { name: 'endpoint', required: true },
    { name: 'engine' },
    { name: 'namespace' },
    { name: 'prefix' },
    { name: 'approleEngine' },
    { name: 'approleId', required: true },
    { name: 'approleSecret', required: true, secret: true },
    { name: 'retry', count: true },
    { name: 'ping', count: true },
  ],
  aws: [
    { name: 'endpoint', required: true },
    { name: 'region', required: true },
    { name: 'kmsKey' },
    { name: 'accessKey', required: true },
    { name: 'secretKey', required: true, secret: true },
    { name: 'token', secret: true },
  ],
  gemalto: [
    { name: 'endpoint', required: true },
    { name: 'token', required: true, secret: true },
    { name: 'domain', required: true },
    { name: 'retry', count: true },
  ],
  gcp: [
    { name: 'projectId' },
    { name: 'endpoint' },
    { name: 'clientEmail' },
    { name: 'clientId' },
    { name: 'privateKeyId' },
    { name: 'privateKey', secret: true, multiline: true },
  ],
  azure: [
    { name: 'endpoint', required: true },
    { name: 'tenantId', required: true },
    { name: 'clientId', required: true },
    { name: 'clientSecret', required: true, secret: true },
  ],
};

export const kmsKey = (type: KmsType, name: string) => `${type}.${name}`;

/** The defaults the spec gives (retry and ping '0'). */
export const KMS_DEFAULTS: Record<string, string> = {
  'vault.retry': '0',
  'vault.ping': '0',
  'gemalto.retry': '0',
};
