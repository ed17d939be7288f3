// Operator mode's tenant list, detail and delete against a real kube-apiserver (packages/test-support/src/kube/cluster.mjs).
import type { CreateTenantRequest } from '@stowage/contract';
import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kubeConfigFor } from '../src/clients/kube.js';
import { createTenantObjects } from '../src/services/tenants/create-objects.js';
import { listTenants } from '../src/services/tenants/tenant-calls.js';
import { minimalCreateRequest } from '../src/services/tenants/test-support/create-request.js';
import { callAs, type Harness, type LoggedIn, startHarness } from './harness.js';

const GIB = 1024 ** 3;
const CONSOLE_NAMESPACE = 'stowage-system';

let cluster: Cluster;
let h: Harness;
let admin: LoggedIn;
let viewer: LoggedIn;
let adminToken: string;

async function operatorLogin(jwt: string): Promise<LoggedIn> {
  const res = await h.app.inject({ method: 'POST', url: '/api/v1/login/operator', payload: { jwt } });
  if (res.statusCode !== 204) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  const session = await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
  return { cookie, csrf: session.json().csrfToken, setCookie };
}

/** An admin call that must succeed: the test's own set-up, straight to the API server. */
async function kube(method: string, path: string, body?: unknown, contentType?: string) {
  const res = await cluster.api(method, path, body, contentType);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function pool(name: string, servers: number, volumes: number, size: number) {
  return {
    name,
    servers,
    volumes_per_server: volumes,
    volume_configuration: { size, storage_class_name: 'standard' },
    resources: { requests: { memory: 2 * GIB }, limits: { memory: 4 * GIB } },
  };
}

/** A tenant as the Create Tenant wizard would write it: its secrets, then the Tenant. */
async function createTenant(namespace: string, name: string, pools: CreateTenantRequest['pools']) {
  await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: namespace } });
  const plan = createTenantObjects(minimalCreateRequest({ name, namespace, pools }), {
    defaultImage: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
  });
  for (const step of plan.steps) {
    const path =
      step.kind === 'Tenant'
        ? `/apis/minio.min.io/v2/namespaces/${namespace}/tenants`
        : `/api/v1/namespaces/${namespace}/secrets`;
    await kube('POST', path, step.object);
  }
}

/** A Service with a load-balancer address, as the cloud would give it. */
async function createService(namespace: string, name: string, ip: string) {
  await kube('POST', `/api/v1/namespaces/${namespace}/services`, {
    metadata: { name },
    spec: { type: 'LoadBalancer', ports: [{ port: 443 }] },
  });
  await kube(
    'PATCH',
    `/api/v1/namespaces/${namespace}/services/${name}/status`,
    { status: { loadBalancer: { ingress: [{ ip }] } } },
    'application/merge-patch+json',
  );
}

async function createClaim(namespace: string, name: string, labels: Record<string, string>) {
  await kube('POST', `/api/v1/namespaces/${namespace}/persistentvolumeclaims`, {
    metadata: { name, labels },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
  });
}

/** Names of what is left (a claim kept only by its protection finalizer counts as gone). */
async function remaining(namespace: string, resource: 'persistentvolumeclaims' | 'secrets') {
  const list = (await kube('GET', `/api/v1/namespaces/${namespace}/${resource}`)) as {
    items: { metadata: { name: string; deletionTimestamp?: string } }[];
  };
  return list.items
    .filter((item) => !item.metadata.deletionTimestamp)
    .map((item) => item.metadata.name)
    .sort();
}

