import type { V1Service } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { formatConfigEnv } from './config-env.js';
import type { Secret, Tenant, TenantPool } from './kube-types.js';
import { serviceAddress, tenantDetail, tenantListItem } from './view.js';

const GIB = 1024 ** 3;

function pool(name: string, servers: number, volumes: number, storage?: string): TenantPool {
  return {
    name,
    servers,
    volumesPerServer: volumes,
    volumeClaimTemplate: storage
      ? {
          metadata: { name: 'data' },
          spec: { resources: { requests: { storage } }, storageClassName: 'fast' },
        }
      : (undefined as unknown as TenantPool['volumeClaimTemplate']),
  };
}

function tenant(
  overrides: Partial<Tenant['spec']> = {},
  status?: Partial<NonNullable<Tenant['status']>>,
): Tenant {
  return {
    apiVersion: 'minio.min.io/v2',
    kind: 'Tenant',
    metadata: { name: 'tenant-a', namespace: 'ns-a', creationTimestamp: new Date('2021-09-08T10:00:00Z') },
    spec: {
      image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
      pools: [pool('pool-0', 4, 2, '1073741824'), pool('pool-1', 2, 1, '1G')],
      ...overrides,
    },
    ...(status
      ? {
          status: {
            currentState: 'Initialized',
            availableReplicas: 6,
            revision: 0,
            syncVersion: 'v4.2.0',
            certificates: {},
            pools: [],
            ...status,
          },
        }
      : {}),
  };
}

const secret = (name: string, data: Record<string, string>): Secret => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name },
  data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
});

const loadBalancer = (ingress: { ip?: string; hostname?: string }[]): V1Service => ({
  status: { loadBalancer: { ingress } },
});

describe('tenantListItem', () => {
  it('sums capacity, instances and volumes over the pools, from the spec', () => {
    expect(tenantListItem(tenant({}, { currentState: 'Initialized', healthStatus: 'green' }))).toEqual({
      name: 'tenant-a',
      namespace: 'ns-a',
      total_size: 4 * 2 * GIB + 2 * 1 * 1e9,
      pool_count: 2,
      instance_count: 6,
      volume_count: 10,
      currentState: 'Initialized',
      health_status: 'green',
      creation_date: '2021-09-08T10:00:00.000Z',
    });
  });

  it('skips pools without a volume claim template in the sums but counts them as pools', () => {
    const item = tenantListItem(tenant({ pools: [pool('pool-0', 4, 1, '10Gi'), pool('broken', 8, 8)] }));
    expect(item).toMatchObject({
      total_size: 4 * 10 * GIB,
      pool_count: 2,
      instance_count: 4,
      volume_count: 4,
    });
  });

  it('reports an empty state and health before the operator has touched the tenant', () => {
    expect(tenantListItem(tenant())).toMatchObject({ currentState: '', health_status: '' });
  });

  it.each([
    ['green', 'green'],
    ['yellow', 'yellow'],
    ['red', 'red'],
    ['purple', ''],
    ['', ''],
  ])('maps healthStatus %j to %j', (healthStatus, shown) => {
    expect(tenantListItem(tenant({}, { healthStatus })).health_status).toBe(shown);
  });

  it("adds the operator's usage figures when it reports them", () => {
    const item = tenantListItem(
      tenant({}, { usage: { capacity: 100, rawCapacity: 200, usage: 10, rawUsage: 20 } }),
    );
    expect(item).toMatchObject({
      capacity: 100,
      capacity_raw: 200,
      capacity_usage: 10,
      capacity_raw_usage: 20,
    });
  });
});

describe('serviceAddress', () => {
  it('prefers the hostname, then the IP, of the first ingress', () => {
    expect(serviceAddress(loadBalancer([{ ip: '10.0.0.1', hostname: 'lb.example' }]))).toBe('lb.example');
    expect(serviceAddress(loadBalancer([{ ip: '10.0.0.1' }, { hostname: 'second' }]))).toBe('10.0.0.1');
    expect(serviceAddress(loadBalancer([]))).toBe('');
    expect(serviceAddress(undefined)).toBe('');
  });
});

