import { describe, expect, it } from 'vitest';
import { parseServiceHosts, serviceAddressingFromEnv, serviceOrigin } from './tenant-services.js';

describe('tenant service addressing', () => {
  it('uses cluster DNS by default', () => {
    const addressing = serviceAddressingFromEnv({});
    expect(serviceOrigin(addressing, { namespace: 'ns', service: 't-console', port: 9443, tls: true })).toBe(
      'https://t-console.ns.svc.cluster.local:9443',
    );
    const custom = serviceAddressingFromEnv({ CLUSTER_DOMAIN: 'corp.internal' });
    expect(serviceOrigin(custom, { namespace: 'ns', service: 'minio', port: 80, tls: false })).toBe(
      'http://minio.ns.svc.corp.internal:80',
    );
  });

  it('maps chosen services to a host:port outside the cluster', () => {
    const addressing = serviceAddressingFromEnv({
      STOWAGE_KUBE_SERVICE_HOSTS: 'minio.ns-a=127.0.0.1:9000, t-console.ns-a=localhost:9090',
    });
    expect(serviceOrigin(addressing, { namespace: 'ns-a', service: 'minio', port: 443, tls: true })).toBe(
      'https://127.0.0.1:9000',
    );
    expect(serviceOrigin(addressing, { namespace: 'ns-b', service: 'minio', port: 443, tls: true })).toBe(
      'https://minio.ns-b.svc.cluster.local:443',
    );
  });

  it('refuses a malformed map', () => {
    expect(() => parseServiceHosts('minio=127.0.0.1:9000')).toThrow(/service.namespace=host:port/);
    expect(() => parseServiceHosts('minio.ns=http://x:1')).toThrow(/not service.namespace/);
    expect(parseServiceHosts('')).toEqual(new Map());
  });
});
