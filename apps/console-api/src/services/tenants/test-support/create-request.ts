import type { CreateTenantRequest } from '@stowage/contract';

const GIB = 1024 ** 3;

/** The smallest Create Tenant body the wizard sends: one pool of 4 servers × 1 drive of 100 GiB. */
export function minimalCreateRequest(overrides: Partial<CreateTenantRequest> = {}): CreateTenantRequest {
  return {
    name: 'tenant-a',
    namespace: 'ns-a',
    access_key: '',
    secret_key: '',
    access_keys: [],
    secret_keys: [],
    enable_tls: true,
    enable_console: true,
    enable_prometheus: true,
    service_name: '',
    image: '',
    expose_minio: true,
    expose_console: true,
    erasureCodingParity: 2,
    pools: [
      {
        name: 'pool-0',
        servers: 4,
        volumes_per_server: 1,
        volume_configuration: { size: 100 * GIB, storage_class_name: 'standard' },
        resources: { requests: { memory: 2 * GIB }, limits: { memory: 32 * GIB } },
      },
    ],
    ...overrides,
  };
}
