// Where a tenant's in-cluster Services answer. Inside a pod, cluster DNS resolves
// `{service}.{namespace}.svc.{domain}`; a console run outside the cluster (development, the
// tests' loopback cluster, where Services have no backing pods) maps chosen Services to a
// host:port instead.

/** How the console reaches in-cluster Services. */
export interface ServiceAddressing {
  /** `CLUSTER_DOMAIN`, `cluster.local` by default, as the original console. */
  clusterDomain: string;
  /** `service.namespace` → `host:port`, from `STOWAGE_KUBE_SERVICE_HOSTS`. */
  hosts: ReadonlyMap<string, string>;
}

export interface ServiceRef {
  namespace: string;
  service: string;
  port: number;
  tls: boolean;
}

/**
 * `STOWAGE_KUBE_SERVICE_HOSTS="minio.ns-a=127.0.0.1:9000,tenant-a-console.ns-a=127.0.0.1:9090"`.
 * A malformed entry is refused at start rather than sending a tenant's credentials astray later.
 */
export function parseServiceHosts(text: string | undefined): Map<string, string> {
  const hosts = new Map<string, string>();
  for (const entry of (text ?? '').split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const match = /^([a-z0-9-]+\.[a-z0-9-]+)=([^\s=/]+:\d{1,5})$/.exec(entry);
    if (!match?.[1] || !match[2]) {
      throw new Error(`STOWAGE_KUBE_SERVICE_HOSTS: "${entry}" is not service.namespace=host:port`);
    }
    hosts.set(match[1], match[2]);
  }
  return hosts;
}

export function serviceAddressingFromEnv(env: NodeJS.ProcessEnv): ServiceAddressing {
  return {
    clusterDomain: env.CLUSTER_DOMAIN?.trim() || 'cluster.local',
    hosts: parseServiceHosts(env.STOWAGE_KUBE_SERVICE_HOSTS),
  };
}

/** A Service's cluster DNS name: what its certificate names, wherever it is reached. */
export function serviceHostname(
  addressing: ServiceAddressing,
  ref: Omit<ServiceRef, 'port' | 'tls'>,
): string {
  return `${ref.service}.${ref.namespace}.svc.${addressing.clusterDomain}`;
}

/** The origin (`scheme://host:port`) a Service answers on. */
export function serviceOrigin(addressing: ServiceAddressing, ref: ServiceRef): string {
  const scheme = ref.tls ? 'https' : 'http';
  const mapped = addressing.hosts.get(`${ref.service}.${ref.namespace}`);
  if (mapped) return `${scheme}://${mapped}`;
  return `${scheme}://${serviceHostname(addressing, ref)}:${ref.port}`;
}