describe('tenantDetail', () => {
  const configuration = secret('tenant-a-env-configuration', {
    'config.env': formatConfigEnv([
      ['MINIO_ROOT_USER', 'root'],
      ['MINIO_BROWSER', 'on'],
      ['MINIO_IDENTITY_OPENID_CONFIG_URL', 'https://idp/.well-known/openid-configuration'],
    ]),
  });

  it('derives sizes, health, pools, flags and endpoints (AutoCert on by default)', () => {
    const detail = tenantDetail(
      tenant(
        { log: {}, prometheus: {}, kes: { kesSecret: { name: 'k' } } },
        { healthStatus: 'yellow', drivesOnline: 7, drivesOffline: 1, writeQuorum: 5 },
      ),
      {
        configuration,
        minioService: loadBalancer([{ ip: '10.0.0.1' }]),
        consoleService: loadBalancer([{ hostname: 'console.example' }]),
      },
    );
    expect(detail).toEqual({
      name: 'tenant-a',
      namespace: 'ns-a',
      image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
      currentState: 'Initialized',
      creation_date: '2021-09-08T10:00:00.000Z',
      total_size: 8 * GIB + 2e9,
      total_instances: 6,
      total_volumes: 10,
      endpoints: { minio: 'https://10.0.0.1', console: 'https://console.example:9443' },
      status: {
        health_status: 'yellow',
        drives_online: 7,
        drives_offline: 1,
        drives_healing: 0,
        write_quorum: 5,
      },
      pools: [
        {
          name: 'pool-0',
          servers: 4,
          volumes_per_server: 2,
          volume_configuration: { size: GIB, storage_class_name: 'fast' },
          capacity: 8 * GIB,
          volumes: 8,
        },
        {
          name: 'pool-1',
          servers: 2,
          volumes_per_server: 1,
          volume_configuration: { size: 1e9, storage_class_name: 'fast' },
          capacity: 2e9,
          volumes: 2,
        },
      ],
      logEnabled: true,
      monitoringEnabled: true,
      encryptionEnabled: true,
      minioTLS: true,
      consoleTLS: true,
      consoleEnabled: true,
      idpAdEnabled: false,
      idpOidcEnabled: true,
      enable_prometheus: false,
    });
  });

  it('uses http and port 9090 without TLS, and empty endpoints without a load balancer', () => {
    const plain = tenantDetail(tenant({ requestAutoCert: false }), {
      minioService: loadBalancer([{ ip: '10.0.0.2' }]),
      consoleService: loadBalancer([{ ip: '10.0.0.3' }]),
    });
    expect(plain.endpoints).toEqual({ minio: 'http://10.0.0.2', console: 'http://10.0.0.3:9090' });
    expect(plain.minioTLS).toBe(false);
    expect(tenantDetail(tenant()).endpoints).toEqual({ minio: '', console: '' });
  });

  it('counts external certificates as TLS even with AutoCert off', () => {
    const detail = tenantDetail(tenant({ requestAutoCert: false, externalCertSecret: [{ name: 'c' }] }));
    expect(detail.minioTLS).toBe(true);
  });

  it('reads features from the merged configuration: spec.env, then the creds secret, then config.env', () => {
    const detail = tenantDetail(
      tenant({
        env: [
          { name: 'MINIO_KMS_SECRET_KEY', value: 'my-minio-key:abc' },
          { name: 'MINIO_BROWSER', value: 'on' },
        ],
      }),
      {
        creds: secret('tenant-a-secret', { MINIO_IDENTITY_LDAP_SERVER_ADDR: 'ldap:636' }),
        configuration: secret('c', { 'config.env': formatConfigEnv([['MINIO_BROWSER', 'off']]) }),
      },
    );
    expect(detail).toMatchObject({ encryptionEnabled: true, idpAdEnabled: true, consoleEnabled: false });
  });

  it('shows Prometheus as enabled only when all three scrape annotations are on the tenant', () => {
    const t = tenant();
    t.metadata.annotations = {
      'prometheus.io/path': '/minio/prometheus/metrics',
      'prometheus.io/port': '9000',
      'prometheus.io/scrape': 'true',
    };
    expect(tenantDetail(t).enable_prometheus).toBe(true);
    delete t.metadata.annotations['prometheus.io/port'];
    expect(tenantDetail(t).enable_prometheus).toBe(false);
  });

  it('reads pool memory back as bytes, names unnamed pools as the operator does, and skips unsized ones', () => {
    const p = pool('', 4, 1, '2Gi');
    p.resources = { requests: { memory: '2Gi' }, limits: { memory: '32Gi' } };
    const detail = tenantDetail(tenant({ pools: [pool('broken', 4, 4), p] }));
    expect(detail.pools).toEqual([
      expect.objectContaining({
        name: 'ss-1',
        resources: { requests: { memory: 2 * GIB }, limits: { memory: 32 * GIB } },
      }),
    ]);
  });
});
