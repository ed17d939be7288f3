import { describe, expect, it } from 'vitest';
import { formatConfigEnv, parseConfigEnv } from '../tenants/config-env.js';
import type { Secret, Tenant } from '../tenants/kube-types.js';
import { configSecretWithLicense, replacementSecret, tenantWithLicenseEnv } from './tenant-license.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const configSecret = (text: string): Secret => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: {
    name: 't-env-configuration',
    namespace: 'ns',
    labels: { 'v1.min.io/tenant': 't' },
    resourceVersion: '42',
    uid: 'u-1',
    creationTimestamp: new Date(0),
  },
  type: 'Opaque',
  immutable: true,
  data: { 'config.env': b64(text), other: b64('kept') },
});

describe('configSecretWithLicense', () => {
  it('adds MINIO_SUBNET_LICENSE and keeps every other line and key', () => {
    const text = formatConfigEnv([
      ['MINIO_ROOT_USER', 'root'],
      ['MINIO_IDENTITY_LDAP_USER_DN_SEARCH_FILTER', '(uid=%s)'],
    ]);
    const updated = configSecretWithLicense(configSecret(text), 'a.b.c');
    const config = parseConfigEnv(Buffer.from(updated.data?.['config.env'] ?? '', 'base64').toString());
    expect([...config]).toEqual([
      ['MINIO_ROOT_USER', 'root'],
      ['MINIO_IDENTITY_LDAP_USER_DN_SEARCH_FILTER', '(uid=%s)'],
      ['MINIO_SUBNET_LICENSE', 'a.b.c'],
    ]);
    expect(updated.data?.other).toBe(b64('kept'));
  });

  it('replaces an earlier licence instead of adding a second line', () => {
    const text = formatConfigEnv([['MINIO_SUBNET_LICENSE', 'old']]);
    const updated = configSecretWithLicense(configSecret(text), 'new');
    expect(Buffer.from(updated.data?.['config.env'] ?? '', 'base64').toString()).toBe(
      'export MINIO_SUBNET_LICENSE="new"\n',
    );
  });
});

describe('tenantWithLicenseEnv', () => {
  const tenant = (env?: { name: string; value: string }[]) =>
    ({ metadata: { name: 't' }, spec: { pools: [], ...(env ? { env } : {}) } }) as unknown as Tenant;

  it('appends the variable, or replaces it in place', () => {
    expect(tenantWithLicenseEnv(tenant(), 'k').spec.env).toEqual([
      { name: 'MINIO_SUBNET_LICENSE', value: 'k' },
    ]);
    const env = [
      { name: 'A', value: '1' },
      { name: 'MINIO_SUBNET_LICENSE', value: 'old' },
      { name: 'B', value: '2' },
    ];
    expect(tenantWithLicenseEnv(tenant(env), 'new').spec.env).toEqual([
      { name: 'A', value: '1' },
      { name: 'MINIO_SUBNET_LICENSE', value: 'new' },
      { name: 'B', value: '2' },
    ]);
  });
});

describe('replacementSecret', () => {
  it('keeps identity, labels, type, immutability and data; drops what the server sets', () => {
    const replacement = replacementSecret(configSecret('x'));
    expect(replacement.metadata).toEqual({
      name: 't-env-configuration',
      namespace: 'ns',
      labels: { 'v1.min.io/tenant': 't' },
    });
    expect(replacement).toMatchObject({ type: 'Opaque', immutable: true, data: { other: b64('kept') } });
  });
});
