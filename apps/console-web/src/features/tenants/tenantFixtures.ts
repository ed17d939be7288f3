import {
  OPERATOR_PAGES,
  type OperatorPermissions,
  type SessionResponse,
  type TenantDetail,
  type TenantListItem,
} from '@stowage/contract';
import { session } from '../../test/fixtures.js';

// Test data for operator mode's tenant screens.

export const ALL_RIGHTS: OperatorPermissions = {
  readOnly: false,
  createTenant: true,
  updateTenant: true,
  deleteTenant: true,
  createNamespace: true,
  deletePod: true,
  formatDrives: true,
};

export const NO_RIGHTS: OperatorPermissions = {
  readOnly: true,
  createTenant: false,
  updateTenant: false,
  deleteTenant: false,
  createNamespace: false,
  deletePod: false,
  formatDrives: false,
};

export function operatorSession(rights: OperatorPermissions = ALL_RIGHTS): SessionResponse {
  return session({
    operator: true,
    pages: Object.keys(OPERATOR_PAGES),
    accessKey: '',
    operatorPermissions: rights,
  });
}

export function tenantItem(name: string, over: Partial<TenantListItem> = {}): TenantListItem {
  return {
    name,
    namespace: `ns-${name}`,
    total_size: 4 * 1024 ** 4,
    pool_count: 1,
    instance_count: 4,
    volume_count: 16,
    currentState: 'Initialized',
    health_status: 'green',
    creation_date: '2026-11-01T10:00:00Z',
    ...over,
  };
}

export function tenantDetail(name: string, over: Partial<TenantDetail> = {}): TenantDetail {
  return {
    name,
    namespace: `ns-${name}`,
    image: 'minio/minio:RELEASE.2026-01-01T00-00-00Z',
    currentState: 'Initialized',
    creation_date: '2026-11-01T10:00:00Z',
    total_size: 4 * 1024 ** 4,
    total_instances: 4,
    total_volumes: 16,
    endpoints: { minio: 'https://minio.example:443', console: 'https://console.example:9443' },
    status: {
      health_status: 'green',
      drives_online: 16,
      drives_offline: 0,
      drives_healing: 0,
      write_quorum: 9,
    },
    pools: [
      {
        name: 'pool-0',
        servers: 4,
        volumes_per_server: 4,
        volume_configuration: { size: 64 * 1024 ** 3 },
        capacity: 4 * 1024 ** 4,
        volumes: 16,
      },
    ],
    logEnabled: false,
    monitoringEnabled: true,
    encryptionEnabled: false,
    minioTLS: true,
    consoleTLS: false,
    consoleEnabled: true,
    idpAdEnabled: false,
    idpOidcEnabled: true,
    enable_prometheus: true,
    ...over,
  };
}
