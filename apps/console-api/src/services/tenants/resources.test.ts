import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.js';
import {
  belongsToTenant,
  podEventViews,
  podLogContainer,
  podView,
  tenantClaimSelectors,
  tenantPodDeletion,
  volumeClaimView,
} from './resources.js';

describe('tenant pods, events and claims', () => {
  it('lists a pod with its phase, age, address, first container restarts and node', () => {
    expect(
      podView({
        metadata: { name: 'tenant-a-pool-0-0', creationTimestamp: new Date('2021-09-08T10:00:00Z') },
        spec: { containers: [], nodeName: 'node-1' },
        status: { phase: 'Running', podIP: '10.1.0.4', containerStatuses: [{ restartCount: 3 } as never] },
      }),
    ).toEqual({
      name: 'tenant-a-pool-0-0',
      status: 'Running',
      timeCreated: 1631095200,
      podIP: '10.1.0.4',
      restarts: 3,
      node: 'node-1',
    });
    expect(podView({})).toEqual({ name: '', status: '', timeCreated: 0, podIP: '', restarts: 0, node: '' });
  });

  it('sorts events by when they were last seen, oldest first', () => {
    const event = (reason: string, at: string) => ({
      metadata: { namespace: 'ns-a' },
      involvedObject: {},
      lastTimestamp: new Date(at),
      reason,
      message: `${reason} happened`,
      type: 'Normal',
    });
    const views = podEventViews([
      event('Started', '2021-09-08T10:02:00Z'),
      event('Pulled', '2021-09-08T10:01:00Z'),
    ]);
    expect(views.map((v) => v.reason)).toEqual(['Pulled', 'Started']);
    expect(views[0]).toEqual({
      namespace: 'ns-a',
      last_seen: 1631095260,
      message: 'Pulled happened',
      event_type: 'Normal',
      reason: 'Pulled',
    });
  });

  it('shows a claim with its bound capacity, class, volume and tenant', () => {
    expect(
      volumeClaimView({
        metadata: {
          name: 'data-tenant-a-pool-0-0',
          namespace: 'ns-a',
          labels: { 'v1.min.io/tenant': 'tenant-a' },
          creationTimestamp: new Date('2021-09-08T10:00:00Z'),
        },
        spec: { storageClassName: 'fast', volumeName: 'pvc-123' },
        status: { phase: 'Bound', capacity: { storage: '100Gi' } },
      }),
    ).toEqual({
      name: 'data-tenant-a-pool-0-0',
      namespace: 'ns-a',
      status: 'Bound',
      capacity: '100Gi',
      storageClass: 'fast',
      volume: 'pvc-123',
      tenant: 'tenant-a',
      age: '2021-09-08T10:00:00.000Z',
    });
  });

  it("limits a pod deletion to the tenant's label and the pod's name", () => {
    expect(tenantPodDeletion('tenant-a', 'tenant-a-pool-0-1')).toEqual({
      labelSelector: 'v1.min.io/tenant=tenant-a',
      fieldSelector: 'metadata.name=tenant-a-pool-0-1',
    });
    expect(() => tenantPodDeletion('tenant-a', 'kube-apiserver')).toThrow(ApiError);
  });

  it("reads the log of the annotated default container, else the pod's first", () => {
    const containers = [{ name: 'sidecar' }, { name: 'minio' }];
    expect(podLogContainer({ spec: { containers } })).toBe('sidecar');
    const annotated = (name: string) => ({
      metadata: { annotations: { 'kubectl.kubernetes.io/default-container': name } },
      spec: { containers },
    });
    expect(podLogContainer(annotated('minio'))).toBe('minio');
    expect(podLogContainer(annotated('not-there'))).toBe('sidecar');
    expect(podLogContainer({})).toBe('');
  });

  it("recognises a tenant's pods by their tenant label only", () => {
    const pod = { metadata: { name: 'tenant-a-pool-0-0', labels: { 'v1.min.io/tenant': 'tenant-a' } } };
    expect(belongsToTenant(pod, 'tenant-a')).toBe(true);
    expect(belongsToTenant(pod, 'tenant')).toBe(false);
    expect(belongsToTenant({ metadata: { name: 'tenant-a-x' } }, 'tenant-a')).toBe(false);
  });

  it('deletes data, Log Search and Prometheus claims with a tenant', () => {
    expect(tenantClaimSelectors('t1')).toEqual([
      'v1.min.io/tenant=t1',
      'v1.min.io/log-pg=t1-log',
      'v1.min.io/prometheus=t1-prometheus',
    ]);
  });
});
