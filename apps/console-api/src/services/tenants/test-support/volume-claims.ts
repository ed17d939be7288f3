/** An admin call to the API server that throws unless it succeeds (a test's own set-up). */
export type KubeSetup = (
  method: string,
  path: string,
  body?: unknown,
  contentType?: string,
) => Promise<unknown>;

/**
 * A bound claim of 10Gi as a tenant's StatefulSet would leave it: created, then its status
 * written (no controller binds it in the test cluster). `labels` carry `v1.min.io/tenant`.
 */
export async function createBoundClaim(
  kube: KubeSetup,
  namespace: string,
  name: string,
  labels: Record<string, string>,
  storageClassName: string,
): Promise<void> {
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
    'application/merge-patch+json',
  );
}
