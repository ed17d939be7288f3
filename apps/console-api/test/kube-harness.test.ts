// The real Kubernetes test harness itself (packages/test-support/src/kube/cluster.mjs): what operator-mode tests rely on.
import { CoreV1Api, CustomObjectsApi, KubeConfig } from '@kubernetes/client-node';
import { type Cluster, NODES, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let cluster: Cluster;
let kc: KubeConfig;
beforeAll(async () => {
  cluster = await startCluster();
  kc = new KubeConfig();
  kc.loadFromFile(cluster.kubeconfigPath);
});
afterAll(async () => cluster?.stop());

describe('the kube-apiserver harness', () => {
  test('the Tenant and direct-csi CRDs are Established', async () => {
    for (const name of [
      'tenants.minio.min.io',
      'directcsidrives.direct.csi.min.io',
      'directcsivolumes.direct.csi.min.io',
    ]) {
      const res = await cluster.api('GET', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`);
      expect(res.status).toBe(200);
      expect(res.body.status.conditions).toContainEqual(
        expect.objectContaining({ type: 'Established', status: 'True' }),
      );
    }
  });

  test('client-node lists no tenants yet and creates a namespace', async () => {
    const custom = kc.makeApiClient(CustomObjectsApi);
    const list = await custom.listClusterCustomObject({
      group: 'minio.min.io',
      version: 'v2',
      plural: 'tenants',
    });
    expect((list as { items: unknown[] }).items).toEqual([]);
    const core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'harness-ns' } } });
    const ns = await core.readNamespace({ name: 'harness-ns' });
    expect(ns.metadata?.name).toBe('harness-ns');
  });

  test('nodes carry allocatable memory, labels and one NoSchedule taint', async () => {
    const nodes = await kc.makeApiClient(CoreV1Api).listNode();
    expect(nodes.items.map((n) => n.metadata?.name).sort()).toEqual(NODES.map((n) => n.name));
    const tainted = nodes.items.filter((n) => n.spec?.taints?.some((t) => t.effect === 'NoSchedule'));
    expect(tainted.map((n) => n.metadata?.name)).toEqual(['node-5']);
    const node1 = nodes.items.find((n) => n.metadata?.name === 'node-1');
    expect(node1?.status?.allocatable?.memory).toBe(String(8 * 1024 ** 3));
    expect(node1?.metadata?.labels?.['topology.kubernetes.io/zone']).toBe('zone-a');
  });

  test('a Tenant is validated by its CRD schema, and its status is written as the operator would', async () => {
    const custom = kc.makeApiClient(CustomObjectsApi);
    await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: 'tenant-ns' } } });
    const tenant = (servers: unknown) => ({
      apiVersion: 'minio.min.io/v2',
      kind: 'Tenant',
      metadata: { name: 'storage-lite' },
      spec: {
        pools: [
          {
            servers,
            volumesPerServer: 1,
            volumeClaimTemplate: {
              metadata: { name: 'data' },
              spec: { resources: { requests: { storage: '1Gi' } } },
            },
          },
        ],
      },
    });
    const target = { group: 'minio.min.io', version: 'v2', namespace: 'tenant-ns', plural: 'tenants' };
    await expect(
      custom.createNamespacedCustomObject({ ...target, body: tenant('four') }),
    ).rejects.toMatchObject({
      code: 422,
    });
    await custom.createNamespacedCustomObject({ ...target, body: tenant(4) });
    const written = await cluster.setTenantStatus('tenant-ns', 'storage-lite', {
      currentState: 'Initialized',
      healthStatus: 'green',
    });
    expect(written.status).toMatchObject({
      currentState: 'Initialized',
      healthStatus: 'green',
      availableReplicas: 0,
    });
    const read = (await custom.getNamespacedCustomObject({ ...target, name: 'storage-lite' })) as {
      status: { currentState: string };
    };
    expect(read.status.currentState).toBe('Initialized');
  });

  test('a pod log travels from the fake kubelet through the API server', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'logs-ns' } } });
    await core.createNamespacedPod({
      namespace: 'logs-ns',
      body: {
        metadata: { name: 'minio-0' },
        spec: { nodeName: 'node-2', containers: [{ name: 'minio', image: 'minio/minio' }] },
      },
    });
    cluster.setPodLog('logs-ns', 'minio-0', 'minio', 'API: http://127.0.0.1:9000\n');
    const log = await core.readNamespacedPodLog({ name: 'minio-0', namespace: 'logs-ns' });
    expect(log).toBe('API: http://127.0.0.1:9000\n');
  });

  test('service-account tokens: admin, read-only and junk are told apart by the API server', async () => {
    const admin = await cluster.createServiceAccountToken('harness-sa', 'admin', 'cluster-admin');
    const readOnly = await cluster.createReadOnlyToken();
    const asUser = (token: string) => {
      const user = new KubeConfig();
      user.loadFromOptions({
        clusters: [
          { name: 'c', server: cluster.server, caData: Buffer.from(cluster.caPem).toString('base64') },
        ],
        users: [{ name: 'u', token }],
        contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
        currentContext: 'x',
      });
      return user.makeApiClient(CoreV1Api);
    };
    await expect(asUser(admin).listNamespace()).resolves.toBeTruthy();
    await expect(asUser(readOnly).listNamespace()).resolves.toBeTruthy();
    await expect(
      asUser(readOnly).createNamespace({ body: { metadata: { name: 'nope' } } }),
    ).rejects.toMatchObject({
      code: 403,
    });
    await expect(asUser(cluster.junkToken).listNamespace()).rejects.toMatchObject({ code: 401 });
  });
});
