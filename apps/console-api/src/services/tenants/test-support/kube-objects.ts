// What a kubelet and a volume controller would leave in the API server, made by hand for tests
// against the real kube-apiserver harness (no scheduler, kubelet or provisioner runs there):
// running pods, their events and bound volume claims.

/** An admin call to the API server that must succeed (see `mustSucceed`). */
export type KubeCall = (
  method: string,
  path: string,
  body?: unknown,
  contentType?: string,
) => Promise<unknown>;

// biome-ignore lint/suspicious/noExplicitAny: raw Kubernetes JSON, as the harness's `cluster.api` answers it
type KubeApi = (...args: Parameters<KubeCall>) => Promise<{ status: number; body: any }>;

/** The harness's `cluster.api` for a test's own set-up: the body, or an error naming the call. */
export function mustSucceed(api: KubeApi) {
  return async (...args: Parameters<KubeCall>) => {
    const res = await api(...args);
    if (res.status >= 300)
      throw new Error(`${args[0]} ${args[1]}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
}

const mergePatch = 'application/merge-patch+json';

/** A pod on a fake node, running as the kubelet would report it. */
export async function createPod(
  kube: KubeCall,
  namespace: string,
  name: string,
  labels: Record<string, string>,
  options: {
    containers?: string[];
    annotations?: Record<string, string>;
    ip?: string;
    restarts?: number;
  } = {},
) {
  const containers = options.containers ?? ['minio'];
  const pod = await kube('POST', `/api/v1/namespaces/${namespace}/pods`, {
    metadata: { name, labels, ...(options.annotations ? { annotations: options.annotations } : {}) },
    spec: { nodeName: 'node-1', containers: containers.map((c) => ({ name: c, image: 'minio/minio' })) },
  });
  await kube(
    'PATCH',
    `/api/v1/namespaces/${namespace}/pods/${name}/status`,
    {
      status: {
        phase: 'Running',
        podIP: options.ip ?? '10.1.0.4',
        containerStatuses: containers.map((c) => ({
          name: c,
          ready: true,
          restartCount: options.restarts ?? 0,
          image: 'minio/minio',
          imageID: '',
          state: { running: {} },
        })),
      },
    },
    mergePatch,
  );
  return pod as { metadata: { uid: string } };
}

/** A kubelet event about a pod, last seen `at`; BackOff is a Warning, the rest Normal. */
export async function createEvent(
  kube: KubeCall,
  namespace: string,
  name: string,
  pod: { name: string; uid: string },
  at: string,
  reason: string,
) {
  await kube('POST', `/api/v1/namespaces/${namespace}/events`, {
    metadata: { name },
    involvedObject: { kind: 'Pod', apiVersion: 'v1', namespace, name: pod.name, uid: pod.uid },
    reason,
    message: `${reason} on ${pod.name}`,
    type: reason === 'BackOff' ? 'Warning' : 'Normal',
    firstTimestamp: at,
    lastTimestamp: at,
    count: 1,
    source: { component: 'kubelet' },
  });
}

/** A 10Gi claim of `storageClassName`, bound to volume `pv-{name}`. */
export async function createClaim(
  kube: KubeCall,
  namespace: string,
  name: string,
  labels: Record<string, string>,
  storageClassName: string,
) {
  await kube('POST', `/api/v1/namespaces/${namespace}/persistentvolumeclaims`, {
    metadata: { name, labels },
    spec: {
      accessModes: ['ReadWriteOnce'],
      storageClassName,
      volumeName: `pv-${name}`,
      resources: { requests: { storage: '10Gi' } },
    },
  });
  await kube(
    'PATCH',
    `/api/v1/namespaces/${namespace}/persistentvolumeclaims/${name}/status`,
    { status: { phase: 'Bound', capacity: { storage: '10Gi' } } },
    mergePatch,
  );
}
