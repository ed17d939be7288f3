// A Tenant as the MinIO operator keeps one, reduced to what the hop reads: one pool, TLS as
// asked, and its root keys in the config.env secret. For tests that point a tenant's Services
// at a real store and console on loopback.

export interface RootKeys {
  accessKey: string;
  secretKey: string;
}

/** A Tenant's pool as the operator writes it: four servers of one volume of `storage`. */
export function testPool(storage = '1Gi') {
  return {
    name: 'pool-0',
    servers: 4,
    volumesPerServer: 1,
    volumeClaimTemplate: {
      metadata: { name: 'data' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } } },
    },
  };
}

/** The configuration secret and the Tenant, to POST in that order. */
export function hopTenantObjects(
  namespace: string,
  name: string,
  root: RootKeys,
  spec: Record<string, unknown> = {},
) {
  const env = `export MINIO_ROOT_USER="${root.accessKey}"\nexport MINIO_ROOT_PASSWORD="${root.secretKey}"\n`;
  const configuration = `${name}-env-configuration`;
  return {
    secret: {
      metadata: { name: configuration, namespace },
      type: 'Opaque',
      data: { 'config.env': Buffer.from(env).toString('base64') },
    },
    tenant: {
      apiVersion: 'minio.min.io/v2',
      kind: 'Tenant',
      metadata: { name, namespace },
      spec: {
        image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
        configuration: { name: configuration },
        pools: [testPool()],
        ...spec,
      },
    },
  };
}