beforeAll(async () => {
  cluster = await startCluster();
  let readOnlyToken: string;
  [adminToken, readOnlyToken] = await Promise.all([
    cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'console-admin', 'cluster-admin'),
    cluster.createReadOnlyToken(),
  ]);
  h = await startHarness({
    operator: { cluster: { server: cluster.server, caPem: cluster.caPem, namespace: CONSOLE_NAMESPACE } },
  });
  [admin, viewer] = await Promise.all([operatorLogin(adminToken), operatorLogin(readOnlyToken)]);
  await createTenant('ns-a', 'tenant-a', [pool('pool-0', 4, 1, 100 * GIB)]);
  await createTenant('ns-b', 'tenant-b', [pool('pool-0', 4, 1, 100 * GIB), pool('pool-1', 6, 2, 10 * GIB)]);
  await cluster.setTenantStatus('ns-a', 'tenant-a', {
    currentState: 'Initialized',
    healthStatus: 'green',
    drivesOnline: 4,
    writeQuorum: 3,
  });
  await cluster.setTenantStatus('ns-b', 'tenant-b', {
    currentState: 'Provisioning MinIO',
    healthStatus: 'yellow',
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await cluster?.stop();
});

describe('tenant list', () => {
  test('GET /tenants lists every namespace with the sizes, state and health', async () => {
    const res = await callAs(h.app, admin, 'GET', '/tenants');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    const byName = Object.fromEntries(body.tenants.map((t: { name: string }) => [t.name, t]));
    expect(byName['tenant-a']).toMatchObject({
      namespace: 'ns-a',
      total_size: 400 * GIB,
      pool_count: 1,
      instance_count: 4,
      volume_count: 4,
      currentState: 'Initialized',
      health_status: 'green',
    });
    expect(byName['tenant-b']).toMatchObject({
      namespace: 'ns-b',
      total_size: 400 * GIB + 120 * GIB,
      pool_count: 2,
      instance_count: 10,
      volume_count: 16,
      currentState: 'Provisioning MinIO',
      health_status: 'yellow',
    });
    expect(Date.parse(byName['tenant-a'].creation_date)).not.toBeNaN();
  });

  test('GET /namespaces/{ns}/tenants lists that namespace only; an empty one is an empty list', async () => {
    const res = await callAs(h.app, admin, 'GET', '/namespaces/ns-b/tenants');
    expect(res.statusCode).toBe(200);
    expect(res.json().tenants.map((t: { name: string }) => t.name)).toEqual(['tenant-b']);
    const empty = await callAs(h.app, admin, 'GET', '/namespaces/nothing-here/tenants');
    expect(empty.json()).toEqual({ tenants: [], total: 0 });
  });

  test('a list longer than one page is followed to its end (no silent cut)', async () => {
    const kc = kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      adminToken,
    );
    const all = await listTenants(kc, undefined, 1);
    expect(all.total).toBe(2);
    expect(all.tenants.map((t) => t.name).sort()).toEqual(['tenant-a', 'tenant-b']);
  });

  test('a read-only token may list tenants', async () => {
    const res = await callAs(h.app, viewer, 'GET', '/tenants');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
  });
});

describe('tenant detail', () => {
  test('sizes, pools, health and endpoints from the tenant, its secrets and its Services', async () => {
    await createService('ns-a', 'minio', '10.0.0.5');
    await createService('ns-a', 'tenant-a-console', '10.0.0.6');
    const res = await callAs(h.app, admin, 'GET', '/namespaces/ns-a/tenants/tenant-a');
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      name: 'tenant-a',
      namespace: 'ns-a',
      image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
      currentState: 'Initialized',
      total_size: 400 * GIB,
      total_instances: 4,
      total_volumes: 4,
      endpoints: { minio: 'https://10.0.0.5', console: 'https://10.0.0.6:9443' },
      status: { health_status: 'green', drives_online: 4, write_quorum: 3 },
      minioTLS: true,
      consoleEnabled: true,
      enable_prometheus: true,
    });
    expect(detail.pools).toHaveLength(1);
    expect(detail.pools[0]).toMatchObject({ name: 'pool-0', servers: 4, volumes_per_server: 1 });
  });

  test('missing Services leave the endpoints empty instead of failing the page', async () => {
    const res = await callAs(h.app, viewer, 'GET', '/namespaces/ns-b/tenants/tenant-b');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total_instances: 10,
      total_volumes: 16,
      endpoints: { minio: '', console: '' },
      status: { health_status: 'yellow' },
    });
  });

  test('a tenant that does not exist is 404', async () => {
    const res = await callAs(h.app, admin, 'GET', '/namespaces/ns-a/tenants/no-such-tenant');
    expect(res.statusCode).toBe(404);
  });
});

