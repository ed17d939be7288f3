import { describe, expect, it } from 'vitest';
import { tenantRootCredentials, tenantServiceUrl, tenantUsage } from './access.js';
import { formatConfigEnv } from './config-env.js';
import type { Secret, Tenant } from './kube-types.js';

const tenant = (spec: Partial<Tenant['spec']> = {}): Tenant => ({
  apiVersion: 'minio.min.io/v2',
  kind: 'Tenant',
  metadata: { name: 'tenant-a', namespace: 'ns-a' },
  spec: { pools: [], ...spec },
});
const secret = (data: Record<string, string>): Secret => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 's' },
  data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
});

describe("reaching a tenant's MinIO", () => {
  it('uses https:443 unless AutoCert is off and there are no certificates', () => {
    expect(tenantServiceUrl(tenant())).toBe('https://minio.ns-a.svc.cluster.local:443');
    expect(tenantServiceUrl(tenant({ requestAutoCert: false }), 'k8s.example')).toBe(
      'http://minio.ns-a.svc.k8s.example:80',
    );
    expect(tenantServiceUrl(tenant({ requestAutoCert: false, externalCertSecret: [{ name: 'c' }] }))).toBe(
      'https://minio.ns-a.svc.cluster.local:443',
    );
  });

  it("reads the root keys from config.env, and has none for a console-created tenant's empty creds secret", () => {
    const configuration = secret({
      'config.env': formatConfigEnv([
        ['MINIO_ROOT_USER', 'u'],
        ['MINIO_ROOT_PASSWORD', 'p'],
      ]),
    });
    const creds = secret({ accesskey: '', secretkey: '' });
    expect(tenantRootCredentials(tenant(), { creds, configuration })).toEqual({
      accessKey: 'u',
      secretKey: 'p',
    });
    expect(tenantRootCredentials(tenant(), { creds })).toBeUndefined();
  });

  it('sums the used space of every drive of every server', () => {
    expect(
      tenantUsage({
        usage: { size: 1000 },
        servers: [
          {
            drives: [
              { major: 0, minor: 0, usedspace: 10 },
              { major: 0, minor: 1, usedspace: 20 },
            ],
          },
          { drives: [{ major: 0, minor: 0 }] },
          {},
        ] as never,
      }),
    ).toEqual({ used: 1000, disk_used: 30 });
    expect(tenantUsage({})).toEqual({ used: 0, disk_used: 0 });
  });
});
