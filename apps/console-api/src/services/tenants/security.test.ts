import { beforeAll, describe, expect, it } from 'vitest';
import type { Secret, Tenant } from './kube-types.js';
import { certificateInfo, certificateInfos, tenantSecurityUpdate } from './security.js';
import { selfSignedPair } from './test-support/certificates.js';

let pem: Buffer;

beforeAll(() => {
  const subjectAltName = 'DNS:minio.ns-a.svc,DNS:*.tenant-a-hl.ns-a.svc,IP:10.0.0.1';
  pem = selfSignedPair('minio', { days: 30, serial: 4660, subjectAltName }).pem;
});

const tenant = (): Tenant => ({
  apiVersion: 'minio.min.io/v2',
  kind: 'Tenant',
  metadata: { name: 'tenant-a', namespace: 'ns-a' },
  spec: {
    pools: [],
    requestAutoCert: true,
    externalCertSecret: [
      { name: 'old-cert', type: 'kubernetes.io/tls' },
      { name: 'kept-cert', type: 'kubernetes.io/tls' },
    ],
    externalCaCertSecret: [{ name: 'ca-certificate-0', type: 'Opaque' }],
  },
});

describe('tenant certificates', () => {
  it('reads name, decimal serial, DNS and IP names and expiry', () => {
    const info = certificateInfo('tenant-a-cert', pem);
    expect(info).toMatchObject({
      name: 'tenant-a-cert',
      serialNumber: '4660',
      domains: ['minio.ns-a.svc', '*.tenant-a-hl.ns-a.svc', '10.0.0.1'],
    });
    const days = (new Date(info.expiry).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
  });

  it('takes tls.crt from key-pair secrets and public.crt from CA secrets, skipping missing ones', () => {
    const b64 = pem.toString('base64');
    const secrets = new Map<string, Secret>([
      [
        'kept-cert',
        { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'kept-cert' }, data: { 'tls.crt': b64 } },
      ],
      [
        'ca-certificate-0',
        { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'ca' }, data: { 'public.crt': b64 } },
      ],
    ]);
    expect(certificateInfos(tenant().spec.externalCertSecret, secrets).map((c) => c.name)).toEqual([
      'kept-cert',
    ]);
    expect(certificateInfos(tenant().spec.externalCaCertSecret, secrets).map((c) => c.name)).toEqual([
      'ca-certificate-0',
    ]);
  });

  it('lists a secret without a readable certificate by name only, so it can be removed', () => {
    const garbage = Buffer.from('not a certificate').toString('base64');
    const secrets = new Map<string, Secret>([
      [
        'kept-cert',
        { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'kept-cert' }, data: { 'tls.crt': garbage } },
      ],
    ]);
    expect(certificateInfos(tenant().spec.externalCertSecret, secrets)).toEqual([
      { name: 'kept-cert', serialNumber: '', domains: [], expiry: '' },
    ]);
  });

  it('lists a secret the user may not read by name only', () => {
    expect(certificateInfos(tenant().spec.externalCertSecret, new Map(), new Set(['old-cert']))).toEqual([
      { name: 'old-cert', serialNumber: '', domains: [], expiry: '' },
    ]);
  });

  it('saves new certificates under random names, keeps the others and deletes the removed ones last', () => {
    const pair = selfSignedPair('new');
    const update = tenantSecurityUpdate(
      tenant(),
      {
        autoCert: false,
        customCertificates: {
          secretsToBeDeleted: ['old-cert'],
          minio: [{ crt: pair.crt, key: pair.key }],
          minioCAs: [pair.crt],
        },
      },
      () => 'abcde',
    );
    expect(update.secrets.map((s) => [s.metadata.name, s.type])).toEqual([
      ['tenant-a-abcde-external-certificates-0', 'kubernetes.io/tls'],
      ['tenant-a-abcde-ca-certificate-0', 'Opaque'],
    ]);
    expect(update.tenant.spec).toMatchObject({
      requestAutoCert: false,
      externalCertSecret: [
        { name: 'kept-cert', type: 'kubernetes.io/tls' },
        { name: 'tenant-a-abcde-external-certificates-0', type: 'kubernetes.io/tls' },
      ],
      externalCaCertSecret: [
        { name: 'ca-certificate-0', type: 'Opaque' },
        { name: 'tenant-a-abcde-ca-certificate-0', type: 'Opaque' },
      ],
    });
    expect(update.deleteSecrets).toEqual(['old-cert']);
  });

  it('drops the certificate lists entirely when every certificate is removed', () => {
    const update = tenantSecurityUpdate(
      tenant(),
      {
        autoCert: true,
        customCertificates: { secretsToBeDeleted: ['old-cert', 'kept-cert', 'ca-certificate-0'] },
      },
      () => 'abcde',
    );
    expect(update.tenant.spec.externalCertSecret).toBeUndefined();
    expect(update.tenant.spec.externalCaCertSecret).toBeUndefined();
  });

  it('refuses a certificate that is not PEM', () => {
    expect(() =>
      tenantSecurityUpdate(
        tenant(),
        { autoCert: true, customCertificates: { minioCAs: ['bm9wZQ=='] } },
        () => 'x',
      ),
    ).toThrow('Certificates and keys must be base64-encoded PEM files');
  });

  it('refuses a key that does not belong to its certificate', () => {
    const [a, b] = [selfSignedPair('a'), selfSignedPair('b')];
    expect(() =>
      tenantSecurityUpdate(
        tenant(),
        { autoCert: false, customCertificates: { minio: [{ crt: a.crt, key: b.key }] } },
        () => 'x',
      ),
    ).toThrow('The private key does not belong to the certificate');
  });

  it('refuses PEM armour around something that is not a certificate or a key', () => {
    const armoured = Buffer.from('-----BEGIN CERTIFICATE-----\nbm9wZQ==\n-----END CERTIFICATE-----\n');
    const body = (minioCAs: string[]) => ({ autoCert: true, customCertificates: { minioCAs } });
    let error: unknown;
    try {
      tenantSecurityUpdate(tenant(), body([armoured.toString('base64')]), () => 'x');
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({
      status: 400,
      message: 'Certificates and keys must be base64-encoded PEM files',
    });
    expect((error as { detailedMessage: string }).detailedMessage).toMatch(
      /^customCertificates\.minioCAs\[0\]: /,
    );
  });

  it("refuses to remove a secret that is not one of the tenant's certificates", () => {
    expect(() =>
      tenantSecurityUpdate(
        tenant(),
        { autoCert: true, customCertificates: { secretsToBeDeleted: ['tenant-a-secret'] } },
        () => 'x',
      ),
    ).toThrow('Only certificates of this tenant can be removed');
  });
});
