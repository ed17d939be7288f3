import type { CoreV1Event, V1PersistentVolumeClaim, V1Pod } from '@kubernetes/client-node';
import type { PodEvent, TenantPod, VolumeClaim } from '@stowage/contract';
import { ApiError } from '../../http/errors.js';
import { TENANT_LABEL } from './kube-types.js';

// The tenant's pods, their events and its volume claims as the pages list them, and the label
// selectors the delete calls use (operator.md §1.5, §2).

const epochSeconds = (value: Date | string | undefined) =>
  value === undefined ? 0 : Math.floor(new Date(value).getTime() / 1000);

export const tenantSelector = (tenant: string) => `${TENANT_LABEL}=${tenant}`;

/** Claims deleted with a tenant when asked: its data, its Log Search database and its Prometheus. */
export function tenantClaimSelectors(tenant: string): string[] {
  return [
    tenantSelector(tenant),
    `v1.min.io/log-pg=${tenant}-log`,
    `v1.min.io/prometheus=${tenant}-prometheus`,
  ];
}

export function podView(pod: V1Pod): TenantPod {
  return {
    name: pod.metadata?.name ?? '',
    status: pod.status?.phase ?? '',
    timeCreated: epochSeconds(pod.metadata?.creationTimestamp),
    podIP: pod.status?.podIP ?? '',
    restarts: pod.status?.containerStatuses?.[0]?.restartCount ?? 0,
    node: pod.spec?.nodeName ?? '',
  };
}

/** The annotation naming a pod's default container (kubectl's convention). */
export const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

/** The container whose log a pod's page shows: the annotated default, else the first. */
export function podLogContainer(pod: V1Pod): string {
  const containers = (pod.spec?.containers ?? []).map((c) => c.name);
  const annotated = pod.metadata?.annotations?.[DEFAULT_CONTAINER_ANNOTATION];
  return annotated && containers.includes(annotated) ? annotated : (containers[0] ?? '');
}

/** Whether a pod carries the tenant's label: the only pods a tenant's pages may read or delete. */
export const belongsToTenant = (pod: V1Pod, tenant: string) =>
  pod.metadata?.labels?.[TENANT_LABEL] === tenant;

/** Events of one pod, oldest first (by last occurrence). */
export function podEventViews(events: CoreV1Event[]): PodEvent[] {
  return events
    .map((event) => ({
      namespace: event.metadata?.namespace ?? event.involvedObject?.namespace ?? '',
      last_seen: epochSeconds(event.lastTimestamp ?? event.eventTime ?? event.metadata?.creationTimestamp),
      message: event.message ?? '',
      event_type: event.type ?? '',
      reason: event.reason ?? '',
    }))
    .sort((a, b) => a.last_seen - b.last_seen);
}

export function volumeClaimView(claim: V1PersistentVolumeClaim): VolumeClaim {
  return {
    name: claim.metadata?.name ?? '',
    namespace: claim.metadata?.namespace ?? '',
    status: claim.status?.phase ?? '',
    capacity: String(claim.status?.capacity?.storage ?? ''),
    storageClass: claim.spec?.storageClassName ?? '',
    volume: claim.spec?.volumeName ?? '',
    tenant: claim.metadata?.labels?.[TENANT_LABEL] ?? '',
    age: claim.metadata?.creationTimestamp ? new Date(claim.metadata.creationTimestamp).toISOString() : '',
  };
}

/**
 * The selectors of DELETE …/pods/{pod}: a deletecollection limited to the tenant's label and the
 * pod's name, so the call can only ever remove one of that tenant's pods.
 */
export function tenantPodDeletion(
  tenant: string,
  pod: string,
): { labelSelector: string; fieldSelector: string } {
  if (!pod.startsWith(tenant))
    throw new ApiError('notFound', `pod ${pod} does not belong to tenant ${tenant}`, 'not found');
  return { labelSelector: tenantSelector(tenant), fieldSelector: `metadata.name=${pod}` };
}