describe('tenant delete', () => {
  test('a read-only token is refused with 403 forbidden and the tenant stays', async () => {
    const res = await callAs(h.app, viewer, 'DELETE', '/namespaces/ns-a/tenants/tenant-a', {
      delete_pvcs: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'forbidden' });
    expect(res.json().detailedMessage).toContain('cannot delete resource "tenants"');
    expect((await callAs(h.app, admin, 'GET', '/namespaces/ns-a/tenants/tenant-a')).statusCode).toBe(200);
  });

  test('a token that may delete the tenant but not its claims is refused before anything goes', async () => {
    await kube('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', {
      metadata: { name: 'tenant-deleter' },
      rules: [{ apiGroups: ['minio.min.io'], resources: ['tenants'], verbs: ['get', 'list', 'delete'] }],
    });
    const deleter = await operatorLogin(
      await cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'tenant-deleter', 'tenant-deleter'),
    );
    await createClaim('ns-a', 'data-1', { 'v1.min.io/tenant': 'tenant-a' });
    const res = await callAs(h.app, deleter, 'DELETE', '/namespaces/ns-a/tenants/tenant-a', {
      delete_pvcs: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'forbidden',
      detailedMessage: 'cannot deletecollection resource "persistentvolumeclaims" in the namespace "ns-a"',
    });
    expect((await callAs(h.app, admin, 'GET', '/namespaces/ns-a/tenants/tenant-a')).statusCode).toBe(200);
    expect(await remaining('ns-a', 'persistentvolumeclaims')).toContain('data-1');
  });

  test('a tenant that does not exist is 404, and nothing else is touched', async () => {
    await createClaim('ns-a', 'keep-me', { 'v1.min.io/tenant': 'no-such-tenant' });
    const res = await callAs(h.app, admin, 'DELETE', '/namespaces/ns-a/tenants/no-such-tenant', {
      delete_pvcs: true,
    });
    expect(res.statusCode).toBe(404);
    expect(await remaining('ns-a', 'persistentvolumeclaims')).toContain('keep-me');
  });

  test('without delete_pvcs the tenant goes and its claims and secrets stay', async () => {
    await createClaim('ns-b', 'data-tenant-b', { 'v1.min.io/tenant': 'tenant-b' });
    const secretsBefore = await remaining('ns-b', 'secrets');
    const res = await callAs(h.app, admin, 'DELETE', '/namespaces/ns-b/tenants/tenant-b', {
      delete_pvcs: false,
    });
    expect(res.statusCode).toBe(204);
    expect((await callAs(h.app, admin, 'GET', '/namespaces/ns-b/tenants/tenant-b')).statusCode).toBe(404);
    expect(await remaining('ns-b', 'persistentvolumeclaims')).toEqual(['data-tenant-b']);
    expect(await remaining('ns-b', 'secrets')).toEqual(secretsBefore);
  });

  test('with delete_pvcs the tenant, its data, log and Prometheus claims and its secrets go', async () => {
    await createClaim('ns-a', 'data-0', { 'v1.min.io/tenant': 'tenant-a' });
    await createClaim('ns-a', 'log-0', { 'v1.min.io/log-pg': 'tenant-a-log' });
    await createClaim('ns-a', 'prometheus-0', { 'v1.min.io/prometheus': 'tenant-a-prometheus' });
    await createClaim('ns-a', 'other-0', { 'v1.min.io/tenant': 'other' });
    await kube('POST', '/api/v1/namespaces/ns-a/secrets', { metadata: { name: 'unrelated' } });
    expect(await remaining('ns-a', 'secrets')).toContain('tenant-a-secret');

    const res = await callAs(h.app, admin, 'DELETE', '/namespaces/ns-a/tenants/tenant-a', {
      delete_pvcs: true,
    });
    expect(res.statusCode).toBe(204);
    expect((await callAs(h.app, admin, 'GET', '/namespaces/ns-a/tenants/tenant-a')).statusCode).toBe(404);
    expect(await remaining('ns-a', 'persistentvolumeclaims')).toEqual(['keep-me', 'other-0']);
    // data-1 was made by the refused-delete test and goes with the tenant now.
    expect(await remaining('ns-a', 'secrets')).toEqual(['unrelated']);
    const list = await callAs(h.app, admin, 'GET', '/tenants');
    expect(list.json()).toEqual({ tenants: [], total: 0 });
  });
});
