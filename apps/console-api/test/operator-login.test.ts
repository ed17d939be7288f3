// Operator mode's login and session against a real kube-apiserver (packages/test-support/src/kube/cluster.mjs).
import { CoreV1Api } from '@kubernetes/client-node';
import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { fromKubeError, kubeConfigFor } from '../src/clients/kube.js';
import { type Harness, startHarness } from './harness.js';

let cluster: Cluster;
let h: Harness;
let adminToken: string;
let readOnlyToken: string;
beforeAll(async () => {
  cluster = await startCluster();
  [adminToken, readOnlyToken] = await Promise.all([
    cluster.createServiceAccountToken('stowage-system', 'console-admin', 'cluster-admin'),
    cluster.createReadOnlyToken(),
  ]);
  h = await startHarness({
    operator: { cluster: { server: cluster.server, caPem: cluster.caPem, namespace: 'stowage-system' } },
  });
});
afterAll(async () => {
  await h?.close();
  await cluster?.stop();
});

async function operatorLogin(jwt: string) {
  const res = await h.app.inject({ method: 'POST', url: '/api/v1/login/operator', payload: { jwt } });
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  return { res, cookie };
}

describe('operator mode login', () => {
  test('the login page asks for a service-account token', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/login' });
    expect(res.json()).toEqual({ loginStrategy: 'service-account' });
  });

  test('an admin service-account token: 204, and the session is operator with every right', async () => {
    const { res, cookie } = await operatorLogin(adminToken);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
    const session = await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    const body = session.json();
    expect(body.operator).toBe(true);
    expect(body.pages).toEqual(
      expect.arrayContaining(['/tenants', '/tenants/add', '/storage/drives', '/license']),
    );
    expect(body.pages).not.toContain('/buckets');
    expect(body.accessKey).toBe('system:serviceaccount:stowage-system:console-admin');
    expect(body.operatorPermissions).toEqual({
      readOnly: false,
      createTenant: true,
      updateTenant: true,
      deleteTenant: true,
      createNamespace: true,
      deletePod: true,
      formatDrives: true,
    });
    // The token stays on the server: neither the cookie nor any answer nor the log carries it.
    expect(cookie).not.toContain(adminToken);
    expect(session.body).not.toContain(adminToken);
    expect(h.logs.join('\n')).not.toContain(adminToken);
  });

  test('a junk token is 401 invalid Login and opens no session', async () => {
    const { res } = await operatorLogin(cluster.junkToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('invalid Login');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('a read-only token gets a read-only session', async () => {
    const { res, cookie } = await operatorLogin(readOnlyToken);
    expect(res.statusCode).toBe(204);
    const body = (await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } })).json();
    expect(body.operator).toBe(true);
    expect(body.operatorPermissions).toEqual({
      readOnly: true,
      createTenant: false,
      updateTenant: false,
      deleteTenant: false,
      createNamespace: false,
      deletePod: false,
      formatDrives: false,
    });
  });

  test("a read-only token's mutating Kubernetes call is 403, mapped to the console's error", async () => {
    const core = kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      readOnlyToken,
    );
    const err = await core
      .makeApiClient(CoreV1Api)
      .createNamespace({ body: { metadata: { name: 'not-allowed' } } })
      .catch((e: unknown) => e);
    const mapped = fromKubeError(err);
    expect(mapped.status).toBe(403);
    expect(mapped.body()).toEqual({
      message: 'forbidden',
      detailedMessage: expect.stringContaining('cannot create resource "namespaces"'),
    });
  });

  test('rights are asked again while the session lives; a token the cluster drops ends it', async () => {
    const eager = await startHarness({
      sessionRefreshSeconds: 0,
      operator: { cluster: { server: cluster.server, caPem: cluster.caPem, namespace: 'stowage-system' } },
    });
    try {
      const token = await cluster.createServiceAccountToken('short-lived', 'someone', 'cluster-admin');
      const login = await eager.app.inject({
        method: 'POST',
        url: '/api/v1/login/operator',
        payload: { jwt: token },
      });
      const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
      const session = () => eager.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
      expect((await session()).statusCode).toBe(200);
      // Deleting the service account revokes its tokens; the API server may go on accepting one
      // it authenticated within its token cache's lifetime (10 s), so ask until it stops.
      expect(
        (await cluster.api('DELETE', '/api/v1/namespaces/short-lived/serviceaccounts/someone')).status,
      ).toBe(200);
      await vi.waitFor(
        async () => {
          const after = await session();
          expect(after.statusCode).toBe(401);
          expect(after.json().detailedMessage).toMatch(/log in again/);
        },
        { timeout: 60_000, interval: 1000 },
      );
      expect((await session()).statusCode).toBe(401);
    } finally {
      await eager.close();
    }
  }, 90_000);

  test('the object-store login form is refused in operator mode', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { accessKey: 'someone', secretKey: 'something' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detailedMessage).toMatch(/operator mode/);
  });
});

describe('Kubernetes errors in the console shape', () => {
  const asAdmin = () =>
    kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      adminToken,
    ).makeApiClient(CoreV1Api);

  test('404 is not found, a duplicate is already exists, a junk token is unauthorized', async () => {
    const missing = await asAdmin()
      .readNamespace({ name: 'no-such-namespace' })
      .catch((e: unknown) => e);
    expect(fromKubeError(missing).body()).toEqual({
      message: 'not found',
      detailedMessage: 'namespaces "no-such-namespace" not found',
    });
    await asAdmin().createNamespace({ body: { metadata: { name: 'twice' } } });
    const duplicate = await asAdmin()
      .createNamespace({ body: { metadata: { name: 'twice' } } })
      .catch((e: unknown) => e);
    expect(fromKubeError(duplicate).status).toBe(409);
    expect(fromKubeError(duplicate).message).toBe('already exists');
    const junk = await kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      cluster.junkToken,
    )
      .makeApiClient(CoreV1Api)
      .listNamespace()
      .catch((e: unknown) => e);
    expect(fromKubeError(junk).body().message).toBe('unauthorized');
  });

  test('an unreachable API server is 503, not a crash', async () => {
    const err = await kubeConfigFor({ server: 'https://127.0.0.1:1', namespace: 'default' }, adminToken)
      .makeApiClient(CoreV1Api)
      .listNamespace()
      .catch((e: unknown) => e);
    const mapped = fromKubeError(err);
    expect(mapped.status).toBe(503);
    expect(mapped.message).toBe('the Kubernetes API server cannot be reached');
  });
});

describe('the object store is not served in operator mode', () => {
  test('store routes answer 404 "not available in operator mode", operator routes still work', async () => {
    const { cookie } = await operatorLogin(adminToken);
    for (const url of ['/api/v1/buckets', '/api/v1/users', '/api/v1/admin/info', '/api/v1/configs/region']) {
      const res = await h.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: 'not available in operator mode' });
      expect(res.json().detailedMessage).toContain('Manage Tenant');
    }
    const tenants = await h.app.inject({ method: 'GET', url: '/api/v1/tenants', headers: { cookie } });
    expect(tenants.statusCode).toBe(200);
  });

  test('a store socket closes at once with the reason', async () => {
    const { cookie } = await operatorLogin(adminToken);
    const ws = await h.app.injectWS('/ws/trace', { headers: { cookie } });
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    expect(closed.code).toBe(1008);
    expect(closed.reason).toContain('not available in operator mode');
  });
});
