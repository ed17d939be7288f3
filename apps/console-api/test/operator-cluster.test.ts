// Operator mode's cluster helpers against a real kube-apiserver (packages/test-support/src/kube/cluster.mjs):
// POST /namespace, GET /nodes/labels, GET …/resourcequotas/{ns}-storagequota and
// GET /cluster/max-allocatable-memory, each made with the logged-in user's own token.

import { type Cluster, NODES, STORAGE_CLASSES, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginOperatorAs, startHarness } from './harness.js';

const GiB = 2 ** 30;
let cluster: Cluster;
let h: Harness;
let admin: LoggedIn;
let viewer: LoggedIn;

beforeAll(async () => {
  cluster = await startCluster();
  const [adminToken, readOnlyToken] = await Promise.all([
    cluster.createServiceAccountToken('stowage-system', 'console-admin', 'cluster-admin'),
    cluster.createReadOnlyToken(),
  ]);
  h = await startHarness({
    operator: { cluster: { server: cluster.server, caPem: cluster.caPem, namespace: 'stowage-system' } },
  });
  [admin, viewer] = await Promise.all([
    loginOperatorAs(h.app, adminToken),
    loginOperatorAs(h.app, readOnlyToken),
  ]);
});
afterAll(async () => {
  await h?.close();
  await cluster?.stop();
});

describe('POST /namespace', () => {
  test('creates the namespace in the cluster', async () => {
    const res = await callAs(h.app, admin, 'POST', '/namespace', { name: 'tenant-one' });
    expect(res.statusCode).toBe(201);
    const read = await cluster.api('GET', '/api/v1/namespaces/tenant-one');
    expect(read.status).toBe(200);
  });

  test('an existing namespace is 409 "already exists", with the API server’s reason', async () => {
    await callAs(h.app, admin, 'POST', '/namespace', { name: 'twice' });
    const res = await callAs(h.app, admin, 'POST', '/namespace', { name: 'twice' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'already exists',
      detailedMessage: expect.stringContaining('"twice" already exists'),
    });
  });

  test('an empty name is refused before the cluster is asked', async () => {
    const res = await callAs(h.app, admin, 'POST', '/namespace', { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Namespace cannot be blank',
      detailedMessage: 'Namespace cannot be blank',
    });
  });

  test('a name Kubernetes refuses is 400 with its reason; a missing body is 400', async () => {
    const bad = await callAs(h.app, admin, 'POST', '/namespace', { name: 'Not_A_Name' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detailedMessage).toContain('Not_A_Name');
    const missing = await callAs(h.app, admin, 'POST', '/namespace', {});
    expect(missing.statusCode).toBe(400);
  });

  test('a read-only token is 403 "forbidden" and nothing is created', async () => {
    const res = await callAs(h.app, viewer, 'POST', '/namespace', { name: 'not-allowed' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'forbidden',
      detailedMessage: expect.stringContaining('cannot create resource "namespaces"'),
    });
    expect((await cluster.api('GET', '/api/v1/namespaces/not-allowed')).status).toBe(404);
  });

  test('needs a session and its CSRF token', async () => {
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/v1/namespace',
      payload: { name: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await h.app.inject({
      method: 'POST',
      url: '/api/v1/namespace',
      headers: { cookie: admin.cookie },
      payload: { name: 'x' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('GET /nodes/labels', () => {
  test('maps every node label to its distinct values, for admin and read-only alike', async () => {
    const expected = {
      'kubernetes.io/hostname': NODES.map((n) => n.name).sort(),
      'kubernetes.io/os': ['linux'],
      'topology.kubernetes.io/zone': ['zone-a', 'zone-b', 'zone-c'],
    };
    for (const who of [admin, viewer]) {
      const res = await callAs(h.app, who, 'GET', '/nodes/labels');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });
});

describe('GET /namespaces/{ns}/resourcequotas/{ns}-storagequota', () => {
  const storageKey = (cls: string) => `${cls}.storageclass.storage.k8s.io/requests.storage`;

  test('without a quota: every storage class, unlimited (2^63−1), none used', async () => {
    await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: 'no-quota' } });
    const res = await callAs(
      h.app,
      admin,
      'GET',
      '/namespaces/no-quota/resourcequotas/no-quota-storagequota',
    );
    expect(res.statusCode).toBe(200);
    // Go's int64 maximum, exact on the wire (a JS number would print 9223372036854776000).
    expect(res.body.match(/"hard":\d+/g)).toEqual(STORAGE_CLASSES.map(() => '"hard":9223372036854775807'));
    const body = res.json();
    expect(body.name).toBe('');
    expect(body.elements.map((e: { name: string }) => e.name).sort()).toEqual(
      STORAGE_CLASSES.map(storageKey).sort(),
    );
    for (const element of body.elements) {
      expect(element.hard).toBe(Number(2n ** 63n - 1n));
      expect(element.used).toBe(0);
    }
  });

  test('without a quota in a namespace that does not exist: 404', async () => {
    const res = await callAs(h.app, admin, 'GET', '/namespaces/nowhere/resourcequotas/nowhere-storagequota');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'not found',
      detailedMessage: expect.stringContaining('"nowhere" not found'),
    });
  });

  test('with a quota: the resources that have both a hard limit and a usage, in bytes', async () => {
    const ns = 'with-quota';
    const name = `${ns}-storagequota`;
    await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: ns } });
    const created = await cluster.api('POST', `/api/v1/namespaces/${ns}/resourcequotas`, {
      metadata: { name },
      spec: {
        hard: {
          [storageKey('standard')]: '100Gi',
          [storageKey('fast')]: '10Gi',
          'requests.cpu': '4',
        },
      },
    });
    expect(created.status).toBe(201);
    // No quota controller runs: write the status the way it would.
    const status = await cluster.api(
      'PATCH',
      `/api/v1/namespaces/${ns}/resourcequotas/${name}/status`,
      {
        status: {
          hard: { [storageKey('standard')]: '100Gi', [storageKey('fast')]: '10Gi', 'requests.cpu': '4' },
          used: { [storageKey('standard')]: '30Gi', 'requests.cpu': '500m' },
        },
      },
      'application/merge-patch+json',
    );
    expect(status.status).toBe(200);
    for (const who of [admin, viewer]) {
      const res = await callAs(h.app, who, 'GET', `/namespaces/${ns}/resourcequotas/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        name,
        elements: [
          { name: 'requests.cpu', hard: 4, used: 1 },
          { name: storageKey('standard'), hard: 100 * GiB, used: 30 * GiB },
        ],
      });
    }
  });
});

describe('GET /cluster/max-allocatable-memory (operator mode)', () => {
  test('the 4th largest allocatable memory among nodes that take pods, from the cluster', async () => {
    // node-5 (64 GiB) is NoSchedule: 32, 16, 16, 8 GiB remain.
    const res = await callAs(h.app, viewer, 'GET', '/cluster/max-allocatable-memory?num_nodes=4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ max_memory: 8 * GiB });
    const two = await callAs(h.app, admin, 'GET', '/cluster/max-allocatable-memory?num_nodes=4');
    expect(two.json()).toEqual({ max_memory: 8 * GiB });
  });

  test('fewer than 4 nodes is 507 with the spec’s message; more than the cluster has is 507 too', async () => {
    const few = await callAs(h.app, admin, 'GET', '/cluster/max-allocatable-memory?num_nodes=3');
    expect(few.statusCode).toBe(507);
    expect(few.json().message).toMatch(/4/);
    const many = await callAs(h.app, admin, 'GET', '/cluster/max-allocatable-memory?num_nodes=6');
    expect(many.statusCode).toBe(507);
  });
});
